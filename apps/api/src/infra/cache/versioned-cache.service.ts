import { Inject, Injectable, Optional } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DEFAULT_ANSWER_CACHE_MB } from '../config/config.schema';
import { jsonLength } from '../http/json-text';
import { Metrics } from '../metrics/metrics.service';
import { DataChangeEntity } from './data-change.entity';

/** How long an instance trusts the change log as it last read it: other instances' writes show within this time. */
export const VERSION_TTL_MS = 1000;
const MAX_ENTRIES = 20_000;
/**
 * How long a whole answer is kept while no change touches it: what it shows that no write of the data set
 * changes (a listing's view count, a price drop's age) is at most this old.
 */
export const ANSWER_TTL_MS = 30_000;
/**
 * A gap in the log's ids (a write that took its id and has not committed yet, on MariaDB) is waited for this
 * long before it is taken for a rolled-back write. A writer appends its rows last, just before it commits.
 */
export const GAP_WAIT_MS = 10_000;
/** More ids than this between the last unbroken one and the newest: not writes still open (see advance). */
const MAX_GAP = 10_000;
/** Rows read per look at the log; a longer backlog (a bulk job) drops every kept entry. */
const READ_CHUNK = 2_000;
/**
 * Changes remembered after they were applied: a kept entry is checked against those after it was last read (see
 * `fresh`), and a computation that started before one is not kept. An entry older than them is dropped.
 */
const RECENT_CHANGES = 4_096;
/**
 * An entry read after more changes than this since it was last checked is dropped instead of checked against
 * each (computing it again costs about what checking a few hundred changes does, and holds no thread that long).
 */
const MAX_CHANGES_CHECKED = 256;
/**
 * Records (`many`: one listing's public row, say) an instance keeps of each kind: a few thousand pages' worth,
 * about 1 KB each.
 */
export const MAX_RECORDS = 50_000;
/** The log keeps about this many rows; older ones are pruned by the writer now and then. */
const KEPT_LOG_ROWS = 100_000;

/** One row of the change log: what changed (null: anything of the data set may have). */
export interface DataChange<Facts = unknown> {
  id: number;
  dataSet: string;
  facts: Facts | null;
}

/** Whether a kept entry may differ after a change (told the entry's value). Without one: after every change of its data set. */
export type DependsOn<T = unknown, Facts = unknown> = (change: DataChange<Facts>, value: T) => boolean;

/**
 * Brings a kept value forward over the changes that touch it (oldest first), instead of computing it again: it
 * answers the value as it is after them, reading only what they changed (e.g. "Best match"'s ranking, with the
 * changed listings scored again). It must give the same value whenever it reads, before or after another change
 * to what it reads, which is then brought forward too.
 */
export type BringForward<T = unknown, Facts = unknown> = (value: T, changes: readonly DataChange<Facts>[], version: number) => Promise<T>;

interface Entry {
  dataSet: string;
  dependsOn?: DependsOn<never, never>;
  /** The value (`get`: its promise, which requests share while it is computed). */
  value: unknown;
  /** `get`: the value its promise resolved to, once it has (until then any change of its data set drops the entry). */
  settled?: { value: unknown };
  /** No change up to this one (of `applied`) touches the entry: the changes after it are checked when it is next read. */
  checkedAt: number;
}

/** Where this instance stands in the change log (see VersionedCacheService.position). */
export interface LogPosition {
  /** This instance's version: how many changes it has applied (its own count, not shared). */
  version: number;
  /** Every change up to this log id has been applied (ids above it may be waiting for a write to commit). */
  from: number;
}

/**
 * A per-instance cache of derived data (search answers, totals, facet counts) that stays right with several
 * API instances on one database. Every write of a data set appends what it changed to the shared change log
 * (`data_changes`, `record`) in its own transaction; each instance reads the rows after the last it applied at
 * most once per VERSION_TTL_MS (its own writes: on the next request), so another instance's write shows within
 * a second, and drops only the entries the change could alter: each entry says what it depends on
 * (`DependsOn`, e.g. a search answer: the listings its filters could match). No row is updated by every write.
 *
 * The log's ids are given out when a row is written, not when it commits: on MariaDB a later id can commit
 * first. The instance remembers the ids it has applied above the last unbroken one (`from`) and reads again
 * from there, so a gap is applied when its write commits (or, after GAP_WAIT_MS, taken for a rollback).
 *
 * An entry computed while a change that touches it was applied is not kept (its computation may have read the
 * data before the change). Small derived values (`get`) are kept by count; whole answers (`answer`) by their
 * size and for at most ANSWER_TTL_MS.
 *
 * Entries are checked against the changes when they are read, not when the changes are applied (`fresh`): a
 * read of the log then costs the same with 20,000 entries kept as with none, where going through every entry
 * at each change held the thread 5 to 10 ms per change (a tenth of its time at ten edits a second), and an
 * entry nobody reads again is never checked. Each change is checked at most once per entry.
 */
