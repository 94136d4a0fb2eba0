import { Injectable, Optional } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { DataSource, EntityManager } from 'typeorm';
import { Metrics } from '../metrics/metrics.service';

type Compute = () => Promise<object>;

/** How long an instance trusts the version it last read: other instances' writes show within this time. */
export const VERSION_TTL_MS = 1000;
const MAX_ENTRIES = 20_000;
/** Whole answers (`answer`) an instance keeps, in bytes of their JSON: about 1,000 pages of 24 search results. */
export const ANSWER_CACHE_BYTES = 32 * 1024 * 1024;
/**
 * How long a whole answer is kept even while its data set's version stands: what it shows that no write of
 * the data set changes (a listing's view count, a price drop's age) is at most this old.
 */
export const ANSWER_TTL_MS = 30_000;

/**
 * A per-instance cache of derived data (search totals, facet counts) that stays right with several API
 * instances: every entry is keyed by the version of its data set, a number in the shared `cache_state`
 * table that every write of that data set bumps in its own transaction. An instance reads the version at
 * most once per VERSION_TTL_MS (its own writes refresh it at once), so another instance's write is seen
 * within a second; entries of older versions are never read again and age out of the LRU.
 *
 * Small derived values (`get`) are kept by count; whole answers (`answer`, a page of search results) by
 * their size and for at most ANSWER_TTL_MS.
 */
@Injectable()
export class VersionedCacheService {
  private readonly versions = new Map<string, { version: number; readAt: number }>();
  private readonly reads = new Map<string, { generation: number; promise: Promise<number> }>();
  private readonly entries = new LRUCache<string, Promise<unknown>>({ max: MAX_ENTRIES });
  private readonly answers = new LRUCache<string, object, Compute>({
    maxSize: ANSWER_CACHE_BYTES,
    sizeCalculation: (answer) => Math.max(1, JSON.stringify(answer).length),
    ttl: ANSWER_TTL_MS,
    // Concurrent misses of one key share one computation; a failed one is not kept.
    fetchMethod: (_key, _stale, { context }) => context(),
    // An answer evicted while it is computed still answers the requests waiting for it.
    ignoreFetchAbort: true,
  });
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
    if (hit) return hit;
    const computed = compute(version);
    this.entries.set(entryKey, computed);
    computed.catch(() => {
      if (this.entries.peek(entryKey) === computed) this.entries.delete(entryKey);
    });
    return computed;
  }

  /**
   * A whole answer under the data set's current version, computed once on a miss (told the version) and kept
   * while it is younger than ANSWER_TTL_MS and the cache holds under ANSWER_CACHE_BYTES of answers. Its JSON
   * must not depend on who asks.
   */
  async answer<T extends object>(dataSet: string, key: string, compute: (version: number) => Promise<T>): Promise<T> {
    const version = await this.version(dataSet);
    const status: LRUCache.Status<string, object, Compute> = {};
    const answer = await this.answers.fetch(`${dataSet}:${version}:${key}`, { context: () => compute(version), status });
    this.metrics?.cacheLookups.inc({ data_set: `${dataSet}:answers`, result: status.fetch === 'hit' || status.fetch === 'inflight' ? 'hit' : 'miss' });
    return answer as T;
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
