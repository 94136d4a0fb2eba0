import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { LeadEntity } from './lead.entity';

/** One message of a lead's conversation: the buyer's (in: the form, a mailed answer) or staff's reply (out). */
@Entity({ name: 'lead_messages' })
export class LeadMessageEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_lead_messages_lead')
  @Column({ type: 'int' })
  leadId: number;

  @ManyToOne(() => LeadEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'leadId', foreignKeyConstraintName: 'FK_lead_messages_lead' })
  lead?: LeadEntity;

  @Column({ type: 'varchar', length: 3 })
  direction: 'in' | 'out';

  @Column({ type: 'text' })
  body: string;

  /** The staff user who wrote a reply; null for the buyer's messages. */
  @Column({ type: 'int', nullable: true })
  authorId: number | null;

  @Column({ type: 'varchar', length: 130 })
  authorName: string;

  @CreateDateColumn()
  createdAt: Date;
}
