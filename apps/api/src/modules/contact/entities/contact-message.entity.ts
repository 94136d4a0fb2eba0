import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { UserEntity } from '../../users';
import { VehicleEntity } from '../../vehicles';

/** A buyer's message about a listing (the contact payload of SPEC.md section 3), handled by staff. */
@Entity({ name: 'contact_messages' })
export class ContactMessageEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_contact_messages_vehicle')
  @Column({ type: 'int' })
  vehicleId: number;

  @ManyToOne(() => VehicleEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'vehicleId', foreignKeyConstraintName: 'FK_contact_messages_vehicle' })
  vehicle?: VehicleEntity;

  /** The listing's seller at the time of the message. */
  @Index('IDX_contact_messages_seller')
  @Column({ type: 'int' })
  sellerId: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'sellerId', foreignKeyConstraintName: 'FK_contact_messages_seller' })
  seller?: UserEntity;

  @Column({ type: 'varchar', length: 130 })
  senderName: string;

  @Column({ type: 'varchar', length: 60 })
  senderFirstName: string;

  @Column({ type: 'varchar', length: 60 })
  senderLastName: string;

  @Column({ type: 'varchar', length: 254 })
  senderEmail: string;

  @Column({ type: 'varchar', length: 30, nullable: true })
  senderPhone: string | null;

  @Column({ type: 'varchar', length: 200 })
  subject: string;

  @Column({ type: 'text' })
  message: string;

  @Column({ type: 'boolean', default: false })
  isFinancingInterest: boolean;

  @Column({ type: 'boolean', default: false })
  isTradeInInterest: boolean;

  /** Truncated like page visits; kept for abuse handling. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  ipAddress: string | null;

  @Index('IDX_contact_messages_handled')
  @Column({ type: 'datetime', nullable: true })
  handledAt: Date | null;

  @Column({ type: 'int', nullable: true })
  handledById: number | null;

  @Index('IDX_contact_messages_created')
  @CreateDateColumn()
  createdAt: Date;
}
