import { Inject, Injectable, Logger, OnModuleDestroy, Optional } from '@nestjs/common';
import { PRICE_BANDS, type SortOption } from '@app/shared';
import { LRUCache } from 'lru-cache';
import { DataSource } from 'typeorm';
import { VersionedCacheService, type DataChange } from '../../../infra/cache/versioned-cache.service';
import { APP_CONFIG, type AppConfig } from '../../../infra/config/app-config';
import { IdReader } from '../../../infra/database/id-reader';
import { sqlEngineOf, type SqlEngine } from '../../../infra/database/sql-engine';
import { LifecycleService } from '../../../infra/lifecycle/lifecycle.service';
import { Metrics } from '../../../infra/metrics/metrics.service';
import { addId, COMPARED_COLUMNS, CountsSnapshot, idBits, idBitsBytes, idFiltersOf, removeId, SnapshotBuilder, snapshotSelect, snapshotSorts, type ChangedRow, type CountGroup, type GroupCount, type IdBits, type IdFilters, type SnapshotRow } from './counts-snapshot';
import { KEYWORD_TABLE } from './keyword-match';
import { availableChanged, countDependsOn, deletedBy, idSetsMayMove, pageChanged, publicCountDependsOn, textDependsOn, type ListingsChangeFacts } from './search-invalidation';
import { columnSql, countIndex, filtersKey, fromVehicles, vehiclesByPrimaryKey, whereOf, type NormalizedSearchFilters, type SqlWhere } from './search-filters';

/** How many listings are public (on the market): the snapshot holds each of them. */
const PUBLIC_COUNT_SQL = 'SELECT COUNT(*) AS n FROM vehicles WHERE isPublic = 1';

/**
 * The listings a snapshot read whole holds a slot for: the public ones, and those waiting for review, so that an
 * approval is written where its slot is (CountsSnapshot) instead of copying every row to insert it.
 */
const HELD_SQL = "(isPublic = 1 OR status = 'pending')";

/** The data set of listings in the change log (data_changes): every listing write records its changes under it. */
export const LISTINGS_DATA_SET = 'listings';

/** Keywords matching more than 1 in this many public listings are counted through the counts index (SQLite). */
const COMMON_KEYWORD_SHARE = 25;

/** Rows a snapshot load reads per query (the event loop is free between them; SQLite blocks it during one). */
const LOAD_CHUNK = 5_000;

/** More listings changed than this since the held snapshot: read them all instead of the changes. */
const MAX_CHANGED_SHARE_OF = (held: number) => Math.max(1_000, Math.floor(held / 5));

/**
 * Bytes of id sets (keywords, features, place, radius: a bit per listing id) kept per snapshot: 4,000 sets
 * at 100,000 listings, 400 at 1,000,000. Fewer than the distinct ones a busy site asks for in a version
 * would make every change read most of them again in full.
 */
const MAX_ID_SET_BYTES = 48 * 1024 * 1024;

/**
 * At most this many id sets per snapshot, however few the listings: lru-cache allocates its index arrays for
 * `max` entries up front (a handful of listings would otherwise ask for millions: seconds of allocation).
 */
const MAX_ID_SETS = 4_096;

/** An empty LRU of a snapshot's id sets, as many as MAX_ID_SET_BYTES holds (at least 32, at most MAX_ID_SETS). */
const idSetsOf = (snapshot: CountsSnapshot) =>
  new LRUCache<string, IdSet>({ max: Math.min(MAX_ID_SETS, Math.max(32, Math.floor(MAX_ID_SET_BYTES / idBitsBytes(snapshot.idLimit)))) });

/**
 * Id sets are brought to a new snapshot (carriedIdSets), and counts worked out from the previous snapshot's
 * (countFrom), when at most this many listings changed; else they are read and counted again.
 */
const MAX_CARRIED_CHANGES = 500;

/**
 * Catch-ups kept as the listings they touched as they were before (Step), so that counts kept from a few snapshots
 * back are worked out from those listings (countsAcrossSteps): at most this many listings over all of them, and
 * this many catch-ups. During a live market (a listing approved or sold every second) a search asked every few
 * seconds was counted again by a pass over every listing, each catch-up having moved its total.
 */
const MAX_STEPS_CHANGES = 1_000;
const MAX_STEPS = 60;
const STEPS_SHARE_OF_PASS = 200;

/**
 * One catch-up made from the changes: from the snapshot of version `from` to that of `to`, with the rows of the
 * listings it touched (changed, joined, left or deleted) as they were before it (`before`: those it held, CountsSnapshot.of).
 */
interface Step {
  from: number;
  to: number;
  touched: number[];
  before: CountsSnapshot;
}

/** Counts kept with their snapshot, so the next snapshot's can be worked out from them (countInMemory). */
const MAX_KEPT_COUNTS = 20_000;

/** The ids of the public listings that satisfy some IdFilters, a bit per id, computed once when first asked for. */
interface IdSet {
  ids: IdFilters;
  /** Its key in `sets`, the snapshot's sets it belongs to. */
  key: string;
  sets: LRUCache<string, IdSet>;
  /** Tells this set from any other, of any snapshot (counts remember which set they were counted with). */
  serial: number;
  get: () => Promise<IdBits>;
  /** A search read it (in this snapshot). */
  used?: boolean;
  /**
   * Not read in this snapshot yet, when carried from an older one (carriedIdSets): the bits last read and the
   * listings changed since, which it asks again when first used.
   */
  unread?: { bits: () => Promise<IdBits>; changed: readonly number[] };
}

let idSetSerial = 0;

/** `compute`, run once on the first call; its promise answers every later one (and `compute`, with what it holds, is let go). */
function once<T>(compute: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  let run: (() => Promise<T>) | undefined = compute;
  return () => {
    if (run) {
      result = run();
      run = undefined;
    }
    return result!;
  };
}

