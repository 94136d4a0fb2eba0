import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { SavedSearchEntity } from './saved-search.entity';

export type AlertReason = 'new' | 'price-drop';

/**
 * A listing a saved search has e-mailed about, and why: never the same listing twice for the same reason.
 * Written by the alerts job (through SavedSearchesService) with the e-mail, in one transaction.
 */
@Entity({ name: 'saved_search_alerts' })
export class SavedSearchAlertEntity {
  @PrimaryColumn({ type: 'int' })
  savedSearchId: number;

  @PrimaryColumn({ type: 'int' })
  vehicleId: number;

  @PrimaryColumn({ type: 'varchar', length: 12 })
  reason: AlertReason;

  @ManyToOne(() => SavedSearchEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'savedSearchId', foreignKeyConstraintName: 'FK_saved_search_alerts_search' })
  savedSearch?: SavedSearchEntity;

  @Column({ type: 'datetime' })
  sentAt: Date;
}
