import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Version numbers of cached data sets, shared by every API instance: a writer bumps the version of what it
 * changed in its own transaction; readers key their caches by the version they last read.
 */
@Entity({ name: 'cache_state' })
export class CacheStateEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  name: string;

  @Column({ type: 'int', default: 0 })
  version: number;
}