@Injectable()
export class VersionedCacheService {
  private readonly entries = new LRUCache<string, Entry>({ max: MAX_ENTRIES });
  private readonly answers: LRUCache<string, Entry>;
  /**
   * Records (`many`) by data set and kind, then by their own key: kept by count and, as answers, for at most
   * ANSWER_TTL_MS. A page's 24 rows are looked up by number, not by a key string made for each (`listings:
   * public-row:123`, made and hashed per lookup: 1 µs each, against 0.16 µs by number).
   */
  private readonly records = new Map<string, LRUCache<string | number, Entry>>();
  /** Answers being computed, so concurrent misses of one key share one computation. */
  private readonly computing = new Map<string, Entry & { promise: Promise<unknown> }>();

  /** Changes applied by this instance since it started. */
  private applied = 0;
  /** Every log id up to this one is applied; those above it that are, and when each gap below them was seen. */
  private from?: number;
  private readonly appliedAbove = new Set<number>();
  private readonly gapSeenAt = new Map<number, number>();
  /** The last RECENT_CHANGES changes, with their place in `applied`. */
  private readonly recent: { at: number; change: DataChange }[] = [];
  private readAt = 0;
  /** Bumped by invalidate(): a read of the log that started before does not count as fresh. */
  private generation = 0;
  private reading?: { generation: number; promise: Promise<void> };
  private lastRead: Promise<void> = Promise.resolve();

  constructor(
    private readonly dataSource: DataSource,
    @Optional() private readonly metrics?: Metrics,
    @Optional() @Inject(APP_CONFIG) config?: Pick<AppConfig, 'answerCacheBytes'>,
  ) {
    this.answers = new LRUCache<string, Entry>({
      maxSize: config?.answerCacheBytes ?? DEFAULT_ANSWER_CACHE_MB * 1024 * 1024,
      // The bytes of the answer's JSON (made once, here or when first sent, and reused each time it is sent: json-text.ts).
      sizeCalculation: (entry) => Math.max(1, jsonLength(entry.value as object)),
      ttl: ANSWER_TTL_MS,
    });
  }

  /**
   * The cached value of `key`, computed once on a miss (told the version) and kept until a change it depends
   * on (`dependsOn`; without it, any change of the data set). With `bringForward`, a kept value that such
   * changes touch is brought forward over them instead of computed again (unless a change without facts, or
   * more than MAX_CHANGES_CHECKED of them, came since), and a value that a change touched while it was computed
   * is kept, to be brought forward over it when next read.
   */
  async get<T>(dataSet: string, key: string, compute: (version: number) => Promise<T>, dependsOn?: DependsOn<T, never>, bringForward?: BringForward<T, never>): Promise<T> {
    const version = await this.version(dataSet);
    const entryKey = `${dataSet}:${key}`;
    const touched = bringForward ? this.touchedSince(this.entries, entryKey) : undefined;
    const hit = touched ? undefined : this.fresh(this.entries, entryKey);
    this.metrics?.cacheLookups.inc({ data_set: dataSet, result: hit ? 'hit' : 'miss' });
    if (hit) return hit.value as Promise<T>;
    const started = this.applied;
    const computed = touched && bringForward ? bringForward(touched.value as T, touched.changes as DataChange<never>[], version) : compute(version);
    const entry: Entry = { dataSet, dependsOn: dependsOn as DependsOn<never, never>, value: computed, checkedAt: started };
    this.entries.set(entryKey, entry);
    const drop = () => {
      if (this.entries.peek(entryKey) === entry) this.entries.delete(entryKey);
    };
    computed.then((value) => {
      // What it read may predate a change applied meanwhile: brought forward over those when next read.
      if (bringForward) entry.settled = { value };
      else if (this.changedSince(started, dataSet, value, dependsOn)) drop();
      else {
        entry.settled = { value };
        entry.checkedAt = this.applied;
      }
    }, drop);
    return computed;
  }

