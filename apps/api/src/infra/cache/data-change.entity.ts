import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The change log of cached data sets, shared by every API instance: a writer appends one row per changed
 * item (a listing) in its own transaction, and each instance reads the rows after the last it has seen
 * (VersionedCacheService) to drop only the cached answers the change could alter. Rows are only ever
 * inserted (and old ones pruned): no row is updated by every write.
 */
@Entity({ name: 'data_changes' })
export class DataChangeEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 40 })
  dataSet: string;

  /**
   * What changed, as JSON the data set's readers understand (a listing's search columns before and after:
   * search-invalidation.ts); null when anything of the data set may have changed (bulk jobs).
   */
  @Column({ type: 'text', nullable: true })
  facts: string | null;

  @CreateDateColumn()
  createdAt: Date;
}
