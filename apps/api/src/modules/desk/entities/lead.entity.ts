import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { FeeState, LeadSource, LeadState, LostReason } from '@app/shared';
import { decimalToNumber } from '../../../infra/database/transformers';
import { UserEntity } from '../../users';
import { VehicleEntity } from '../../vehicles';

/**
 * A buyer's contact worked by the desk: linked to its listing, assigned to an associate, moved through its
 * states to sold (with its success fee) or lost (with a reason). LeadsService is the only writer.
 */
@Entity({ name: 'leads' })
@Index('IDX_leads_response_due', ['firstResponseAt', 'responseDueAt'])
export class LeadEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_leads_vehicle')
  @Column({ type: 'int' })
  vehicleId: number;

  @ManyToOne(() => VehicleEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'vehicleId', foreignKeyConstraintName: 'FK_leads_vehicle' })
  vehicle?: VehicleEntity;

  @Column({ type: 'varchar', length: 12 })
  source: LeadSource;

  @Index('IDX_leads_state')
  @Column({ type: 'varchar', length: 12, default: 'new' })
  state: LeadState;

  @Column({ type: 'varchar', length: 130 })
  buyerName: string;

  @Column({ type: 'varchar', length: 254, nullable: true })
  buyerEmail: string | null;

  @Column({ type: 'varchar', length: 30, nullable: true })
  buyerPhone: string | null;

  @Column({ type: 'varchar', length: 200 })
  subject: string;

  /** The contact form message the lead came from. */
  @Column({ type: 'int', nullable: true })
  contactMessageId: number | null;

  @Index('IDX_leads_assigned')
  @Column({ type: 'int', nullable: true })
  assignedToId: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'assignedToId', foreignKeyConstraintName: 'FK_leads_assigned' })
  assignedTo?: UserEntity | null;

  @Column({ type: 'varchar', length: 30, nullable: true })
  lostReason: LostReason | null;

  @Column({ type: 'datetime' })
  responseDueAt: Date;

  @Column({ type: 'datetime', nullable: true })
  firstResponseAt: Date | null;

  /** When the overdue first response was escalated to admins (once per lead). */
  @Column({ type: 'datetime', nullable: true })
  escalatedAt: Date | null;

  @Column({ type: 'decimal', precision: 10, scale: 2, nullable: true, transformer: decimalToNumber })
  salePrice: number | null;

  @Column({ type: 'decimal', precision: 10, scale: 2, nullable: true, transformer: decimalToNumber })
  feeAmount: number | null;

  @Index('IDX_leads_fee_state')
  @Column({ type: 'varchar', length: 10, nullable: true })
  feeState: FeeState | null;

  @Column({ type: 'datetime', nullable: true })
  feeUpdatedAt: Date | null;

  @Column({ type: 'datetime', nullable: true })
  soldAt: Date | null;

  /** The financing answers, sealed with AES-256-GCM under the application key (financing-seal.ts); null once erased. */
  @Column({ type: 'text', nullable: true })
  financingSealed: string | null;

  @Column({ type: 'datetime', nullable: true })
  financingErasedAt: Date | null;

  @Index('IDX_leads_created')
  @CreateDateColumn()
  createdAt: Date;

  @UpdateDateColumn()
  updatedAt: Date;
}
