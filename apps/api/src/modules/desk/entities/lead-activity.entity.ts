import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { LeadTrailKind } from '@app/shared';
import { UserEntity } from '../../users';
import { LeadEntity } from './lead.entity';

/**
 * A lead's trail: what staff logged (call, text, note, task with its due time) and every change the desk made
 * (state, assignee, fee, escalation), with who and when: the audit trail of the desk.
 */
@Entity({ name: 'lead_activities' })
export class LeadActivityEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_lead_activities_lead')
  @Column({ type: 'int' })
  leadId: number;

  @ManyToOne(() => LeadEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'leadId', foreignKeyConstraintName: 'FK_lead_activities_lead' })
  lead?: LeadEntity;

  @Column({ type: 'varchar', length: 20 })
  kind: LeadTrailKind;

  @Column({ type: 'text', nullable: true })
  body: string | null;

  @Column({ type: 'datetime', nullable: true })
  dueAt: Date | null;

  @Column({ type: 'int', nullable: true })
  actorId: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'actorId', foreignKeyConstraintName: 'FK_lead_activities_actor' })
  actor?: UserEntity | null;

  @CreateDateColumn()
  createdAt: Date;
}
