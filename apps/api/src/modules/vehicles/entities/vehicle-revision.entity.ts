import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { RevisableFields } from '@app/shared';
import { UserEntity } from '../../users';
import { VehicleEntity } from './vehicle.entity';

export const REVISION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RevisionStatus = (typeof REVISION_STATUSES)[number];

/**
 * A seller's changes to a live listing that wait for staff while the approved version stays public. At most
 * one pending revision per listing (a newer edit replaces it); decided ones stay as the record.
 */
@Entity({ name: 'vehicle_revisions' })
@Index('IDX_vehicle_revisions_status', ['status', 'createdAt'])
@Index('IDX_vehicle_revisions_vehicle', ['vehicleId', 'status'])
export class VehicleRevisionEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  vehicleId: number;

  @ManyToOne(() => VehicleEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'vehicleId', foreignKeyConstraintName: 'FK_vehicle_revisions_vehicle' })
  vehicle?: VehicleEntity;

  /** The seller who proposed it (null once the account is deleted). */
  @Column({ type: 'int', nullable: true })
  authorId: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'authorId', foreignKeyConstraintName: 'FK_vehicle_revisions_author' })
  author?: UserEntity | null;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status: RevisionStatus;

  /** The proposed values of the changed fields. */
  @Column({ type: 'simple-json' })
  changes: Partial<RevisableFields>;

  @Column({ type: 'varchar', length: 40, nullable: true })
  rejectionReason: string | null;

  @Column({ type: 'text', nullable: true })
  rejectionNote: string | null;

  /** The admin who decided (no foreign key: the record outlives the account). */
  @Column({ type: 'int', nullable: true })
  decidedBy: number | null;

  @Column({ type: 'datetime', nullable: true })
  decidedAt: Date | null;

  @CreateDateColumn()
  createdAt: Date;
}
