import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { AuditAction } from '@app/shared';
import { UserEntity } from '../../users';

/**
 * One admin action on a listing: who, what, when, and the changed fields before and after. The listing
 * id is kept without a foreign key so the trail outlives a deleted listing.
 */
@Entity({ name: 'audit_log' })
export class AuditLogEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_audit_log_actor')
  @Column({ type: 'int', nullable: true })
  actorId: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'actorId', foreignKeyConstraintName: 'FK_audit_log_actor' })
  actor?: UserEntity | null;

  @Column({ type: 'varchar', length: 30 })
  action: AuditAction;

  @Index('IDX_audit_log_vehicle')
  @Column({ type: 'int', nullable: true })
  vehicleId: number | null;

  @Column({ type: 'simple-json' })
  before: Record<string, unknown>;

  @Column({ type: 'simple-json' })
  after: Record<string, unknown>;

  @CreateDateColumn()
  createdAt: Date;
}