  /**
   * Whether a `get` of `key` now would find it kept (or being computed) and untouched by the changes applied so
   * far: what a caller that computes several values together asks to leave out the ones it need not compute.
   * Changes not yet read from the log are not seen, so a `get` after it may still compute.
   */
  holds(dataSet: string, key: string): boolean {
    return this.fresh(this.entries, `${dataSet}:${key}`) !== undefined;
  }

  /**
   * A whole answer, computed once on a miss (told the version) and kept while it is younger than
   * ANSWER_TTL_MS, no change it depends on (`dependsOn`) was applied, and the cache holds under
   * the configured bytes of answers (ANSWER_CACHE_MB). Its JSON must not depend on who asks.
   */
  async answer<T extends object>(dataSet: string, key: string, compute: (version: number) => Promise<T>, dependsOn?: DependsOn<T, never>): Promise<T> {
    const version = await this.version(dataSet);
    const entryKey = `${dataSet}:${key}`;
    const hit = this.fresh(this.answers, entryKey);
    const inFlight = hit ? undefined : this.computing.get(entryKey);
    this.metrics?.cacheLookups.inc({ data_set: `${dataSet}:answers`, result: hit || inFlight ? 'hit' : 'miss' });
    if (hit) return hit.value as T;
    if (inFlight) return inFlight.promise as Promise<T>;
    const started = this.applied;
    const promise = compute(version);
    const computing = { dataSet, dependsOn: dependsOn as DependsOn<never, never>, value: undefined, promise, checkedAt: started };
    this.computing.set(entryKey, computing);
    try {
      const value = await promise;
      if (this.computing.get(entryKey) === computing && !this.changedSince(started, dataSet, value, dependsOn)) {
        this.answers.set(entryKey, { dataSet, dependsOn: dependsOn as DependsOn<never, never>, value, checkedAt: this.applied });
      }
      return value;
    } finally {
      if (this.computing.get(entryKey) === computing) this.computing.delete(entryKey);
    }
  }

  /**
   * The records of many keys at once (a page's listings by id): those kept, and the others computed together by one
   * call of `compute` (one query for them all), told the keys it must answer; a key it leaves out (a listing
   * deleted meanwhile) is left out of the answer. A record is kept while no change it depends on (`dependsOn`) is
   * applied and for at most ANSWER_TTL_MS, since what it shows may change outside the log (a view count), as
   * answers are; one computed while such a change was applied is not kept (it may have been read before it).
   */
  async many<K extends string | number, T>(
    dataSet: string,
    kind: string,
    keys: readonly K[],
    compute: (missing: K[], version: number) => Promise<Map<K, T>>,
    dependsOn?: DependsOn<T, never>,
  ): Promise<Map<K, T>> {
    const version = await this.version(dataSet);
    const kindKey = `${dataSet}:${kind}`;
    let records = this.records.get(kindKey);
    if (!records) {
      records = new LRUCache<string | number, Entry>({ max: MAX_RECORDS, ttl: ANSWER_TTL_MS });
      this.records.set(kindKey, records);
    }
    const found = new Map<K, T>();
    const missing: K[] = [];
    for (const key of keys) {
      const hit = this.fresh(records, key);
      if (hit) found.set(key, hit.value as T);
      else missing.push(key);
    }
    if (this.metrics) {
      const labels = `${dataSet}:${kind}`;
      if (found.size > 0) this.metrics.cacheLookups.inc({ data_set: labels, result: 'hit' }, found.size);
      if (missing.length > 0) this.metrics.cacheLookups.inc({ data_set: labels, result: 'miss' }, missing.length);
    }
    if (missing.length === 0) return found;
    const started = this.applied;
    const computed = await compute(missing, version);
    for (const [key, value] of computed) {
      found.set(key, value);
      if (!this.changedSince(started, dataSet, value, dependsOn)) {
        records.set(key, { dataSet, dependsOn: dependsOn as DependsOn<never, never>, value, checkedAt: this.applied });
      }
    }
    return found;
  }