/**
 * How long a count waits for the held snapshot to catch up with a new version before it counts in SQL. The
 * changes since are read in a few ms at 100,000 listings; at 1,000,000 counts in SQL take 0.1 to 1 s each and,
 * on SQLite, hold the thread the catching up needs (bench: a 50 ms wait let them starve it for 0.6 s).
 */
const CATCH_UP_WAIT_MS = 1_000;

/**
 * How long a count waits for a catch-up: CATCH_UP_WAIT_MS, or longer when catch-ups take longer (`catchUpMs`, the
 * last one made from the changes), up to MAX_CATCH_UP_WAIT_MS. A write may come just after a catch-up started, and
 * the next starts only after a pause as long as the last took (snapshotAt): the count may wait for two. Before
 * slots (CountsSnapshot), a catch-up after a listing joined or left took about a second at a million listings (9 to
 * 42 ms now); counts that stopped waiting at 1 s went to SQL, which at that size takes seconds a count under load,
 * and slowed the catch-up they gave up on (MariaDB, live market: catch-ups of 20 s, every search timed out).
 */
export function catchUpWaitMs(catchUpMs: number): number {
  return Math.min(MAX_CATCH_UP_WAIT_MS, Math.max(CATCH_UP_WAIT_MS, 2.5 * catchUpMs));
}
const MAX_CATCH_UP_WAIT_MS = 10_000;

/**
 * How long a count waits for the first snapshot (read at start: about 1 s per 100,000 listings on a quiet
 * 2-core machine) before it counts in SQL.
 */
const FIRST_SNAPSHOT_WAIT_MS = 5_000;

/**
 * How long the first snapshot holds the instance's readiness back at most (warm): issue 28 asks an instance over a
 * million listings to be ready within 60 s of its start, and one whose snapshot cannot be read still answers (in SQL).
 */
const FIRST_SNAPSHOT_READY_MS = 45_000;

/** How many changes since a count was counted unalteredSince checks, at most, before it counts again. */
const MAX_CHANGES_UNALTERED = 256;

/** After MariaDB's collation and JavaScript disagreed on a snapshot's text, this long before the next try. */
const CLASH_PAUSE_MS = 10 * 60_000;

/** SELECT list and GROUP BY of each count group, read as GroupCount rows. */
const PRICE_CASE = `CASE ${PRICE_BANDS.map((b, i) => (b.max === null ? `ELSE ${i}` : `WHEN price < ${b.max} THEN ${i}`)).join(' ')} END`;
const SQL_GROUPS: Record<CountGroup, { select: string; groupBy: string }> = {
  total: { select: 'NULL AS value', groupBy: '' },
  make: { select: 'makeKey AS value, MIN(make) AS label', groupBy: ' GROUP BY makeKey' },
  model: { select: 'modelKey AS value, MIN(model) AS label', groupBy: ' GROUP BY modelKey' },
  bodyType: { select: 'bodyType AS value', groupBy: ' GROUP BY bodyType' },
  fuelType: { select: 'fuelType AS value', groupBy: ' GROUP BY fuelType' },
  price: { select: `${PRICE_CASE} AS value`, groupBy: ` GROUP BY ${PRICE_CASE}` },
};

type Row = Record<string, unknown>;

/** Whether none of `changes` can alter what `alters` is asked about: other data sets never do, a change of everything ('*') always. */
const noneAlters = (changes: readonly DataChange[], alters: (change: DataChange<ListingsChangeFacts>) => boolean): boolean =>
  changes.every((change) => (change.dataSet === LISTINGS_DATA_SET ? !alters(change as DataChange<ListingsChangeFacts>) : change.dataSet !== '*'));

/** The changes of listings among the log's (their facts: ListingsChangeFacts). */
const listingChanges = (changes: readonly DataChange[]) => changes.filter((change): change is DataChange<ListingsChangeFacts> => change.dataSet === LISTINGS_DATA_SET);

/**
 * A snapshot read, with the log id it holds every change up to, and how it was read. From the changes: the listings read
 * again (`changedIds`), and those of them whose place in an id set may have moved (`idSetIds`, idSetsMayMove).
 */
type Loaded = { snapshot: CountsSnapshot; from: number } & ({ read: 'all' } | { read: 'changes'; changedIds: number[]; idSetIds: number[] });

/** How countsKnown knows a count without a pass over the snapshot's rows, and the rows. */
type KnownCounts = { read: 'kept' | 'changes' | 'steps'; rows: GroupCount[] };

/**
 * Counts public listings for a search: its total and each facet's groups. From memory when this instance
 * holds the counts snapshot of the listings' current version (counts-snapshot.ts: a loop over typed arrays,
 * with the keywords, features, place and radius asked of the database as a set of ids); otherwise in SQL
 * over the counts index, while the snapshot is brought to the new version in the background: from the
 * listings changed since its version (a few rows after a seller's edit, a few milliseconds), or, at start and
 * after bulk changes, by reading every public listing. Every listing write starts a new version, so after a
 * write the first searches wait for that (up to catchUpWaitMs) or count in SQL; never from a snapshot of
 * an older version, so a count is exact.
 */
