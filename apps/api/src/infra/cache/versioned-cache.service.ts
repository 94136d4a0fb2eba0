import { Injectable, Optional } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Metrics } from '../metrics/metrics.service';

/** How long an instance trusts the version it last read: other instances' writes show within this time. */
export const VERSION_TTL_MS = 1000;
const MAX_ENTRIES = 20_000;

/**
 * A per-instance cache of derived data (search totals, facet counts) that stays right with several API
 * instances: every entry is keyed by the version of its data set, a number in the shared `cache_state`
 * table that every write of that data set bumps in its own transaction. An instance reads the version at
 * most once per VERSION_TTL_MS (its own writes refresh it at once), so another instance's write is seen
 * within a second; entries of older versions are never read again and age out of the LRU.
 */
@Injectable()
export class VersionedCacheService {
  private readonly versions = new Map<string, { version: number; readAt: number }>();
  private readonly reads = new Map<string, { generation: number; promise: Promise<number> }>();
  private readonly entries = new Map<string, Promise<unknown>>();
  /** Bumped by invalidate(): a version read that started before is not kept. */
  private generation = 0;

  constructor(
    private readonly dataSource: DataSource,
    @Optional() private readonly metrics?: Metrics,
  ) {}

  /** The cached value of `key` under the data set's current version, computed once on a miss (told the version). */
  async get<T>(dataSet: string, key: string, compute: (version: number) => Promise<T>): Promise<T> {
    const version = await this.version(dataSet);
    const entryKey = `${dataSet}:${version}:${key}`;
    const hit = this.entries.get(entryKey) as Promise<T> | undefined;
    this.metrics?.cacheLookups.inc({ data_set: dataSet, result: hit ? 'hit' : 'miss' });
    if (hit) {
      // Refresh recency: a Map iterates in insertion order, so the first key is the least recently used.
      this.entries.delete(entryKey);
      this.entries.set(entryKey, hit);
      return hit;
    }
    const computed = compute(version);
    this.entries.set(entryKey, computed);
    computed.catch(() => this.entries.delete(entryKey));
    while (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    return computed;
  }

  /**
   * Marks the data set changed; call inside the transaction of the write. Answers the new version (the row
   * stays locked until the transaction ends, so versions follow the order in which writes commit).
   */
  async bump(manager: EntityManager, dataSet: string): Promise<number> {
    await manager.query('UPDATE cache_state SET version = version + 1 WHERE name = ?', [dataSet]);
    return this.readVersion(dataSet, manager);
  }

  /** After this instance's own committed write: read the new version on the next request. */
  invalidate(dataSet: string): void {
    this.generation += 1;
    this.versions.delete(dataSet);
  }

  /** The data set's current version, as this instance knows it (read at most once per VERSION_TTL_MS). */
  version(dataSet: string): Promise<number> | number {
    const known = this.versions.get(dataSet);
    if (known && Date.now() - known.readAt < VERSION_TTL_MS) return known.version;
    const inFlight = this.reads.get(dataSet);
    if (inFlight && inFlight.generation === this.generation) return inFlight.promise;
    const generation = this.generation;
    const promise = this.readVersion(dataSet).then((version) => {
      if (generation === this.generation) this.versions.set(dataSet, { version, readAt: Date.now() });
      return version;
    });
    const read = { generation, promise };
    this.reads.set(dataSet, read);
    const clear = () => {
      if (this.reads.get(dataSet) === read) this.reads.delete(dataSet);
    };
    promise.then(clear, clear);
    return promise;
  }

  /**
   * The data set's version as the database holds it now, not as this instance last knew it (`version`); in a
   * transaction when given its manager.
   */
  async readVersion(dataSet: string, manager: Pick<EntityManager, 'query'> = this.dataSource): Promise<number> {
    const rows = (await manager.query('SELECT version FROM cache_state WHERE name = ?', [dataSet])) as { version: number | string }[];
    if (rows.length === 0) {
      throw new Error(`cache_state has no row "${dataSet}": run the migrations`);
    }
    return Number(rows[0].version);
  }
}