  /**
   * Records changes of the data set in the log; call inside the transaction of the write, after the rest of
   * it (the row's id is taken here and must commit soon after: GAP_WAIT_MS). One row per item changed, with
   * its `facts` (null: anything may have changed). Answers each row's log id, which changed rows may be
   * stamped with (the search counts read the listings changed after a log id).
   */
  async record(manager: EntityManager, dataSet: string, facts: readonly (object | null)[]): Promise<number[]> {
    const ids: number[] = [];
    for (const f of facts) {
      const { identifiers } = await manager.insert(DataChangeEntity, { dataSet, facts: f === null ? null : JSON.stringify(f) });
      ids.push(Number((identifiers[0] as { id: number }).id));
    }
    const last = ids[ids.length - 1];
    if (last !== undefined && Math.floor(last / 1_000) !== Math.floor((last - ids.length) / 1_000)) {
      await manager.query('DELETE FROM data_changes WHERE id < ?', [last - KEPT_LOG_ROWS]);
    }
    return ids;
  }

  /**
   * Records that anything of the data set may have changed (one log row without facts: every entry of it is
   * dropped); call inside the transaction of the write. Answers the row's log id.
   */
  async bump(manager: EntityManager, dataSet: string): Promise<number> {
    const [id] = await this.record(manager, dataSet, [null]);
    return id;
  }

  /** After this instance's own committed write: read the log on the next request. */
  invalidate(_dataSet?: string): void {
    this.generation += 1;
    this.readAt = 0;
  }

  /** The version of the data as this instance knows it (the log read at most once per VERSION_TTL_MS). */
  version(_dataSet?: string): Promise<number> | number {
    if (this.from !== undefined && Date.now() - this.readAt < VERSION_TTL_MS) return this.applied;
    return this.read().then(() => this.applied);
  }

  /** Reads the log now (not trusting the last read) and answers where this instance stands in it. */
  async position(): Promise<LogPosition> {
    this.invalidate();
    await this.read();
    return { version: this.applied, from: this.from ?? 0 };
  }

  /** One read of the log at a time; callers since the last invalidate() share one. */
  private read(): Promise<void> {
    if (this.reading && this.reading.generation === this.generation) return this.reading.promise;
    const generation = this.generation;
    const promise = this.lastRead.catch(() => undefined).then(async () => {
      await this.readLog();
      if (generation === this.generation) this.readAt = Date.now();
    });
    this.lastRead = promise;
    const reading = { generation, promise };
    this.reading = reading;
    const clear = () => {
      if (this.reading === reading) this.reading = undefined;
    };
    promise.then(clear, clear);
    return promise;
  }

  private async readLog(): Promise<void> {
    if (this.from === undefined) {
      // At start nothing is kept: only the changes from now on matter.
      const [row] = (await this.dataSource.query('SELECT MAX(id) AS id FROM data_changes')) as { id: number | string | null }[];
      this.from = Number(row?.id ?? 0);
      return;
    }
    for (;;) {
      const rows = (await this.dataSource.query(`SELECT id, dataSet, facts FROM data_changes WHERE id > ? ORDER BY id LIMIT ${READ_CHUNK}`, [this.from])) as {
        id: number | string;
        dataSet: string;
        facts: string | null;
      }[];
      const changes: DataChange[] = [];
      for (const r of rows) {
        const id = Number(r.id);
        if (id <= this.from || this.appliedAbove.has(id)) continue;
        this.appliedAbove.add(id);
        this.gapSeenAt.delete(id);
        changes.push({ id, dataSet: r.dataSet, facts: r.facts === null ? null : (JSON.parse(r.facts) as unknown) });
      }
      this.advance();
      if (rows.length === READ_CHUNK) {
        // A backlog (a bulk job): everything may have changed; go on from the newest row read.
        this.apply([{ id: Number(rows[rows.length - 1].id), dataSet: '*', facts: null }]);
        this.appliedAbove.clear();
        this.gapSeenAt.clear();
        this.from = Number(rows[rows.length - 1].id);
        continue;
      }
      this.apply(changes);
      return;
    }
  }

  /** Moves `from` over the applied ids and the gaps waited for long enough. */
  private advance(): void {
    const now = Date.now();
    const highest = Math.max(this.from!, ...this.appliedAbove);
    let from = this.from!;
    // A jump of more ids than writes could hold open at once is no gap to wait for.
    for (let id = from + 1; id < highest && highest - from <= MAX_GAP; id += 1) {
      if (!this.appliedAbove.has(id) && !this.gapSeenAt.has(id)) this.gapSeenAt.set(id, now);
    }
    while (from < highest && (this.appliedAbove.has(from + 1) || highest - from > MAX_GAP || now - (this.gapSeenAt.get(from + 1) ?? now) >= GAP_WAIT_MS)) {
      from += 1;
      this.appliedAbove.delete(from);
      this.gapSeenAt.delete(from);
    }
    this.from = from;
  }