@Injectable()
export class SearchCounts implements OnModuleDestroy {
  private readonly logger = new Logger(SearchCounts.name);
  private snapshot?: CountsSnapshot;
  /** The held snapshot's id sets (idSetOf), by filters; read on first use. */
  private idSets = new LRUCache<string, IdSet>({ max: 32 });
  /** How the held snapshot was made from the one before, when it was made from the changes (see countFrom). */
  private lastStep?: { before: CountsSnapshot; idSets: LRUCache<string, IdSet>; touched: number[] };
  /** The last catch-ups made from the changes, oldest first, each from the version the one before went to (Step). */
  private steps: Step[] = [];
  /** touchedSince's answers for the held snapshot, by the version they reach back to. */
  private since?: { snapshot: CountsSnapshot; byVersion: Map<number, { before: CountsSnapshot; touched: number[] } | undefined> };
  /** The latest counts of each filter set and group, with the version of the snapshot they were counted in (and the id set they read). */
  private readonly counted = new LRUCache<string, { version: number; rows: GroupCount[]; idSet?: number }>({ max: MAX_KEPT_COUNTS });
  /** Every listing change up to this log id is in the held snapshot (see loadChanges). */
  private heldFrom = 0;
  private building?: Promise<void>;
  /** How long the last catch-up made from the changes took (catchUpWaitMs). */
  private catchUpMs = 0;
  private nextBuildAt = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: VersionedCacheService,
    /** The id sets' statements (a keyword's or a radius's every match), read off the thread that answers requests. */
    private readonly idReader: IdReader,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'searchCounts'>,
    @Optional() private readonly metrics?: Metrics,
    @Optional() private readonly lifecycle?: LifecycleService,
  ) {}

  private get engine(): SqlEngine {
    return sqlEngineOf(this.dataSource);
  }

  /** The counts of the listings matching `filters` at `version` of the listings, grouped by `group`. */
  async count(filters: NormalizedSearchFilters, group: CountGroup, version: number): Promise<GroupCount[]> {
    if (this.config.searchCounts === 'sql') {
      this.metrics?.searchCounts.inc({ source: 'database' });
      return this.countInSql(filters, group, version);
    }
    const alters = countDependsOn(filters, group);
    const snapshot = await this.snapshotFor(version, (change) => alters(change, undefined));
    if (snapshot) {
      const counted = await this.countInMemory(snapshot, filters, group);
      if (counted) {
        this.metrics?.searchCounts.inc({ source: 'memory' });
        return counted;
      }
    }
    this.metrics?.searchCounts.inc({ source: 'database' });
    return this.countInSql(filters, group, version);
  }

  /**
   * The counts of a search's total and facets (`items`: filter sets that differ only in what a facet leaves out,
   * withoutDimension), at `version`: from the snapshot in one pass over its rows (CountsSnapshot.countAll)
   * instead of one pass each; else each as `count` counts it. Answers them in the order of `items`.
   */
  async countAll(items: readonly { filters: NormalizedSearchFilters; group: CountGroup }[], version: number): Promise<GroupCount[][]> {
    if (this.config.searchCounts !== 'sql' && items.length > 1) {
      const alters = items.map((item) => countDependsOn(item.filters, item.group));
      const snapshot = await this.snapshotFor(version, (change) => alters.some((a) => a(change, undefined)));
      const ids = idFiltersOf(items[0].filters);
      // Each one counted in this snapshot or the one before (a search asked again after a listing joined or left,
      // which changes its total and drops its answer): worked out from the listings changed, not a pass over all.
      const known = snapshot && items.map((item) => this.countsKnown(snapshot, item.filters, item.group));
      if (snapshot && known?.every((k) => k !== undefined)) {
        const rows = await Promise.all(items.map((item, k) => this.countInMemory(snapshot, item.filters, item.group, known[k])));
        if (rows.every((r) => r !== undefined)) {
          this.metrics?.searchCounts.inc({ source: 'memory' }, items.length);
          return rows as GroupCount[][];
        }
      }
      const matches = snapshot && (await this.matchesOf(snapshot, items[0].filters));
      const counted = snapshot?.countAll(items, matches);
      if (snapshot && counted) {
        this.metrics?.searchCounts.inc({ source: 'memory' }, items.length);
        this.metrics?.searchCountsRead.inc({ read: 'all' }, items.length);
        items.forEach((item, k) => this.counted.set(`${item.group}:${filtersKey(item.filters)}`, { version: snapshot.version, rows: counted[k], idSet: ids ? this.idSets.peek(filtersKey(ids as NormalizedSearchFilters))?.serial : undefined }));
        return counted;
      }
    }
    return Promise.all(items.map((item) => this.count(item.filters, item.group, version)));
  }

  /**
   * The search page's `available` at `version` (CountsSnapshot.available: a pass over two held columns) instead of
   * two index range counts, which every listing approved or sold with a rating or a price cut asks again (60 ms
   * at a million listings on SQLite, on the thread that answers searches). Undefined as for pageIds.
   */
  async available(version: number): Promise<{ rated: number; reduced: number } | undefined> {
    if (this.config.searchCounts === 'sql') return undefined;
    const snapshot = await this.snapshotFor(version, (change) => change.facts === null || availableChanged(change.facts));
    return snapshot?.available();
  }

  /**
   * The ids of a search's page (`offset`, `limit`) in `sortBy`'s order at `version` of the listings, found in
   * the counts snapshot (CountsSnapshot.page: one pass over its columns, with the same id sets as the counts
   * for keywords, features, place and radius) instead of a page query, which on a large or scattered match
   * reads many index entries or rows for its 24 (a make with four more filters, newest first: 20 to 100 ms on
   * MariaDB at 100,000 listings). Undefined when the page must be read in SQL: a sort the snapshot does not
   * hold (views, distance, relevance), no snapshot of the version within the wait the counts wait, a text value
   * the snapshot does not hold (MariaDB), or SEARCH_COUNTS=sql.
   */
  async pageIds(filters: NormalizedSearchFilters, sortBy: SortOption, offset: number, limit: number, version: number): Promise<number[] | undefined> {
    if (this.config.searchCounts === 'sql' || !snapshotSorts(sortBy)) return undefined;
    const read = await this.pageSnapshot(filters, sortBy, version);
    const page = read?.snapshot.page(filters, sortBy, offset, limit, read.matches);
    this.metrics?.searchPages.inc({ source: page ? 'memory' : 'database' });
    return page;
  }

  /**
   * The first `end` of `ranked` ("Best match": the keywords' matches in rank order) that match `filters` at
   * `version`, checked in the counts snapshot instead of by primary key in SQL. Undefined as for pageIds.
   */
  async firstOfRanked(ranked: Int32Array, filters: NormalizedSearchFilters, end: number, version: number): Promise<number[] | undefined> {
    if (this.config.searchCounts === 'sql') return undefined;
    // The ranked ids hold the order ("Best match"): the snapshot only tells which of them match.
    const read = await this.pageSnapshot(filters, 'relevance_desc', version);
    const found = read?.snapshot.firstMatching(ranked, filters, end, read.matches);
    this.metrics?.searchPages.inc({ source: found ? 'memory' : 'database' });
    return found;
  }

  /**
   * The snapshot a page of `filters` in `sortBy`'s order at `version` reads (one no change since could move in
   * the page: pageChanged), with the ids that pass the filters it does not hold (matchesOf).
   */
  private async pageSnapshot(filters: NormalizedSearchFilters, sortBy: SortOption, version: number): Promise<{ snapshot: CountsSnapshot; matches: IdBits | undefined } | undefined> {
    const snapshot = await this.snapshotFor(version, (change) => change.facts === null || pageChanged(filters, sortBy, change.facts));
    return snapshot && { snapshot, matches: await this.matchesOf(snapshot, filters) };
  }

  /**
   * The ids in `snapshot` that pass the filters of `filters` it does not hold (keywords, features, place, radius:
   * IdFilters), from their id set; undefined when the search has none of those.
   */
  private async matchesOf(snapshot: CountsSnapshot, filters: NormalizedSearchFilters): Promise<IdBits | undefined> {
    const ids = idFiltersOf(filters);
    return ids && this.settled(this.idSetOf(snapshot, ids));
  }

  /**
   * The snapshot a count or a page at `version` reads: the held one when it holds the version (or a newer one),
   * or, though older, when no change applied since `alters` what is asked (search-invalidation.ts: a seller's
   * price edit within its band leaves every make count as it was), so it is not held up by the catch-up.
   * Else the catch-up is waited for, and when it ends short of the version (writes kept coming while it read)
   * the next one, up to catchUpWaitMs in all (FIRST_SNAPSHOT_WAIT_MS for the first snapshot, read as the
   * server starts: counts in SQL meanwhile would compete with its reading for the database, and on SQLite for
   * the one thread both run on). Undefined then: the caller reads SQL.
   */
  private async snapshotFor(version: number, alters: (change: DataChange<ListingsChangeFacts>) => boolean): Promise<CountsSnapshot | undefined> {
    const deadline = Date.now() + (this.snapshot ? catchUpWaitMs(this.catchUpMs) : FIRST_SNAPSHOT_WAIT_MS);
    for (;;) {
      const current = this.snapshotAt(version);
      if (current) return current;
      const held = this.snapshot;
      const since = held && this.cache.changesSince(held.version);
      if (held && since && noneAlters(since, alters)) return held;
      const left = deadline - Date.now();
      if (left <= 0) return undefined;
      if (this.building) await this.within(this.building, left);
      // Between two catch-ups (snapshotAt's pause): wait for the next, unless it comes after the deadline.
      else if (this.nextBuildAt - Date.now() < left) await new Promise((resolve) => setTimeout(resolve, Math.max(1, this.nextBuildAt - Date.now())));
      else return undefined;
    }
  }

  /**
   * Whether countInMemory answers the count in `snapshot` without a pass over its rows: counted in it already
   * ('kept'); or in the snapshot before it (the last step) with the same id set, so it is worked out from the
   * changes ('changes', the rows counted before); or, without id filters, in an older snapshot the kept steps
   * reach back to ('steps', the rows worked out from the listings touched since: countsAcrossSteps).
   */
  private countsKnown(snapshot: CountsSnapshot, filters: NormalizedSearchFilters, group: CountGroup): KnownCounts | undefined {
    const key = `${group}:${filtersKey(filters)}`;
    const known = this.counted.get(key);
    if (known?.version === snapshot.version) return { read: 'kept', rows: known.rows };
    if (!known || snapshot !== this.snapshot) return undefined;
    // Counted before changes none of which can alter it (a refit's estimates, a price edit within its band): exact now.
    if (known.version < snapshot.version && this.unalteredSince(known.version, filters, group)) {
      this.counted.set(key, { ...known, version: snapshot.version });
      return { read: 'kept', rows: known.rows };
    }
    const step = this.lastStep;
    // The set of ids the known counts were counted with, if it is still held.
    const ids = idFiltersOf(filters);
    if (step && known.version === step.before.version && (!ids || step.idSets.peek(filtersKey(ids as NormalizedSearchFilters))?.serial === known.idSet)) return { read: 'changes', rows: known.rows };
    const moved = this.countsAcrossSteps(snapshot, known, filters, group);
    return moved ? { read: 'steps', rows: moved } : undefined;
  }

  /**
   * Whether no change this instance applied after `version` can alter the count of `filters` by `group`
   * (countDependsOn, as whole answers are kept: a refit's estimates alter no count without a deal filter, a price edit
   * within its band no count of a make). Each batch of a refit moved the snapshot's version, and every count kept at
   * the version before was counted again in a pass over every listing: at a million listings on SQLite, 100 s of the
   * thread's 502 over a refit. At most MAX_CHANGES_UNALTERED changes are checked.
   */
  private unalteredSince(version: number, filters: NormalizedSearchFilters, group: CountGroup): boolean {
    const since = this.cache.changesSince(version);
    if (!since || since.length > MAX_CHANGES_UNALTERED) return false;
    const alters = countDependsOn(filters, group);
    return noneAlters(since, (change) => alters(change, undefined));
  }

  /** Keeps a catch-up as a Step (only the listings it touched), or forgets every step when it read every listing. */
  private keepStep(held: CountsSnapshot | undefined, next: CountsSnapshot, touched: number[] | undefined): void {
    const last = this.steps[this.steps.length - 1];
    if (!held || !touched || touched.length > MAX_STEPS_CHANGES || (last && last.to !== held.version)) {
      this.steps = [];
      if (!held || !touched || touched.length > MAX_STEPS_CHANGES) return;
    }
    this.steps.push({ from: held.version, to: next.version, touched, before: CountsSnapshot.of([{ from: held, ids: touched }], held) });
    let kept = this.steps.reduce((sum, step) => sum + step.touched.length, 0);
    while (this.steps.length > MAX_STEPS || kept > MAX_STEPS_CHANGES) kept -= this.steps.shift()!.touched.length;
  }

  /**
   * Counts kept at an older snapshot worked out in `snapshot` from the listings the catch-ups since touched, as they
   * were then and as they are now (touchedSince, countFrom: one pass over those listings, however many catch-ups),
   * for filters the snapshot holds all of (no keywords, features, place or radius: which listings those selected
   * before is not kept). Undefined when the steps do not reach back to the version or that cannot be exact.
   */
  private countsAcrossSteps(snapshot: CountsSnapshot, known: { version: number; rows: GroupCount[] }, filters: NormalizedSearchFilters, group: CountGroup): GroupCount[] | undefined {
    if (idFiltersOf(filters) || snapshot !== this.snapshot) return undefined;
    const since = this.touchedSince(known.version, snapshot);
    // Each count reads each touched listing twice, where one pass counts every count of a search: past a listing
    // in STEPS_SHARE_OF_PASS of those held (a refit's batches of 500 at 100,000 listings), the pass is cheaper.
    if (!since || since.touched.length * STEPS_SHARE_OF_PASS > snapshot.size) return undefined;
    return snapshot.countFrom(since.before, known.rows, since.touched, filters, group);
  }

  /**
   * The listings the kept steps from `version` to `snapshot`'s touched, and their rows as they were at `version`
   * (each from the first step that touched it), made once per version asked for while `snapshot` is held: the
   * searches counted at one snapshot share them.
   */
  private touchedSince(version: number, snapshot: CountsSnapshot): { before: CountsSnapshot; touched: number[] } | undefined {
    if (this.since?.snapshot !== snapshot) this.since = { snapshot, byVersion: new Map() };
    const { byVersion } = this.since;
    if (byVersion.has(version)) return byVersion.get(version);
    const first = this.steps.findIndex((step) => step.from === version);
    let found: { before: CountsSnapshot; touched: number[] } | undefined;
    if (first >= 0 && this.steps[this.steps.length - 1].to === snapshot.version) {
      const steps = this.steps.slice(first);
      found = { before: CountsSnapshot.of(steps.map((step) => ({ from: step.before, ids: step.touched })), snapshot), touched: [...new Set(steps.flatMap((step) => step.touched))] };
    }
    byVersion.set(version, found);
    return found;
  }

  /**
   * The counts in `snapshot`: worked out from the same counts in the snapshot before it and the listings
   * changed since, when those were counted there (a few rows read instead of every listing); else counted.
   * `asked`: what countsKnown answered for them in this snapshot just before (countAll asks it of every item
   * first), so that counts across steps (a pass over the listings touched since) are not worked out again.
   */
  private async countInMemory(snapshot: CountsSnapshot, filters: NormalizedSearchFilters, group: CountGroup, asked?: KnownCounts): Promise<GroupCount[] | undefined> {
    const ids = idFiltersOf(filters);
    const key = `${group}:${filtersKey(filters)}`;
    const kept = asked ?? this.countsKnown(snapshot, filters, group);
    if (kept?.read === 'kept') {
      this.metrics?.searchCountsRead.inc({ read: 'kept' });
      return kept.rows;
    }
    const idSet = ids && this.idSetOf(snapshot, ids);
    const matches = idSet && (await this.settled(idSet));
    let rows: GroupCount[] | undefined;
    // Asked again after the wait for the id set: a catch-up meanwhile may have moved the last step (without an
    // id set nothing was waited for).
    const step = this.lastStep;
    const known = idSet ? this.countsKnown(snapshot, filters, group) : kept;
    if (known?.read === 'changes' && step) {
      rows = snapshot.countFrom(step.before, known.rows, step.touched, filters, group, matches, await (idSet && step.idSets.peek(idSet.key))?.get());
      if (rows) this.metrics?.searchCountsRead.inc({ read: 'changes' });
    } else if (known?.read === 'steps') {
      rows = known.rows;
      this.metrics?.searchCountsRead.inc({ read: 'changes' });
    }
    if (!rows) {
      rows = snapshot.count(filters, group, matches);
      if (rows) this.metrics?.searchCountsRead.inc({ read: 'all' });
    }
    if (rows) this.counted.set(key, { version: snapshot.version, rows, idSet: idSet?.serial });
    return rows;
  }

  /**
   * Starts reading the snapshot of the listings' current version, so that the first searches count from memory (the
   * server calls it once it listens), and holds the instance's readiness back until it is read (LifecycleService.warmUp:
   * at most FIRST_SNAPSHOT_READY_MS). Meanwhile every search waits for it up to FIRST_SNAPSHOT_WAIT_MS, then counts
   * in SQL: 4 to 13 s at a million listings on 2 cores, better spent out of the load balancer's rotation.
   */
  warm(): void {
    if (this.config.searchCounts === 'sql') return;
    const first = Promise.resolve(this.cache.version(LISTINGS_DATA_SET)).then(
      async (version) => {
        this.snapshotAt(version);
        await this.building;
      },
      (error: unknown) => this.logger.warn(`Search counts not warmed: ${error instanceof Error ? error.message : String(error)}`),
    );
    this.lifecycle?.warmUp('search counts', first, FIRST_SNAPSHOT_READY_MS);
  }

  /**
   * Builds the snapshot of the listings' current version unless this instance holds it, and waits for it.
   * Answers whether counts are now counted in memory (false while writes keep moving the version, or when
   * MariaDB's collation and JavaScript disagree on the listings' text). For tests; a search waits for a
   * build only up to catchUpWaitMs or FIRST_SNAPSHOT_WAIT_MS (count).
   */
  async snapshotReady(): Promise<boolean> {
    if (this.config.searchCounts === 'sql') return false;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await this.building;
      const version = await this.cache.version(LISTINGS_DATA_SET);
      if (this.snapshot && this.snapshot.version >= version) return true;
      this.nextBuildAt = 0;
      this.snapshotAt(version);
      await this.building;
      if (this.snapshot && this.snapshot.version >= version) return true;
    }
    return false;
  }

  async onModuleDestroy(): Promise<void> {
    await this.building;
  }

  /** Waits for `work`, at most `ms`. */
  private async within(work: Promise<unknown>, ms: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
    clearTimeout(timer);
  }

  private async countInSql(filters: NormalizedSearchFilters, group: CountGroup, version: number): Promise<GroupCount[]> {
    const where = whereOf(filters, this.engine);
    const index = countIndex(filters, await this.commonKeywords(where, version));
    const { select, groupBy } = SQL_GROUPS[group];
    const rows = (await this.dataSource.query(`SELECT ${select}, COUNT(*) AS n FROM ${fromVehicles(index, this.engine, where)} WHERE ${where.sql}${groupBy}`, where.params)) as Row[];
    return rows.map((r) => ({
      value: r.value === null ? null : group === 'price' ? Number(r.value) : String(r.value),
      ...(r.label === undefined || r.label === null ? {} : { label: String(r.label) }),
      n: Number(r.n),
    }));
  }

  /**
   * SQLite: whether the keywords match so many listings (more than 1 in COMMON_KEYWORD_SHARE of the public
   * ones) that a count reads the counts index with the matches as a set of ids, instead of looking up each
   * match's row (countIndex). Counted once per listings version on the full-text table alone (a few ms).
   */
  private async commonKeywords(where: SqlWhere, version: number): Promise<boolean> {
    if (this.engine !== 'sqlite' || !where.keywordMatch) return false;
    const match = where.keywordMatch;
    const count = (key: string, sql: string, params: unknown[]) =>
      this.cache.get(LISTINGS_DATA_SET, key, async () => Number(((await this.dataSource.query(sql, params)) as Row[])[0]?.n ?? 0), textDependsOn);
    const [matches, publicTotal] = await Promise.all([
      count(`keywordMatches:${match}`, `SELECT COUNT(*) AS n FROM ${KEYWORD_TABLE} WHERE ${KEYWORD_TABLE} MATCH ?`, [match]),
      this.snapshot && this.snapshot.version >= version ? this.snapshot.publicRows : this.cache.get(LISTINGS_DATA_SET, 'publicTotal', () => this.publicCount(), publicCountDependsOn),
    ]);
    return matches * COMMON_KEYWORD_SHARE > publicTotal;
  }

  /**
   * The snapshot of `version` or a newer one (this instance learns of other instances' writes within a second,
   * and a count in SQL would read the newer listings too), or undefined while one is built in the background
   * (at most one build at a time).
   */
  private snapshotAt(version: number): CountsSnapshot | undefined {
    if (this.snapshot && this.snapshot.version >= version) return this.snapshot;
    if (this.building || Date.now() < this.nextBuildAt) return undefined;
    const started = performance.now();
    this.building = this.load()
      .then((loaded) => {
        if (!loaded || (this.snapshot && this.snapshot.version >= loaded.snapshot.version)) return;
        const held = this.snapshot;
        // The listings whose rows differ between the two snapshots: changed, or deleted (no row to read).
        const changedIds = loaded.read === 'changes' ? loaded.changedIds : undefined;
        const touched = held && changedIds ? [...new Set([...changedIds, ...held.idsNotIn(loaded.snapshot)])] : undefined;
        this.lastStep = held && touched && touched.length <= MAX_CARRIED_CHANGES ? { before: held, idSets: this.idSets, touched } : undefined;
        this.keepStep(held, loaded.snapshot, touched);
        // The id sets are carried on their own terms: the listings whose place in them may have moved are few
        // after a refit's batch, however many of its listings changed.
        this.idSets =
          held && loaded.read === 'changes' && loaded.idSetIds.length <= MAX_CARRIED_CHANGES ? this.carriedIdSets(loaded.snapshot, loaded.idSetIds) : idSetsOf(loaded.snapshot);
        this.snapshot = loaded.snapshot;
        this.heldFrom = loaded.from;
        this.metrics?.countsSnapshotBuild.observe({ read: loaded.read }, (performance.now() - started) / 1000);
        if (loaded.read === 'changes') this.catchUpMs = performance.now() - started;
      })
      .catch((error: unknown) => this.logger.warn(`Search counts snapshot not built: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        // A build that keeps losing to writes takes at most about half of the time.
        this.nextBuildAt = Math.max(this.nextBuildAt, Date.now() + (performance.now() - started));
        this.building = undefined;
      });
    return undefined;
  }

  /** The snapshot of the listings' version now: the held one with the listings changed since, or all of them read. */
  private async load(): Promise<Loaded | undefined> {
    const held = this.snapshot;
    if (held) {
      const changed = await this.loadChanges(held, this.heldFrom);
      if (changed !== 'read all') return changed;
    }
    return this.loadAll();
  }

  /**
   * The held snapshot with the listings changed since the log id it holds every change up to (`from`: the
   * listing writer stamps each listing with its change's log id, changedInVersion). The position in the log is
   * read first, so every change it counts committed before the listings are read; a listing changed again
   * meanwhile is read as it is now, and read again by the next catch-up (its id is above the new `from` or is
   * seen later). A deleted listing has no row to read: the log's facts tell it, or, for a change logged without
   * them, the public ids are read when the snapshot holds more listings than are public.
   * 'read all' when reading everything is as cheap or the only way to be exact.
   */
  private async loadChanges(held: CountsSnapshot, heldFrom: number): Promise<Loaded | undefined | 'read all'> {
    const { version, from } = await this.cache.position();
    // A bulk job's change (the market refit's, the derived columns' without facts) stamps the listings it wrote like
    // any other, so they are read below. So does every change of a backlog read past or no longer remembered
    // (`since` unknown): the stamps tell those listings, and the count of the public listings what the log would
    // have told of them (deletions). A first refit at a million listings left such a backlog behind it (9,300 log
    // rows), and reading every listing again took 5 to 6.6 s, with counts in SQL meanwhile.
    const logged = this.cache.changesSince(held.version);
    const since = logged?.some((change) => change.dataSet === '*') ? undefined : logged;
    // Through the stamps' index: SQLite otherwise walks every row in id order (85 ms at 100,000 listings, on the thread that answers searches).
    const changedSql = `SELECT changedInVersion, ${this.snapshotColumns()} FROM ${fromVehicles('IDX_vehicles_changed_in_version', this.engine, {})} WHERE changedInVersion > ? ORDER BY id LIMIT ${MAX_CHANGED_SHARE_OF(held.size) + 1}`;
    type Changed = ChangedRow & { changedInVersion: number | string | null };
    const changed = (await this.dataSource.query(changedSql, [heldFrom])) as Changed[];
    if (changed.length > MAX_CHANGED_SHARE_OF(held.size)) return 'read all';
    const fromChanges = (snapshot: CountsSnapshot, rows: readonly Changed[]): Loaded => ({
      snapshot,
      from,
      read: 'changes',
      changedIds: rows.map((r) => Number(r.id)),
      // Without the log's facts, every listing read may have moved in or out of an id set.
      idSetIds: idSetsMayMove(since ? listingChanges(since) : [], rows, from),
    });
    // Every listing write logs what it did (ListingWriter): the rows stamped since are every listing that changed,
    // and a deletion, which has no row to read, is told by its facts (nothing after). The changes logged before the
    // rows were read are those in `since`; a later deletion is the next catch-up's. No count of the public
    // listings then: a pass over their index (18 ms of SQLite's thread at a million, at every approval or sale).
    const listings = since && listingChanges(since);
    if (listings?.every((change) => change.facts !== null)) {
      const deleted = listings.flatMap(({ facts }) => (facts === null ? [] : (deletedBy(facts) ?? [])));
      const next = held.withChanges(version, changed, { deleted });
      if (this.engine !== 'sqlite' && next.addedValues > 0) return 'read all';
      return fromChanges(next, changed);
    }
    // A change logged without facts (a bulk job's, another instance's plain bump), or not known: the changes read again with the
    // number of public listings, in one statement (one consistent read on both engines), so that another
    // instance's write between two reads cannot make them disagree, and a listing deleted without a row to read
    // is found by reading the public ids. Apart, during a live market MariaDB's catch-ups kept failing on that
    // (3 s each at 100,000 listings, counts in SQL meanwhile), and a listing that left between them read every
    // public id (2 s at a million listings on SQLite).
    const counted = (await this.dataSource.query(
      `SELECT c.*, p.n AS publicCount FROM (${PUBLIC_COUNT_SQL}) p LEFT JOIN (${changedSql}) c ON 1 = 1 ORDER BY c.id`,
      [heldFrom],
    )) as (Changed & { publicCount: number | string })[];
    const publicCount = Number(counted[0].publicCount);
    const rows = counted.filter((r) => r.id !== null && r.id !== undefined).map(({ publicCount: _count, ...row }) => row as Changed);
    if (rows.length > MAX_CHANGED_SHARE_OF(held.size)) return 'read all';
    let next = held.withChanges(version, rows);
    // A listing deleted (no row to read) leaves the snapshot holding more listings than are public.
    if (next.publicRows > publicCount) next = held.withChanges(version, rows, { publicIds: await this.publicIds(Math.max(held.idLimit, next.idLimit)) });
    // Listings that appeared without a stamp (written outside the listing writer), or new text values on
    // MariaDB (whose collation must be asked whether they differ from the held ones): read everything; unless
    // a listing was created or deleted between the reads, which the next catch-up sees.
    if (next.publicRows !== publicCount || (this.engine !== 'sqlite' && next.addedValues > 0)) {
      return (await this.cache.position()).version !== version ? undefined : 'read all';
    }
    return fromChanges(next, rows);
  }

  /**
   * Every public listing's count columns, by id in chunks, after reading the position in the log: every change
   * up to it is in the rows read; those committed while they are read are read again by the next catch-up.
   */
  private async loadAll(): Promise<Loaded | undefined> {
    const { version, from } = await this.cache.position();
    const builder = new SnapshotBuilder(await this.heldCount());
    const table = vehiclesByPrimaryKey(this.engine);
    for (let after = 0; ; ) {
      const rows = (await this.dataSource.query(`SELECT ${this.snapshotColumns()} FROM ${table} WHERE id > ? AND ${HELD_SQL} ORDER BY id LIMIT ${LOAD_CHUNK}`, [after])) as SnapshotRow[];
      builder.add(rows);
      if (rows.length < LOAD_CHUNK) break;
      after = Number(rows[rows.length - 1].id);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const agrees = this.engine === 'sqlite' || (await this.collationAgrees(builder));
    if (!agrees) {
      this.logger.warn('Search counts stay in SQL: the listings hold text values MariaDB\'s collation takes for one ("Sedan", "sedan")');
      this.nextBuildAt = Date.now() + CLASH_PAUSE_MS;
      return undefined;
    }
    return { snapshot: new CountsSnapshot(version, this.engine, builder.columns()), from, read: 'all' };
  }

  private snapshotColumns(): string {
    return snapshotSelect(this.engine);
  }

  private async publicCount(): Promise<number> {
    const [{ n }] = (await this.dataSource.query(PUBLIC_COUNT_SQL)) as Row[];
    return Number(n);
  }

  /** How many listings a snapshot read whole holds (HELD_SQL): the public ones and the pending ones (never public), each counted on its index. */
  private async heldCount(): Promise<number> {
    const [{ n }] = (await this.dataSource.query("SELECT COUNT(*) AS n FROM vehicles WHERE status = 'pending'")) as Row[];
    return (await this.publicCount()) + Number(n);
  }

  /** The ids of every public listing, as a byte per id (at least `limit` long). */
  private async publicIds(limit: number): Promise<Uint8Array> {
    const rows = (await this.dataSource.query('SELECT id FROM vehicles WHERE isPublic = 1')) as Row[];
    const ids = rows.map((r) => Number(r.id));
    const set = new Uint8Array(ids.reduce((most, id) => Math.max(most, id + 1), limit));
    for (const id of ids) set[id] = 1;
    return set;
  }

  /** MariaDB: its collation tells the text values of the compared columns apart as JavaScript did. */
  private async collationAgrees(builder: SnapshotBuilder): Promise<boolean> {
    const columns = COMPARED_COLUMNS.map((c) => `COUNT(DISTINCT ${columnSql(c)}) AS ${columnSql(c)}`).join(', ');
    const [row] = (await this.dataSource.query(`SELECT ${columns} FROM vehicles WHERE ${HELD_SQL}`)) as Row[];
    const inMemory = builder.distinctCounts();
    return COMPARED_COLUMNS.every((c) => Number(row[c]) === inMemory[c]);
  }

  /** The ids of the public listings that satisfy the filters a snapshot does not hold (kept per snapshot, read when first used). */
  private idSetOf(snapshot: CountsSnapshot, ids: IdFilters): IdSet {
    const key = filtersKey(ids as NormalizedSearchFilters);
    const sets = this.idSets;
    const known = sets.get(key);
    if (known) return known;
    // What reading it needs, not the snapshot: a set made from this one must not keep it (see carriedIdSets).
    const idLimit = snapshot.idLimit;
    const read: IdSet = {
      ids,
      key,
      sets,
      serial: (idSetSerial += 1),
      get: once(async () => {
        const where = whereOf(ids as NormalizedSearchFilters, this.engine);
        const found = await this.idReader.ids(`SELECT id FROM ${fromVehicles(ids.near ? 'IDX_vehicles_public_geo' : undefined, this.engine, where)} WHERE ${where.sql}`, where.params);
        const set = idBits(idLimit);
        for (let k = 0; k < found.length; k += 1) addId(set, found[k]);
        return set;
      }),
    };
    sets.set(key, read);
    return read;
  }

  /** The set's ids; a set that could not be read is dropped, so the next search asks again. */
  private settled(idSet: IdSet): Promise<IdBits> {
    idSet.used = true;
    const ids = idSet.get();
    ids.catch(() => {
      if (idSet.sets.peek(idSet.key) === idSet) idSet.sets.delete(idSet.key);
    });
    return ids;
  }

  /**
   * The held id sets brought to `snapshot`, made from the held one with the listings `changedIds` changed:
   * each keeps its bits but those of the changed listings, which are asked again, only of them (the filters
   * read row by row: a few primary-key lookups, where reading the set again lists every match of its
   * keywords or radius, 10 to 100 ms at 100,000 listings). Deleted listings keep their bit: the snapshot no
   * longer holds them, so no count reads it. Brought forward when first used: a set no search read in a
   * snapshot carries the bits it was last read with and every listing changed since, up to
   * MAX_CARRIED_CHANGES of them (a keyword of the long tail, asked once a minute while sellers edit every
   * second, is not listed again in full each time).
   */
  private carriedIdSets(snapshot: CountsSnapshot, changedIds: readonly number[]): LRUCache<string, IdSet> {
    const carried = idSetsOf(snapshot);
    // The closures below hold the id limit, the filters and the bits to start from, never a snapshot or a set of
    // an older one: a set no search reads is carried through every catch-up, and holding its snapshot kept each
    // older snapshot alive in a chain (gigabytes at a million listings).
    const idLimit = snapshot.idLimit;
    // Least recently used first, so the new LRU keeps their order.
    for (const held of this.idSets.rvalues()) {
      if (!held) continue;
      const unread = held.used ? { bits: held.get, changed: changedIds } : held.unread && { bits: held.unread.bits, changed: [...new Set([...held.unread.changed, ...changedIds])] };
      if (!unread || unread.changed.length > MAX_CARRIED_CHANGES) continue;
      const filters = held.ids;
      carried.set(held.key, {
        ids: filters,
        key: held.key,
        sets: carried,
        serial: (idSetSerial += 1),
        unread,
        get: once(async () => {
          const before = await unread.bits();
          const set = idBits(idLimit);
          set.set(before.length > set.length ? before.subarray(0, set.length) : before);
          const changed = unread.changed;
          for (const id of changed) removeId(set, id);
          if (changed.length > 0) {
            const where = whereOf(filters as NormalizedSearchFilters, this.engine, 'perRow', 'row');
            const rows = (await this.dataSource.query(`SELECT id FROM vehicles WHERE id IN (${changed.map(() => '?').join(', ')}) AND ${where.sql}`, [
              ...changed,
              ...where.params,
            ])) as Row[];
            for (const r of rows) addId(set, Number(r.id));
          }
          return set;
        }),
      });
    }
    return carried;
  }
}
