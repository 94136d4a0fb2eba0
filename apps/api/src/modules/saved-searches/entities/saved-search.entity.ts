import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { AlertFrequency } from '@app/shared';
import { UserEntity } from '../../users';

/** A search an account saved, with how often it e-mails new matches. SavedSearchesService is the only writer. */
@Entity({ name: 'saved_searches' })
@Index('IDX_saved_searches_due', ['frequency', 'lastAlertAt'])
export class SavedSearchEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_saved_searches_user')
  @Column({ type: 'int' })
  userId: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_saved_searches_user' })
  user?: UserEntity;

  @Column({ type: 'varchar', length: 80 })
  name: string;

  /** The search page's query string, validated by the search's own rules when saved. */
  @Column({ type: 'varchar', length: 1000 })
  query: string;

  @Column({ type: 'varchar', length: 10 })
  frequency: AlertFrequency;

  /** Matches are looked for since then (the search's creation before its first alert). */
  @Column({ type: 'datetime', nullable: true })
  lastAlertAt: Date | null;

  @CreateDateColumn()
  createdAt: Date;
}