  /**
   * Applies the changes: kept entries are checked against them when next read (`fresh`); a computation under
   * way may have read the data before them, so later requests compute again instead of sharing it.
   */
  private apply(changes: readonly DataChange[]): void {
    if (changes.length === 0) return;
    for (const change of changes) {
      this.applied += 1;
      this.recent.push({ at: this.applied, change });
    }
    if (this.recent.length > RECENT_CHANGES) this.recent.splice(0, this.recent.length - RECENT_CHANGES);
    for (const [key, computing] of this.computing) {
      if (changes.some((change) => ofDataSet(change, computing.dataSet))) this.computing.delete(key);
    }
  }

  /**
   * The entry kept under `key`, unless a change applied since it was last checked touches it (then it is
   * dropped): each change is checked once per entry, when the entry is read after it. A value still being
   * computed (`get`) may have read the data before any change of its data set; an entry that missed more
   * changes than MAX_CHANGES_CHECKED, or than are remembered, is dropped unchecked.
   */
  private fresh<K extends string | number>(cache: LRUCache<K, Entry>, key: K): Entry | undefined {
    const entry = cache.get(key);
    if (!entry || entry.checkedAt === this.applied) return entry;
    const changes = this.applied - entry.checkedAt <= MAX_CHANGES_CHECKED ? this.changesSince(entry.checkedAt) : undefined;
    const computing = entry.value instanceof Promise && !entry.settled;
    const touched =
      changes === undefined ||
      changes.some((change) => (computing ? ofDataSet(change, entry.dataSet) : touches(change, entry.dataSet, entry.dependsOn, entry.settled ? entry.settled.value : entry.value)));
    if (touched) {
      cache.delete(key);
      return undefined;
    }
    entry.checkedAt = this.applied;
    return entry;
  }

  /**
   * A kept value (settled) and the changes applied since it was last checked that touch it, when there are such
   * changes and each of them can be brought forward (it has facts, and there are at most MAX_CHANGES_CHECKED
   * changes to check); else undefined, and `fresh` decides. When none touches it, the entry is marked checked up to
   * now, so `fresh` does not check the same changes again.
   */
  private touchedSince<K extends string | number>(cache: LRUCache<K, Entry>, key: K): { value: unknown; changes: DataChange[] } | undefined {
    const entry = cache.peek(key);
    if (!entry?.settled || entry.checkedAt === this.applied || this.applied - entry.checkedAt > MAX_CHANGES_CHECKED) return undefined;
    const changes = this.changesSince(entry.checkedAt);
    if (changes === undefined || changes.some((change) => change.dataSet === '*' || (change.dataSet === entry.dataSet && change.facts === null))) return undefined;
    const value = entry.settled.value;
    const touching = changes.filter((change) => touches(change, entry.dataSet, entry.dependsOn, value));
    if (touching.length > 0) return { value, changes: touching };
    entry.checkedAt = this.applied;
    return undefined;
  }

  /**
   * The changes this instance applied after its `version` (as `version()` answered it), oldest first; undefined
   * when it no longer remembers them all (RECENT_CHANGES).
   */
  changesSince(version: number): DataChange[] | undefined {
    if (version >= this.applied) return [];
    const first = this.recent[0];
    if (!first || first.at > version + 1) return undefined;
    // `recent` holds consecutive `at`s: the change applied as number version + 1 is at this index.
    return this.recent.slice(version + 1 - first.at).map((r) => r.change);
  }

  /** Whether a change applied after `started` touches a value of the data set that depends on `dependsOn`. */
  private changedSince(started: number, dataSet: string, value: unknown, dependsOn?: DependsOn<never, never>): boolean {
    const changes = this.changesSince(started);
    return changes === undefined || changes.some((change) => touches(change, dataSet, dependsOn, value));
  }
}

/** Whether the change is of the data set (or of everything: a backlog read past). */
function ofDataSet(change: DataChange, dataSet: string): boolean {
  return change.dataSet === dataSet || change.dataSet === '*';
}

function touches(change: DataChange, dataSet: string, dependsOn: DependsOn<never, never> | undefined, value: unknown): boolean {
  if (change.dataSet === '*') return true;
  if (change.dataSet !== dataSet) return false;
  if (change.facts === null || !dependsOn) return true;
  return (dependsOn as DependsOn)(change, value);
}
