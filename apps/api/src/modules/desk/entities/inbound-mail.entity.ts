import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** An e-mail the inbound receiver could not thread onto a lead (no reply address of ours): kept for staff. */
@Entity({ name: 'inbound_mail' })
export class InboundMailEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 254 })
  fromAddress: string;

  @Column({ type: 'varchar', length: 500 })
  toAddress: string;

  @Column({ type: 'varchar', length: 250 })
  subject: string;

  @Column({ type: 'text' })
  body: string;

  @Index('IDX_inbound_mail_received')
  @CreateDateColumn()
  receivedAt: Date;
}
