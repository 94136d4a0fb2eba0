import { PRICE_BANDS, type SortOption } from '@app/shared';
import type { SqlEngine } from '../../../infra/database/sql-engine';
import { PUBLIC_COUNTS_COLUMNS } from '../entities/vehicle.entity';
import { UNRATED_DEAL_RANK } from '../pricing/market-columns';
import { distanceFrom } from '../../../infra/geo/radius';
import { COLUMN_FILTERS, type NormalizedSearchFilters } from './search-filters';

/** What a count groups by: nothing (the total), a facet's column, or the price facet's bands. */
export type CountGroup = 'total' | 'make' | 'model' | 'bodyType' | 'fuelType' | 'price';

/**
 * One group of a count as the SQL count answers it: the group's value (a price band's index; null for the
 * total), its label for makes and models (MIN(make) of the group), and how many listings it holds.
 */
export interface GroupCount {
  value: string | number | null;
  label?: string;
  n: number;
}

/**
 * The numeric columns held: those of the counts index, the two times the sorts order by (createdAt,
 * reducedAt: priceReducedAt), read as numbers in the engine's own order (ORDER_KEY_SQL), and the position
 * "Nearest first" measures from. The others are text, held as codes into a dictionary.
 */
const NUMERIC = ['price', 'year', 'mileage', 'dealRank', 'createdAt', 'reducedAt', 'latitude', 'longitude'] as const;
type NumericColumn = (typeof NUMERIC)[number];
type TextColumn = Exclude<(typeof PUBLIC_COUNTS_COLUMNS)[number], NumericColumn | 'isPublic'>;

/**
 * The time columns as numbers that order exactly as the engine orders the column (NULL stays NULL):
 * MariaDB keeps microseconds, whole microseconds since 1970 are below 2^53; SQLite keeps text, and julianday
 * counts whole milliseconds inside, which the double of milliseconds keeps apart.
 */
const ORDER_KEY_SQL: Record<SqlEngine, Record<'createdAt' | 'reducedAt', string>> = {
  mysql: {
    createdAt: "TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', createdAt)",
    reducedAt: "TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', priceReducedAt)",
  },
  sqlite: {
    createdAt: '(julianday(createdAt) - 2440587.5) * 86400000.0',
    reducedAt: '(julianday(priceReducedAt) - 2440587.5) * 86400000.0',
  },
};

/**
 * The sorts a snapshot can order by: the held column and the direction (ties by id in the same direction, as
 * SORT_SQL writes them). Not views (counted outside the change log) or relevance: pages of those
 * stay in SQL.
 */
const SORT_KEYS: Partial<Record<SortOption, { column: NumericColumn; descending: boolean }>> = {
  price_asc: { column: 'price', descending: false },
  price_desc: { column: 'price', descending: true },
  year_asc: { column: 'year', descending: false },
  year_desc: { column: 'year', descending: true },
  mileage_asc: { column: 'mileage', descending: false },
  mileage_desc: { column: 'mileage', descending: true },
  created_asc: { column: 'createdAt', descending: false },
  created_desc: { column: 'createdAt', descending: true },
  reduced_desc: { column: 'reducedAt', descending: true },
  deal_asc: { column: 'dealRank', descending: false },
};

/** Whether a snapshot can find a page in this sort's order (CountsSnapshot.page): a held column's, or the distance. */
export const snapshotSorts = (sortBy: SortOption): boolean => SORT_KEYS[sortBy] !== undefined || sortBy === 'distance_asc';
const TEXT = PUBLIC_COUNTS_COLUMNS.filter((c): c is TextColumn => c !== 'isPublic' && !(NUMERIC as readonly string[]).includes(c));

/** The column a group counts by, and (makes, models) the label column whose least value names the group. */
const GROUP_COLUMNS = {
  make: { column: 'makeKey', label: 'make' },
  model: { column: 'modelKey', label: 'model' },
  bodyType: { column: 'bodyType' },
  fuelType: { column: 'fuelType' },
} as const satisfies Record<string, { column: TextColumn; label?: TextColumn }>;

/** A text column's distinct values; code 0 is NULL, so a code indexes a Uint8Array of allowed codes. */
interface Dictionary {
  values: (string | null)[];
  codes: Map<string, number>;
}

/** A listing row as the loader reads it: `isPublic` false (0) for a listing held off the market (a slot: CountsSnapshot), absent for a public one. */
export type SnapshotRow = Record<TextColumn, string | null> & Record<NumericColumn, number | string> & { id: number | string; isPublic?: unknown };

/** A set of listing ids, a bit each: bit `id & 7` of byte `id >>> 3` (an id past its end is not in it). */
export type IdBits = Uint8Array;

/** Per id set (never written once made: SearchCounts), how many ids it holds (idCount). */
const idCounts = new WeakMap<IdBits, number>();
/** How many bits each byte value has set. */
const BITS_SET = Uint8Array.from({ length: 256 }, (_, byte) => {
  let n = 0;
  for (let v = byte; v !== 0; v &= v - 1) n += 1;
  return n;
});

/** How many ids a set holds: counted once per set. */
export function idCount(bits: IdBits): number {
  let n = idCounts.get(bits);
  if (n === undefined) {
    n = 0;
    for (let b = 0; b < bits.length; b += 1) n += BITS_SET[bits[b]];
    idCounts.set(bits, n);
  }
  return n;
}

/** A snapshot maps its slots by id (mapsSlots) from this many rows, when its highest id is at most this many times them. */
const SLOT_MAP_MIN_ROWS = 64;
const SLOT_MAP_MAX_SPREAD = 4;

/**
 * Buffers the loops fill and their callers read at once, before asking again (JavaScript runs one at a time): one of
 * each, grown as needed, instead of 4 bytes a row made again for every snapshot, at every catch-up.
 */
const MATCHING_ROWS = 0;
const ID_ROWS = 1;
const scratches: Int32Array[] = [new Int32Array(0), new Int32Array(0)];
function scratch(which: number, size: number): Int32Array {
  if (scratches[which].length < size) scratches[which] = new Int32Array(size + roomFor(size));
  return scratches[which];
}

/** How many bytes a set of ids below `limit` takes. */
export const idBitsBytes = (limit: number): number => (limit >>> 3) + 1;
/** An empty set for ids below `limit`. */
export const idBits = (limit: number): IdBits => new Uint8Array(idBitsBytes(limit));
export const hasId = (bits: IdBits, id: number): boolean => (bits[id >>> 3] & (1 << (id & 7))) !== 0;
export function addId(bits: IdBits, id: number): void {
  if (id >>> 3 < bits.length) bits[id >>> 3] |= 1 << (id & 7);
}
export function removeId(bits: IdBits, id: number): void {
  if (id >>> 3 < bits.length) bits[id >>> 3] &= ~(1 << (id & 7));
}

/** The filters a snapshot cannot check in memory: they are answered by the database as a set of listing ids. */
export type IdFilters = Pick<NormalizedSearchFilters, 'terms' | 'features' | 'location' | 'near'>;

export function idFiltersOf(filters: NormalizedSearchFilters): IdFilters | undefined {
  const { terms, features, location, near } = filters;
  return terms.length > 0 || features.length > 0 || location !== undefined || near !== undefined ? { terms, features, location, near } : undefined;
}

/**
 * The count columns of every public listing at one version of the listings, held column by column (text as
 * dictionary codes, numbers as doubles, a byte for present): 113 bytes a listing, and up to 12 more made when first
 * counted (price bands, zeros, the map of slots by id).
 *
 * Rows are slots, in id order, each flagged present (public) or not: a listing that leaves the market keeps its
 * slot, and one waiting for review (pending) is held in one from the start, so that a listing approved, sold or
 * edited changes its row where it is (replacedInPlace: the columns it changed copied, the others and their sort
 * orders shared) and a new listing's row is added at the end. Copying every row to insert or drop one, and mending
 * every sort order around it, took about a second per catch-up at a million listings, and a live market (a
 * listing approved or sold every second) spent the thread on it. Every count, page and check skips the slots not
 * present. A search's total and facets are then a loop over
 * typed arrays (about 1 ms per 100,000 listings) instead of a query that reads every matching index entry
 * (10 to 70 ms per 85,000 entries, up to six per search). Filters on free text and position (keywords,
 * features, place, radius) are not held: the database answers them as a set of ids (IdFilters), which the
 * loop checks.
 *
 * Answers are the SQL counts' exactly: the filters compare the same columns as whereOf (COLUMN_FILTERS is
 * the one list of them), NULL never equals a value and never falls in a range, and a price band is the CASE
 * of the SQL price facet. MariaDB compares text under its collation, which JavaScript does not: the loader
 * refuses a snapshot whose columns hold two values its collation takes for one (SearchCounts counts in SQL
 * then), and `count` answers undefined when a filter names a value the snapshot does not hold as written.
 */
export class CountsSnapshot {
  readonly size: number;
  /** Text columns' rows by value (rowsByValue). */
  private readonly byValue: Partial<Record<TextColumn, { starts: Int32Array; rows: Int32Array }>> = {};
  /** Sort columns' rows in ascending order (orderOf). */
  private readonly orders: Partial<Record<NumericColumn, Int32Array>> = {};
  /** Per label column: each code's position in the engine's order of text (MIN of the group's labels). */
  private readonly labelRank: Partial<Record<TextColumn, Int32Array>> = {};
  /** Each row's price band, each group's one label, and a slot of 0 for every row: made when first asked for. */
  private bands?: Uint32Array;
  /** `available`'s counts, made when first asked for or mended from the snapshot before (carry). */
  private availability?: { rated: number; reduced: number };
  private readonly sole: Partial<Record<TextColumn, Int32Array>> = {};
  private noSlots?: Uint32Array;
  /** Each id's slot + 1 (0: none), made when first asked for and carried while the slots stay (slots). */
  private slotMap?: Int32Array;
  /** idSetRows' rows per id set (a set is never written once made: SearchCounts). */
  private readonly idRows = new WeakMap<IdBits, Int32Array>();
  /** soleLabelOf's answers, per group and value. */
  private readonly soleKnown = new Map<string, string | undefined>();

  /** How many listings are on the market: the slots present. */
  readonly publicRows: number;

  constructor(
    readonly version: number,
    private readonly engine: SqlEngine,
    /** The columns, rows in ascending id order (SnapshotBuilder). */
    readonly columns: SnapshotColumns,
    /** Text values this snapshot holds that the one it was made from (withChanges) did not. */
    readonly addedValues = 0,
    /** The snapshot it was made from: its labels' order holds when no text value was added. */
    from?: CountsSnapshot,
  ) {
    this.size = columns.size;
    this.publicRows = columns.publicRows;
    for (const group of Object.values(GROUP_COLUMNS)) {
      if (!('label' in group)) continue;
      const known = from && addedValues === 0 ? from.labelRank[group.label] : undefined;
      if (known && known.length === columns.text[group.label].dictionary.values.length) {
        this.labelRank[group.label] = known;
        continue;
      }
      const { values } = columns.text[group.label].dictionary;
      const order = values.map((_, code) => code).slice(1);
      order.sort((a, b) => compareText(engine, values[a] as string, values[b] as string));
      const rank = new Int32Array(values.length);
      order.forEach((code, position) => (rank[code] = position));
      this.labelRank[group.label] = rank;
    }
  }

  /**
   * This snapshot with `changed` applied (in id order), at `version`: each changed listing's row replaces its slot's,
   * present when it is public now; a listing not held gets a slot when it is public or its id is past every held one
   * (a new listing, pending review); and the slots of listings deleted since (`gone`) are no longer present. Rows
   * stay in id order.
   */
  withChanges(version: number, changed: readonly ChangedRow[], gone: Gone = {}): CountsSnapshot {
    return this.replacedInPlace(version, changed, gone) ?? this.copiedWith(version, changed, gone);
  }

  /**
   * withChanges by copying every row: when a public listing joined that has no slot and an id between held ones (a
   * listing that was neither public nor pending when the snapshot was read). Every changed listing gets a slot then.
   */
  private copiedWith(version: number, changed: readonly ChangedRow[], { publicIds, deleted = [] }: Gone): CountsSnapshot {
    const builder = new SnapshotBuilder(this.size + changed.length, this.columns);
    // The rows between two changed listings are copied as one run.
    const { ids } = this.columns;
    let from = 0;
    // Where each row went (see carry): runs of unchanged rows moved by a shift; changed rows, where they are now.
    const moves: RowMoves = { runs: [], written: [], inPlace: false };
    const copy = (to: number) => {
      if (to <= from) return;
      moves.runs.push({ from, to, shift: builder.rows - from });
      builder.copy(this.columns, from, to);
    };
    for (const row of changed) {
      const id = Number(row.id);
      let at = from;
      let high = this.size;
      while (at < high) {
        const mid = (at + high) >>> 1;
        if (ids[mid] < id) at = mid + 1;
        else high = mid;
      }
      copy(at);
      from = at < this.size && ids[at] === id ? at + 1 : at;
      moves.written.push(builder.rows);
      builder.add([row]);
    }
    copy(this.size);
    const read = new Set(changed.map((row) => Number(row.id)));
    const deletedIds = new Set(deleted);
    if (publicIds || deletedIds.size > 0) builder.leave((id) => !read.has(id) && ((publicIds !== undefined && publicIds[id] !== 1) || deletedIds.has(id)));
    const next = new CountsSnapshot(version, this.engine, builder.columns(), builder.addedValues, this);
    next.carry(this, moves);
    return next;
  }

  /**
   * withChanges where every row stays in its slot: each changed listing held is written where it is (edited,
   * approved, sold, re-rated by a refit), new listings (ids past the held ones) are added at the end, and one neither
   * held nor public (off the market, rated by a refit) is left out. The columns whose values none of the changes
   * alter are shared with this snapshot, with what was made of them (sort orders, price bands, labels: carry); the
   * others are copied with the new values (copy on write: an older snapshot may still be counting), and a column
   * only added to grows into its buffer's room (grownTo). Undefined when a public listing has no slot and its id is
   * between held ones: copiedWith.
   */
  private replacedInPlace(version: number, changed: readonly ChangedRow[], { publicIds, deleted = [] }: Gone): CountsSnapshot | undefined {
    const rows: number[] = [];
    const replacing: ChangedRow[] = [];
    const added: ChangedRow[] = [];
    for (const row of changed) {
      const id = Number(row.id);
      const at = this.indexOf(id);
      if (at >= 0) {
        rows.push(at);
        replacing.push(row);
      } else if (id > this.columns.maxId) added.push(row);
      else if (isPublicRow(row)) return undefined;
    }
    added.sort((a, b) => Number(a.id) - Number(b.id));
    const size = this.size + added.length;
    for (let k = 0; k < added.length; k += 1) {
      rows.push(this.size + k);
      replacing.push(added[k]);
    }
    let addedValues = 0;
    const text = {} as TextColumns;
    for (const column of TEXT) {
      let { dictionary } = this.columns.text[column];
      const codes = new Uint32Array(rows.length);
      for (let k = 0; k < rows.length; k += 1) {
        const value = replacing[k][column];
        // As SnapshotBuilder.add codes it: 0 for NULL; a new value is added to a copy of the dictionary.
        if (value === null || value === undefined) continue;
        let code = dictionary.codes.get(value);
        if (code === undefined) {
          if (dictionary === this.columns.text[column].dictionary) dictionary = { values: [...dictionary.values], codes: new Map(dictionary.codes) };
          code = dictionary.values.length;
          dictionary.values.push(value);
          dictionary.codes.set(value, code);
          addedValues += 1;
        }
        codes[k] = code;
      }
      const was = this.columns.text[column];
      const written = writtenColumn(was.codes, size, rows, codes);
      text[column] = written === was.codes && dictionary === was.dictionary ? was : { codes: written, dictionary };
    }
    const numbers = {} as Record<NumericColumn, Float64Array>;
    for (const column of NUMERIC) numbers[column] = writtenColumn(this.columns.numbers[column], size, rows, Float64Array.from(replacing, (row) => heldNumber(row[column])));
    // Present: as each changed listing is now; no longer for the held listings deleted since (`gone`: a row read
    // wins, a listing made again under a deleted one's id).
    const presentRows = [...rows];
    const presentValues = replacing.map((row) => (isPublicRow(row) ? 1 : 0));
    const { ids, present } = this.columns;
    const written = new Set(rows);
    const leave = (i: number) => {
      if (i < 0 || present[i] !== 1 || written.has(i)) return;
      written.add(i);
      presentRows.push(i);
      presentValues.push(0);
    };
    for (const id of deleted) leave(this.indexOf(id));
    if (publicIds) for (let i = 0; i < this.size; i += 1) if (publicIds[ids[i]] !== 1) leave(i);
    let publicRows = this.publicRows;
    for (let k = 0; k < presentRows.length; k += 1) publicRows += presentValues[k] - (presentRows[k] < this.size ? present[presentRows[k]] : 0);
    const columns: SnapshotColumns = {
      size,
      ids: writtenColumn(ids, size, rows.slice(rows.length - added.length), Int32Array.from(added, (row) => Number(row.id))),
      maxId: added.length > 0 ? Number(added[added.length - 1].id) : this.columns.maxId,
      present: writtenColumn(present, size, presentRows, Uint8Array.from(presentValues)),
      publicRows,
      text,
      numbers,
    };
    const next = new CountsSnapshot(version, this.engine, columns, addedValues, this);
    // Every slot written, also those only no longer present.
    next.carry(this, { runs: [], written: presentRows, inPlace: true });
    return next;
  }

  /**
   * A snapshot of the rows of `ids` each part's snapshot holds present (an id in two parts: the first part's row, or
   * none when the first does not hold it), with the dictionaries of `latest`: a snapshot made from another (withChanges) keeps
   * the codes it had and adds new ones after them, so `latest`, made last, knows every code of the parts. What a
   * catch-up keeps of the listings it touched, as they were before it (one part: SearchCounts' steps), and the
   * listings several catch-ups touched, as they were before the first of them that touched each
   * (SearchCounts.touchedSince).
   */
  static of(parts: readonly { from: CountsSnapshot; ids: readonly number[] }[], latest: CountsSnapshot): CountsSnapshot {
    const seen = new Set<number>();
    const picked: { from: CountsSnapshot; row: number; id: number }[] = [];
    for (const { from, ids } of parts) {
      for (const id of ids) {
        if (seen.has(id)) continue;
        seen.add(id);
        const row = from.indexOf(id);
        if (row >= 0 && from.columns.present[row] === 1) picked.push({ from, row, id });
      }
    }
    // In id order, as every snapshot's rows.
    picked.sort((x, y) => x.id - y.id);
    const text = {} as TextColumns;
    for (const column of TEXT) {
      const codes = new Uint32Array(picked.length);
      picked.forEach((p, k) => (codes[k] = p.from.columns.text[column].codes[p.row]));
      text[column] = { codes, dictionary: latest.columns.text[column].dictionary };
    }
    const numbers = {} as Record<NumericColumn, Float64Array>;
    for (const column of NUMERIC) numbers[column] = Float64Array.from(picked, (p) => p.from.columns.numbers[column][p.row]);
    const ids = Int32Array.from(picked, (p) => p.id);
    const present = new Uint8Array(ids.length).fill(1);
    return new CountsSnapshot(latest.version, latest.engine, { size: ids.length, ids, maxId: ids.length > 0 ? ids[ids.length - 1] : 0, present, publicRows: ids.length, text, numbers }, 0, latest);
  }

  /** One more than the highest listing id held: the length of a set of ids (SearchCounts). */
  get idLimit(): number {
    return this.columns.maxId + 1;
  }

  /**
   * The counts of the public listings that match `filters`, grouped as the SQL count groups them; `matches`:
   * the ids that satisfy the filters the snapshot does not hold (IdFilters), as a bitset (IdBits).
   * Undefined when a filter names a text value the snapshot does not hold as written and the engine compares
   * text under a collation (MariaDB: "Sedan" would equal "sedan"): the caller counts in SQL.
   */
  count(filters: NormalizedSearchFilters, group: CountGroup, matches?: IdBits): GroupCount[] | undefined {
    const counter = this.counter(filters, group, matches);
    if (!counter) return undefined;
    const tally = tallyOf(counter, group);
    const rows = this.matchingRows(counter);
    for (let m = 0; m < rows.length; m += 1) tally.add(rows[m]);
    return tally.result();
  }

  /**
   * The counts of several filter sets that differ only in the filters a facet leaves out (a search's total and
   * facets: `withoutDimension`), each as `count` answers it, in one pass over the rows: each row is checked
   * against the filters they share, then against each left-out one once, and counted in every set whose
   * filters it passes. `matches` as for `count` (the filters the snapshot does not hold are never left out).
   * Undefined as for `count`.
   */
  countAll(items: readonly { filters: NormalizedSearchFilters; group: CountGroup }[], matches?: IdBits): GroupCount[][] | undefined {
    const full: NormalizedSearchFilters = { ...(items[0]?.filters ?? { terms: [], features: [] }) };
    for (const item of items) for (const name of FACET_FILTERS) if (item.filters[name] !== undefined) Object.assign(full, { [name]: item.filters[name] });
    // What every set filters by: the rows read (a make's, when no set leaves the make out) are those that pass it.
    const shared: NormalizedSearchFilters = { ...full };
    for (const name of FACET_FILTERS) if (items.some((item) => item.filters[name] === undefined)) delete shared[name];
    const base = this.counter(shared, 'total', matches);
    const counters = items.map((item) => this.counter(item.filters, item.group, matches));
    if (!base || counters.some((c) => c === undefined)) return undefined;
    // One test per filter some sets hold and others leave out, compiled as `counter` compiles it (a bit each):
    // text values allowed by code, or a number's bounds, as the arguments of tallyScanOf's loop for this shape.
    const textTests: unknown[] = [];
    const rangeTests: unknown[] = [];
    let texts = 0;
    let ranges = 0;
    const bitOf = new Map<string, number>();
    for (const name of FACET_FILTERS) {
      const value = full[name];
      // Every row read passes the shared filters: only those some set leaves out are tested.
      if (value === undefined || shared[name] !== undefined) continue;
      const test = this.counter({ terms: [], features: [], [name]: value } as NormalizedSearchFilters, 'total');
      if (!test) return undefined;
      const bit = 1 << bitOf.size;
      bitOf.set(name, bit);
      if (COLUMN_FILTERS.find((c) => c.filter === name)!.op === 'in') {
        textTests.push(test.equal[0].codes, test.equal[0].allowed, bit);
        texts += 1;
      } else {
        rangeTests.push(test.ranges[0].values, test.ranges[0].min, test.ranges[0].max, bit);
        ranges += 1;
      }
    }
    const need = items.map((item) => FACET_FILTERS.reduce((bits, name) => (item.filters[name] === undefined ? bits : bits | (bitOf.get(name) ?? 0)), 0));
    const tallies = counters.map((c, k) => tallyOf(c!, items[k].group));
    const tallyArgs = tallies.flatMap((tally, k) => [need[k], tally.counts, counters[k]!.rowSlots, tally.mixed, tally.label]);
    tallyScanOf(texts, ranges, tallies.length)(this.matchingRows(base), ...textTests, ...rangeTests, ...tallyArgs);
    return tallies.map((t) => t.result());
  }

  /**
   * The ids of the public listings that match `filters` (`matches` as for `count`), in the order of `sortBy`
   * (SORT_SQL: the column, NULL lowest as on both engines, then id the same way), from the `offset`th, at most
   * `limit`: what the page query would find, by one pass that keeps the best offset + limit rows. Undefined
   * when the snapshot does not hold the sort's column, or as for `count`.
   */
  page(filters: NormalizedSearchFilters, sortBy: SortOption, offset: number, limit: number, matches?: IdBits): number[] | undefined {
    const key = SORT_KEYS[sortBy];
    const counter = this.counter(filters, 'total', matches);
    if (!counter) return undefined;
    const end = offset + limit;
    if (sortBy === 'distance_asc' && filters.near) {
      // Nearest first, then by id (SORT_SQL): the distance measured as the SQL measures it (radiusSql), for the
      // matches alone (the radius's id set holds a few thousand of them).
      const distance = distanceFrom(filters.near);
      const { latitude, longitude } = this.columns.numbers;
      return this.best(counter, offset, end, 1, (i) => distance(latitude[i], longitude[i]));
    }
    if (!key) return undefined;
    // Most searches match many listings: walking the rows in the sort's order finds the page after a few of
    // them. A scattered match (a rare model, newest first) would walk far: past half the rows a pass over the
    // matches reads, they are read instead, keeping the best ones.
    const walked = this.walk(this.orderOf(key.column), key.descending, counter, end, this.visits(counter) / 2);
    if (walked) return walked.slice(offset);
    const values = this.columns.numbers[key.column];
    return this.best(counter, offset, end, key.descending ? -1 : 1, (i) => sortKey(values[i]));
  }

  /**
   * The ids of the matching rows from the `offset`th to `end` in the order of `valueOf` (ascending when `sign`
   * is 1, descending when -1), ties by id the same way: one pass over the matches, keeping the best `end`.
   */
  private best(counter: Counter, offset: number, end: number, sign: 1 | -1, valueOf: (i: number) => number): number[] {
    const { ids } = this.columns;
    // Each row's key: the value and the id, both negated in a descending sort, so that the smaller key comes first.
    // The best `end` rows so far, best first: their ids and keys.
    const bestIds = new Int32Array(end);
    const bestValues = new Float64Array(end);
    let kept = 0;
    const rows = this.matchingRows(counter);
    for (let m = 0; m < rows.length; m += 1) {
      const i = rows[m];
      const value = valueOf(i) * sign;
      const id = ids[i] * sign;
      if (kept === end) {
        const worst = bestValues[end - 1];
        if (value > worst || (value === worst && id > bestIds[end - 1] * sign)) continue;
      }
      let low = 0;
      let high = kept;
      while (low < high) {
        const mid = (low + high) >>> 1;
        const v = bestValues[mid];
        if (v < value || (v === value && bestIds[mid] * sign < id)) low = mid + 1;
        else high = mid;
      }
      const last = Math.min(kept, end - 1);
      bestIds.copyWithin(low + 1, low, last);
      bestValues.copyWithin(low + 1, low, last);
      bestIds[low] = ids[i];
      bestValues[low] = value;
      if (kept < end) kept += 1;
    }
    return Array.from(bestIds.subarray(Math.min(offset, kept), kept));
  }

  /**
   * The first `end` of `ids` (in their order: "Best match"'s ranking) that are public listings matching
   * `filters` (`matches` as for `count`). Undefined as for `count`.
   */
  firstMatching(ids: Int32Array, filters: NormalizedSearchFilters, end: number, matches?: IdBits): number[] | undefined {
    const counter = this.counter(filters, 'total', matches);
    if (!counter) return undefined;
    const found: number[] = [];
    for (let k = 0; k < ids.length && found.length < end; k += 1) {
      const i = this.indexOf(ids[k]);
      if (i >= 0 && rowMatches(counter, i)) found.push(ids[k]);
    }
    return found;
  }

  /**
   * The same counts as `count`, worked out from `counted`, what `count` answered for them in `before`, the
   * snapshot this one was made from (withChanges): only the rows of `touched`, the listings changed or
   * dropped since, are read in each, so the cost is that of the changes, not of the listings.
   * `matchesBefore`: `before`'s set of ids for the filters it does not hold. A make's or model's label that came
   * from a row that left its group is settled by the one label every row of the group has in this snapshot.
   * Undefined when that cannot be exact (the group's rows here have several labels: the least of the others' is
   * not known) or `count` would be.
   */
  countFrom(before: CountsSnapshot, counted: readonly GroupCount[], touched: readonly number[], filters: NormalizedSearchFilters, group: CountGroup, matches?: IdBits, matchesBefore?: IdBits): GroupCount[] | undefined {
    const now = this.counter(filters, group, matches);
    const then = before.counter(filters, group, matchesBefore);
    if (!now || !then) return undefined;
    const groups = new Map(counted.map((g) => [g.value, { ...g }]));
    for (const id of touched) {
      const i = before.indexOf(id);
      const left = i >= 0 && rowMatches(then, i) ? then.describe(i) : undefined;
      const j = this.indexOf(id);
      const joined = j >= 0 && rowMatches(now, j) ? now.describe(j) : undefined;
      if (left && joined && left.value === joined.value && left.label === joined.label) continue;
      if (left) {
        const g = groups.get(left.value);
        if (!g) return undefined;
        g.n -= 1;
        if (left.label !== undefined && g.label === left.label && g.n > 0) {
          const settled = this.soleLabelOf(group, left.value);
          if (settled === undefined) return undefined;
          g.label = settled;
        }
      }
      if (joined) {
        const g = groups.get(joined.value);
        if (!g) groups.set(joined.value, { value: joined.value, n: 1, ...(joined.label === undefined ? {} : { label: joined.label }) });
        else {
          g.n += 1;
          if (joined.label !== undefined && (g.label === undefined || g.n === 1 || compareText(this.engine, joined.label, g.label) < 0)) g.label = joined.label;
        }
      }
    }
    // In count's order: by the group's slot.
    return [...groups.values()].filter((g) => g.n > 0 || group === 'total').sort((a, b) => now.slotOfValue(a.value) - now.slotOfValue(b.value));
  }

  /**
   * The rows that match the counter's filters, in a buffer the next call reuses (read them before asking
   * again). When an equality filter's values are held by few rows (a make, a model, a body type), only those
   * rows are read, from the column's rows by value (rowsByValue: row order within each value); else every row,
   * in row order.
   */
  private matchingRows(counter: Counter): Int32Array {
    const out = scratch(MATCHING_ROWS, this.size);
    const narrowest = this.narrowest(counter);
    const { equal, ranges, matches, excluded, ids, present } = counter;
    const scan = rowScanOf(equal.length, ranges.length, matches !== undefined, excluded !== undefined);
    const tests: unknown[] = [];
    for (const e of equal) tests.push(e.codes, e.allowed);
    for (const r of ranges) tests.push(r.values, r.min, r.max);
    const n = scan(out, this.size, narrowest?.rows ?? null, narrowest?.ranges ?? null, ids, present, matches ?? null, excluded ?? -1, ...tests);
    return out.subarray(0, n);
  }

  /**
   * The rows matchingRows reads for the counter: those of the equality filter whose values the fewest rows hold,
   * or those of the id set (a radius, a keyword) when it holds fewer (either when under a third of all: a make, a
   * model, a body type), or undefined for every row. A radius's few thousand listings were otherwise found by a
   * pass over every row checking each id's bit: at a million listings, most of a live market's counts.
   */
  private narrowest(counter: Counter): { rows: Int32Array; ranges: number[]; n: number } | undefined {
    let narrowest: { rows: Int32Array; ranges: number[]; n: number } | undefined;
    let fewest = this.size / 3;
    for (const e of counter.equal) {
      const { starts, rows } = this.rowsByValue(e.column);
      const ranges: number[] = [];
      let n = 0;
      for (let code = 0; code < e.allowed.length; code += 1) {
        if (e.allowed[code] !== 1 || starts[code + 1] === starts[code]) continue;
        ranges.push(starts[code], starts[code + 1]);
        n += starts[code + 1] - starts[code];
      }
      if (n < fewest) {
        fewest = n;
        narrowest = { rows, ranges, n };
      }
    }
    if (counter.matches && idCount(counter.matches) < fewest) {
      const { rows, n } = this.idSetRows(counter.matches);
      if (n < fewest) narrowest = { rows, ranges: [0, n], n };
    }
    return narrowest;
  }

  /**
   * The rows of an id set's listings (rowsOfIds), kept per set while this snapshot is held when they are few (a
   * radius's): every count and page of the set's searches asks for them, and finding them reads the whole set.
   */
  private idSetRows(bits: IdBits): { rows: Int32Array; n: number } {
    const known = this.idRows.get(bits);
    if (known) return { rows: known, n: known.length };
    const count = idCount(bits);
    const keep = count <= Math.max(1_024, this.size >>> 5);
    const rows = keep ? new Int32Array(count) : scratch(ID_ROWS, this.size);
    const n = this.rowsOfIds(bits, rows);
    if (!keep) return { rows, n };
    const kept = rows.subarray(0, n);
    this.idRows.set(bits, kept);
    return { rows: kept, n };
  }

  /** The slots of the ids in `bits` into `out`, in row order (ids ascend in both), and how many: each found by indexOf (the slot map). */
  private rowsOfIds(bits: IdBits, out: Int32Array): number {
    const bytes = Math.min(bits.length, idBitsBytes(this.columns.maxId));
    let n = 0;
    for (let b = 0; b < bytes; b += 1) {
      for (let byte = bits[b]; byte !== 0; byte &= byte - 1) {
        const slot = this.indexOf((b << 3) | (31 - Math.clz32(byte & -byte)));
        if (slot >= 0) out[n++] = slot;
      }
    }
    return n;
  }

  /**
   * Whether listings' slots are found from a map by id (slots): when its ids are dense enough that the map (4 bytes
   * an id up to the highest) is not many times the snapshot, unlike CountsSnapshot.of's few rows of high ids.
   */
  private mapsSlots(): boolean {
    return this.size >= SLOT_MAP_MIN_ROWS && this.size * SLOT_MAP_MAX_SPREAD >= this.columns.maxId;
  }

  /**
   * Each listing id's slot + 1, 0 for an id without one (4 bytes an id up to the highest): made by one pass when first
   * asked for, shared with the snapshots made from this one while their slots are these (withChanges in place), and
   * copied with the new ones when listings were added.
   */
  private slots(): Int32Array {
    if (this.slotMap) return this.slotMap;
    const { ids, maxId } = this.columns;
    const map = new Int32Array(maxId + 1);
    for (let i = 0; i < this.size; i += 1) map[ids[i]] = i + 1;
    return (this.slotMap = map);
  }

  /** How many rows matchingRows reads for the counter. */
  private visits(counter: Counter): number {
    return this.narrowest(counter)?.n ?? this.size;
  }

  /**
   * The first `end` matching rows' ids in `order` (ascending; walked from its end when `descending`), or
   * undefined when that takes more than `budget` rows and some are left.
   */
  private walk(order: Int32Array, descending: boolean, counter: Counter, end: number, budget: number): number[] | undefined {
    const found: number[] = [];
    const { ids } = this.columns;
    const size = order.length;
    for (let k = 0; k < size; k += 1) {
      if (k >= budget) return undefined;
      const i = order[descending ? size - 1 - k : k];
      if (rowMatches(counter, i) && found.push(ids[i]) === end) break;
    }
    return found;
  }

  /**
   * A sort column's rows in ascending order: by value, NULL (NaN) lowest as on both engines, then by row,
   * which is id order (walked from the end: the value descending, then the id descending, as SORT_SQL). Made
   * when first asked for, or carried from the snapshot this one was made from (carry).
   */
  private orderOf(column: NumericColumn): Int32Array {
    const known = this.orders[column];
    if (known) return known;
    // A counting sort by each row's rank among the distinct values (found by one native sort of the values):
    // rows go to their value's place in row order, so ties stay in id order (a comparing sort of the rows took
    // about 0.5 s at a million listings, this about a tenth of that).
    const keys = sortKeys(this.columns.numbers[column]);
    const distinct = distinctSorted(keys);
    const rank = new Int32Array(this.size);
    const starts = new Int32Array(distinct.length + 1);
    for (let i = 0; i < this.size; i += 1) {
      rank[i] = rankOf(distinct, keys[i]);
      starts[rank[i] + 1] += 1;
    }
    for (let r = 1; r < starts.length; r += 1) starts[r] += starts[r - 1];
    const order = new Int32Array(this.size);
    for (let i = 0; i < this.size; i += 1) order[starts[rank[i]]++] = i;
    return (this.orders[column] = order);
  }

  /**
   * Takes what `before` made of its columns (sort orders, rows by value) for this snapshot, made from it by
   * withChanges (`moves`: where its rows went). When the changed rows were replaced where they were (a seller's
   * edit), a column none of them changed keeps both as they are. A sort order is otherwise mended: the
   * unchanged rows keep their order (moved to their new place), and the changed rows, sorted, are merged in by
   * value (one pass over the rows: making it again is a sort of them all). Rows by value are made again when
   * asked for.
   */
  private carry(before: CountsSnapshot, moves: RowMoves): void {
    const { written, inPlace } = moves;
    // Made from columns this snapshot shares with `before` (replacedInPlace): the same.
    const { price } = this.columns.numbers;
    if (price === before.columns.numbers.price) this.bands = before.bands;
    // Rows written in place: their bands (and `available`'s counts) mended from theirs, not made again in a pass.
    else if (inPlace && before.bands) this.bands = writtenColumn(before.bands, this.size, written, written.map((i) => bandOf(price[i])));
    if (inPlace && before.availability) {
      let { rated, reduced } = before.availability;
      for (const i of written) {
        if (i < before.size) {
          rated -= isRated(before.columns, i);
          reduced -= isReduced(before.columns, i);
        }
        rated += isRated(this.columns, i);
        reduced += isReduced(this.columns, i);
      }
      this.availability = { rated, reduced };
    }
    if (this.size === before.size) this.noSlots = before.noSlots;
    if (before.slotMap && this.columns.ids === before.columns.ids) this.slotMap = before.slotMap;
    else if (before.slotMap && inPlace) {
      // Listings added at the end: the map copied, with their slots.
      const map = new Int32Array(this.columns.maxId + 1);
      map.set(before.slotMap);
      for (let i = before.size; i < this.size; i += 1) map[this.columns.ids[i]] = i + 1;
      this.slotMap = map;
    }
    for (const group of Object.values(GROUP_COLUMNS)) {
      if (!('label' in group)) continue;
      const known = before.sole[group.column];
      const { text } = this.columns;
      if (known && text[group.column] === before.columns.text[group.column] && text[group.label] === before.columns.text[group.label]) this.sole[group.column] = known;
    }
    if (inPlace) {
      for (const column of Object.keys(before.byValue) as TextColumn[]) {
        const was = before.columns.text[column].codes;
        const now = this.columns.text[column].codes;
        if (written.every((i) => was[i] === now[i])) this.byValue[column] = before.byValue[column];
      }
    }
    for (const column of Object.keys(before.orders) as NumericColumn[]) {
      const order = before.orders[column]!;
      const was = { values: before.columns.numbers[column], ids: before.columns.ids };
      const now = { values: this.columns.numbers[column], ids: this.columns.ids };
      if (inPlace) {
        const changed = written.filter((i) => !Object.is(was.values[i], now.values[i]));
        this.orders[column] = changed.length === 0 ? order : mendedOrder(order, was, now, changed, undefined);
        continue;
      }
      this.orders[column] = mendedOrder(order, was, now, written, moves.runs);
    }
  }

  /** A text column's rows grouped by value: the rows of code c are rows[starts[c]] to rows[starts[c + 1] - 1]. Made when first asked for. */
  private rowsByValue(column: TextColumn): { starts: Int32Array; rows: Int32Array } {
    const known = this.byValue[column];
    if (known) return known;
    const { codes, dictionary } = this.columns.text[column];
    const starts = new Int32Array(dictionary.values.length + 1);
    for (let i = 0; i < this.size; i += 1) starts[codes[i] + 1] += 1;
    for (let c = 1; c < starts.length; c += 1) starts[c] += starts[c - 1];
    const next = starts.slice(0, -1);
    const rows = new Int32Array(this.size);
    for (let i = 0; i < this.size; i += 1) rows[next[codes[i]]++] = i;
    return (this.byValue[column] = { starts, rows });
  }

  /** Each row's price band (bandOf): what the price facet counts by. */
  private priceBands(): Uint32Array {
    if (this.bands) return this.bands;
    const { price } = this.columns.numbers;
    const bands = new Uint32Array(this.size);
    for (let i = 0; i < this.size; i += 1) bands[i] = bandOf(price[i]);
    return (this.bands = bands);
  }

  /** A slot of 0 for every row: what a total counts by. */
  private zeros(): Uint32Array {
    return (this.noSlots ??= new Uint32Array(this.size));
  }

  /**
   * The one label every listing on the market in a make's or model's group holds (`value`: its key), or undefined
   * when they hold several or none: read from the group's own rows (rowsByValue), present ones only, once per
   * snapshot (a live market's leaves asked it of the same make for every count worked out).
   */
  private soleLabelOf(group: CountGroup, value: string | number | null): string | undefined {
    const grouping = group === 'make' || group === 'model' ? GROUP_COLUMNS[group] : undefined;
    if (!grouping || typeof value !== 'string') return undefined;
    const code = this.columns.text[grouping.column].dictionary.codes.get(value);
    if (code === undefined) return undefined;
    const key = `${group}:${value}`;
    if (this.soleKnown.has(key)) return this.soleKnown.get(key);
    const sole = this.soleLabelRead(grouping.column, grouping.label, code);
    this.soleKnown.set(key, sole);
    return sole;
  }

  /** soleLabelOf's read of the present rows of code `code` of `column`: their one `label`, or undefined. */
  private soleLabelRead(column: TextColumn, label: TextColumn, code: number): string | undefined {
    const { starts, rows } = this.rowsByValue(column);
    const labels = this.columns.text[label].codes;
    const { present } = this.columns;
    let sole = -1;
    for (let k = starts[code]; k < starts[code + 1]; k += 1) {
      const i = rows[k];
      if (present[i] !== 1) continue;
      if (sole === -1) sole = labels[i];
      else if (sole !== labels[i]) return undefined;
    }
    return sole >= 0 ? (this.columns.text[label].dictionary.values[sole] ?? undefined) : undefined;
  }

  /**
   * Per code of a group's column (makeKey), the code of the one label its rows have (make), or MIXED_LABELS
   * when they have several ("BMW" and "Bmw"), or -1 with no rows: only a mixed group's label depends on which of
   * its rows match. Over every slot, present or not (a join or a leave keeps it): a group whose listings on the
   * market have one label may be taken for mixed, and its label is then followed row by row, as exact.
   */
  private soleLabels(column: TextColumn, label: TextColumn): Int32Array {
    const known = this.sole[column];
    if (known) return known;
    const groups = this.columns.text[column].codes;
    const labels = this.columns.text[label].codes;
    const sole = new Int32Array(this.columns.text[column].dictionary.values.length).fill(-1);
    for (let i = 0; i < this.size; i += 1) {
      const g = groups[i];
      if (sole[g] === -1) sole[g] = labels[i];
      else if (sole[g] !== labels[i]) sole[g] = MIXED_LABELS;
    }
    return (this.sole[column] = sole);
  }

  /**
   * The search page's `available`: how many held (public, so for sale) listings the market rates (a deal rank
   * under UNRATED_DEAL_RANK) and how many carry a price cut, as the two SQL counts count them (NULL, held as NaN,
   * is neither), in one pass over two columns, made once per snapshot (or mended: carry).
   */
  available(): { rated: number; reduced: number } {
    this.availability ??= this.countAvailable();
    return { ...this.availability };
  }

  private countAvailable(): { rated: number; reduced: number } {
    let rated = 0;
    let reduced = 0;
    for (let i = 0; i < this.size; i += 1) {
      rated += isRated(this.columns, i);
      reduced += isReduced(this.columns, i);
    }
    return { rated, reduced };
  }

  /** Whether listing `id` is on the market here (its slot present). */
  holds(id: number): boolean {
    const row = this.indexOf(id);
    return row >= 0 && this.columns.present[row] === 1;
  }

  /** The slot of listing `id` (present or not), or -1: from the slot map, or (CountsSnapshot.of's few rows) by a binary search of the ids. */
  indexOf(id: number): number {
    if (this.mapsSlots()) {
      const map = this.slots();
      return id >= 0 && id < map.length ? map[id] - 1 : -1;
    }
    const { ids } = this.columns;
    let low = 0;
    let high = this.size - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      if (ids[mid] === id) return mid;
      if (ids[mid] < id) low = mid + 1;
      else high = mid - 1;
    }
    return -1;
  }

  /** The ids of the listings this snapshot holds present and `other` does not. */
  idsNotIn(other: CountsSnapshot): number[] {
    const missing: number[] = [];
    const a = this.columns.ids;
    const b = other.columns.ids;
    const here = this.columns.present;
    const there = other.columns.present;
    // The same slots, present alike (a catch-up that wrote rows in place without a join or a leave): none.
    const sameSlots = a === b || (a.buffer === b.buffer && a.byteOffset === b.byteOffset);
    if (here === there && sameSlots) return missing;
    // The same slots (rows written in place, some added at the end): compared slot by slot.
    if (sameSlots && other.size >= this.size) {
      for (let i = 0; i < this.size; i += 1) if (here[i] === 1 && there[i] !== 1) missing.push(a[i]);
      return missing;
    }
    for (let i = 0, j = 0; i < this.size; i += 1) {
      if (here[i] !== 1) continue;
      while (j < other.size && b[j] < a[i]) j += 1;
      if (j >= other.size || b[j] !== a[i] || there[j] !== 1) missing.push(a[i]);
    }
    return missing;
  }

  /**
   * Whether row i matches the filters, which slot of the group it counts in, and (makes, models) its label:
   * the filters compiled against this snapshot's columns. Undefined as for `count`.
   */
  private counter(filters: NormalizedSearchFilters, group: CountGroup, matches?: IdBits): Counter | undefined {
    const { ids, maxId, present, text, numbers } = this.columns;
    const equal: Counter['equal'] = [];
    const ranges: { values: Float64Array; min: number; max: number }[] = [];
    for (const f of COLUMN_FILTERS) {
      const value = filters[f.filter];
      if (value === undefined) continue;
      if (f.op === 'in') {
        const { codes, dictionary } = text[f.column as TextColumn];
        const allowed = new Uint8Array(dictionary.values.length);
        for (const v of typeof value === 'string' ? [value] : (value as readonly string[])) {
          const code = dictionary.codes.get(v);
          if (code !== undefined) allowed[code] = 1;
          else if (this.engine !== 'sqlite') return undefined;
        }
        equal.push({ column: f.column as TextColumn, codes, allowed });
      } else {
        const values = numbers[f.column as NumericColumn];
        const existing = ranges.find((r) => r.values === values);
        const range = existing ?? { values, min: -Infinity, max: Infinity };
        if (f.op === '>=') range.min = Math.max(range.min, value as number);
        else range.max = Math.min(range.max, value as number);
        if (!existing) ranges.push(range);
      }
    }
    const excluded = filters.excludeId;
    const grouping = group === 'total' || group === 'price' ? undefined : GROUP_COLUMNS[group];
    const groupCodes = grouping ? text[grouping.column].codes : undefined;
    const groupValues = grouping ? text[grouping.column].dictionary.values : undefined;
    const labelCodes = grouping && 'label' in grouping ? text[grouping.label].codes : undefined;
    const labelValues = grouping && 'label' in grouping ? text[grouping.label].dictionary.values : undefined;
    const valueOf = (at: number): string | number | null => (groupValues ? groupValues[at] : group === 'price' ? at : null);
    const counter: Counter = {
      ids,
      maxId,
      present,
      matches,
      excluded,
      equal,
      ranges,
      rowSlots: groupCodes ?? (group === 'price' ? this.priceBands() : this.zeros()),
      sole: grouping && 'label' in grouping ? this.soleLabels(grouping.column, grouping.label) : undefined,
      slots: group === 'price' ? PRICE_BANDS.length : groupValues ? groupValues.length : 1,
      valueOf,
      slotOfValue: (value) => (groupValues ? (value === null ? 0 : (text[(grouping as { column: TextColumn }).column].dictionary.codes.get(value as string) ?? 0)) : typeof value === 'number' ? value : 0),
      describe: (i) => ({ value: valueOf(slotOf(counter, i)), label: labelCodes && labelValues ? (labelValues[labelCodes[i]] as string) : undefined }),
      labelCodes,
      labelValues,
      rank: grouping && 'label' in grouping ? this.labelRank[grouping.label] : undefined,
    };
    return counter;
  }
}

/** 1 when row i is on the market and rated (a deal rank under UNRATED_DEAL_RANK; NULL, held as NaN, is not): available's count. */
const isRated = (columns: SnapshotColumns, i: number): number => (columns.present[i] === 1 && columns.numbers.dealRank[i] < UNRATED_DEAL_RANK ? 1 : 0);
/** 1 when row i is on the market and carries a price cut (priceReducedAt not NULL): available's other count. */
const isReduced = (columns: SnapshotColumns, i: number): number => (columns.present[i] === 1 && columns.numbers.reducedAt[i] === columns.numbers.reducedAt[i] ? 1 : 0);

/** A held value as the sorts order it: NULL (held as NaN) lowest, as on both engines. */
const sortKey = (value: number): number => (value !== value ? -Infinity : value);

/** A column's values as sort keys (sortKey). */
function sortKeys(values: Float64Array): Float64Array {
  const keys = new Float64Array(values.length);
  for (let i = 0; i < values.length; i += 1) keys[i] = sortKey(values[i]);
  return keys;
}

/** The distinct keys, ascending. */
function distinctSorted(keys: Float64Array): Float64Array {
  const sorted = Float64Array.from(keys).sort();
  let n = 0;
  for (let k = 0; k < sorted.length; k += 1) if (k === 0 || sorted[k] !== sorted[n - 1]) sorted[n++] = sorted[k];
  return sorted.subarray(0, n);
}

/** The place of `key` in `distinct` (which holds it). */
function rankOf(distinct: Float64Array, key: number): number {
  let low = 0;
  let high = distinct.length - 1;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (distinct[mid] < key) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * Where withChanges put a snapshot's rows: each run of unchanged rows [from, to) moved by `shift`; `written`:
 * the rows of the new snapshot read from the changes; `inPlace`: each replaced a row at the same place (no
 * row added or dropped).
 */
interface RowMoves {
  runs: { from: number; to: number; shift: number }[];
  written: number[];
  inPlace: boolean;
}

/** A sort column of a snapshot: its values and the ids of its rows. */
interface SortColumn {
  values: Float64Array;
  ids: Int32Array;
}

/**
 * A sort order of a snapshot's rows (ascending by (value, row); rows are in id order, so by (value, id)) for the
 * snapshot made from it: the unchanged rows in their order, each where it went (`runs`, withChanges' runs of
 * unchanged rows with their shift; undefined when every row stayed where it was, and then the `changed` rows'
 * old entries are left out), and the `changed` rows (rows of `after`) put at their place. Each changed row's
 * place, and in place its old entry, is found by a binary search of the old order on (value, id), so the pass
 * over the order reads it and writes the new one in sequence: it runs once per row and sort order, and reading
 * each row's value, new place or changed flag at random there (a cache miss each) made a catch-up after a
 * listing joined or left 1 s at 850,000 public listings, about 115 ms per order. In place the old order is
 * copied a stretch at a time between the changed rows' entries; else each entry's shift is its block of rows'
 * (one table read), and only the few blocks a run ends in search the runs: that search per entry, its branches
 * taken at random, was still the largest part of a live market's catch-ups at a million listings (220 ms each).
 */
function mendedOrder(order: Int32Array, before: SortColumn, after: SortColumn, changed: readonly number[], runs: RowMoves['runs'] | undefined): Int32Array {
  // Where (value, id) goes in the old order: the first entry not below it.
  const placeOf = (value: number, id: number): number => {
    let low = 0;
    let high = order.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const row = order[mid];
      const v = sortKey(before.values[row]);
      if (v < value || (v === value && before.ids[row] < id)) low = mid + 1;
      else high = mid;
    }
    return low;
  };
  // The changed rows in the new order, each with its place in the old one.
  const added = changed
    .map((row) => ({ row, value: sortKey(after.values[row]), id: after.ids[row] }))
    .sort((a, b) => a.value - b.value || a.id - b.id)
    .map((a) => ({ row: a.row, at: placeOf(a.value, a.id) }));
  // In place, the changed rows' old entries, in order: left out.
  // Rows added past the old ones (replacedInPlace: new listings) had no entry.
  const skipped = runs
    ? []
    : changed
        .filter((row) => row < before.values.length)
        .map((row) => placeOf(sortKey(before.values[row]), before.ids[row]))
        .sort((a, b) => a - b);
  const out = new Int32Array(after.values.length);
  let n = 0;
  let next = 0;
  let skip = 0;
  if (!runs) {
    // Every row stayed where it was: the old order between two changed rows' entries is copied as it is.
    for (let k = 0; k < order.length; ) {
      const until = Math.min(next < added.length ? added[next].at : order.length, skip < skipped.length ? skipped[skip] : order.length);
      out.set(order.subarray(k, until), n);
      n += until - k;
      k = until;
      while (next < added.length && added[next].at === k) out[n++] = added[next++].row;
      if (skip < skipped.length && skipped[skip] === k) {
        skip += 1;
        k += 1;
      }
    }
    while (next < added.length) out[n++] = added[next++].row;
    return out;
  }
  // Each block of rows' shift when one run holds the whole block (nearly all: runs end only at the changed
  // rows), read from a table the cache keeps, so that only rows of the few other blocks search the runs.
  const blocks = new Int32Array((before.values.length >>> SHIFT_BLOCK_BITS) + 1).fill(MIXED_BLOCK);
  for (const run of runs) {
    for (let b = Math.ceil(run.from / (1 << SHIFT_BLOCK_BITS)); (b + 1) << SHIFT_BLOCK_BITS <= run.to; b += 1) blocks[b] = run.shift;
  }
  for (let k = 0; k < order.length; k += 1) {
    while (next < added.length && added[next].at === k) out[n++] = added[next++].row;
    const old = order[k];
    const shift = blocks[old >>> SHIFT_BLOCK_BITS];
    if (shift !== MIXED_BLOCK) {
      out[n++] = old + shift;
      continue;
    }
    // The run that holds the old row, if any (the others changed or left).
    let low = 0;
    let high = runs.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if (runs[mid].from <= old) low = mid;
      else high = mid - 1;
    }
    const run = runs[low];
    if (run !== undefined && run.from <= old && old < run.to) out[n++] = old + run.shift;
  }
  while (next < added.length) out[n++] = added[next++].row;
  return out;
}

/** mendedOrder's blocks of rows: 1,024 each (a table of 4 KB a million rows). */
const SHIFT_BLOCK_BITS = 10;
/** A block no one run holds all of. A shift is at most the number of changed rows, far from it. */
const MIXED_BLOCK = -0x7fffffff;

/** The filters a facet leaves out (withoutDimension): countAll checks them one by one. */
const FACET_FILTERS = ['makeKey', 'modelKey', 'bodyType', 'fuelType', 'minPrice', 'maxPrice'] as const satisfies readonly (keyof NormalizedSearchFilters)[];

/**
 * The groups of one count as rows are added, and the count's answer (GroupCount rows, as `count` answers them).
 * `counts`: the rows per slot. A make's or model's label (the least of its rows' labels) is only followed row by
 * row in the slots whose rows have more than one label (`mixed`: 1 for those); in the others it is the one label.
 */
function tallyOf(counter: Counter, group: CountGroup): { counts: Float64Array; mixed: Uint8Array; label: (i: number, slot: number) => void; add: (i: number) => void; result: () => GroupCount[] } {
  const counts = new Float64Array(counter.slots);
  const { rank, labelCodes, sole, rowSlots } = counter;
  const labels = sole ? new Int32Array(counter.slots).fill(-1) : undefined;
  const mixed = sole ? Uint8Array.from(sole, (code) => (code === MIXED_LABELS ? 1 : 0)) : new Uint8Array(counter.slots);
  const label = (i: number, slot: number) => {
    if (!labels || !labelCodes || !rank) return;
    const code = labelCodes[i];
    if (labels[slot] === -1 || rank[code] < rank[labels[slot]]) labels[slot] = code;
  };
  return {
    counts,
    mixed,
    label,
    add: (i) => {
      const slot = rowSlots[i];
      counts[slot] += 1;
      if (mixed[slot] === 1) label(i, slot);
    },
    result: () => {
      const out: GroupCount[] = [];
      counts.forEach((n, slot) => {
        if (!(n > 0 || group === 'total')) return;
        const code = sole && labels ? (mixed[slot] === 1 ? labels[slot] : sole[slot]) : undefined;
        out.push({ value: counter.valueOf(slot), n, ...(code === undefined ? {} : { label: counter.labelValues?.[code] as string }) });
      });
      return out;
    },
  };
}

/** In a group's labels (CountsSnapshot.soleLabels): its rows have more than one label. */
const MIXED_LABELS = -2;

/** Each price band's upper bound (the last one has none). */
const BAND_MAX = PRICE_BANDS.map((b) => (b.max === null ? Infinity : b.max));

/** The price facet's band of a price: CASE WHEN price < max THEN band … ELSE last; a NULL price falls to the last band, as in SQL. */
function bandOf(price: number): number {
  let band = 0;
  while (band < BAND_MAX.length - 1 && !(price < BAND_MAX[band])) band += 1;
  return band;
}

/**
 * matchingRows' loop for one shape of counter (how many equality and range filters, with or without a set of ids
 * and an excluded id): the rows that pass every test into `out`, their number answered; every row in row order
 * when `rows` is null, else rows[spans[0]] to rows[spans[1] - 1], and so on. Each test is written out in the
 * loop, reading its columns from the arguments, where rowMatches, called per row, walks the counter's lists of
 * filters for each row (`npm run bench:counts`, 85,000 listings, with countAll's loop written out the same way:
 * a search's total and facets 8.3 -> 1.8 ms a pass).
 * Made once per shape and kept (COLUMN_FILTERS bounds the shapes: 220 at most, a few dozen in practice); the code
 * holds no value of a search, only the shape's numbers.
 */
type RowScan = (out: Int32Array, size: number, rows: Int32Array | null, spans: readonly number[] | null, ids: Int32Array, present: Uint8Array, matches: IdBits | null, excluded: number, ...tests: unknown[]) => number;
const rowScans = new Map<string, RowScan>();

function rowScanOf(equal: number, ranges: number, matches: boolean, excluded: boolean): RowScan {
  const shape = `${equal}:${ranges}:${matches ? 1 : 0}:${excluded ? 1 : 0}`;
  let scan = rowScans.get(shape);
  if (scan) return scan;
  const params: string[] = [];
  // Slots off the market first: they never match.
  const tests: string[] = ['if (present[i] !== 1) continue;'];
  if (matches) tests.push('{ const id = ids[i]; if ((matches[id >>> 3] & (1 << (id & 7))) === 0) continue; }');
  if (excluded) tests.push('if (ids[i] === excluded) continue;');
  for (let e = 0; e < equal; e += 1) {
    params.push(`codes${e}`, `allowed${e}`);
    tests.push(`if (allowed${e}[codes${e}[i]] !== 1) continue;`);
  }
  for (let r = 0; r < ranges; r += 1) {
    params.push(`values${r}`, `min${r}`, `max${r}`);
    tests.push(`{ const v = values${r}[i]; if (!(v >= min${r} && v <= max${r})) continue; }`);
  }
  const test = tests.join(' ');
  const body = `let n = 0;
if (rows === null) {
  for (let i = 0; i < size; i += 1) { ${test} out[n++] = i; }
  return n;
}
for (let s = 0; s < spans.length; s += 2) {
  const end = spans[s + 1];
  for (let k = spans[s]; k < end; k += 1) { const i = rows[k]; ${test} out[n++] = i; }
}
return n;`;
  scan = new Function('out', 'size', 'rows', 'spans', 'ids', 'present', 'matches', 'excluded', ...params, body) as RowScan;
  rowScans.set(shape, scan);
  return scan;
}

/**
 * countAll's loop for one shape (how many left-out text and range tests, how many tallies): each row's tests set
 * its bits, and each tally whose bits (`need`) it has counts it in its slot (and follows its label in a mixed
 * slot). Written out per shape and kept, as rowScanOf is, for the same reason.
 */
type TallyScan = (rows: Int32Array, ...args: unknown[]) => void;
const tallyScans = new Map<string, TallyScan>();

function tallyScanOf(texts: number, ranges: number, tallies: number): TallyScan {
  const shape = `${texts}:${ranges}:${tallies}`;
  let scan = tallyScans.get(shape);
  if (scan) return scan;
  const params: string[] = [];
  const lines: string[] = [];
  for (let t = 0; t < texts; t += 1) {
    params.push(`codes${t}`, `allowed${t}`, `textBit${t}`);
    lines.push(`if (allowed${t}[codes${t}[i]] === 1) passed |= textBit${t};`);
  }
  for (let r = 0; r < ranges; r += 1) {
    params.push(`values${r}`, `min${r}`, `max${r}`, `rangeBit${r}`);
    lines.push(`{ const v = values${r}[i]; if (v >= min${r} && v <= max${r}) passed |= rangeBit${r}; }`);
  }
  for (let k = 0; k < tallies; k += 1) {
    params.push(`need${k}`, `counts${k}`, `slots${k}`, `mixed${k}`, `label${k}`);
    lines.push(`if ((passed & need${k}) === need${k}) { const slot = slots${k}[i]; counts${k}[slot] += 1; if (mixed${k}[slot] === 1) label${k}(i, slot); }`);
  }
  const body = `for (let m = 0; m < rows.length; m += 1) {
  const i = rows[m];
  let passed = 0;
  ${lines.join('\n  ')}
}`;
  scan = new Function('rows', ...params, body) as TallyScan;
  tallyScans.set(shape, scan);
  return scan;
}

/** Whether row i matches the counter's filters (plain functions over plain data: count's loop stays fast). */
function rowMatches(c: Counter, i: number): boolean {
  if (c.present[i] !== 1) return false;
  if (c.matches && !hasId(c.matches, c.ids[i])) return false;
  if (c.excluded !== undefined && c.ids[i] === c.excluded) return false;
  for (const e of c.equal) if (e.allowed[e.codes[i]] !== 1) return false;
  for (const r of c.ranges) {
    const v = r.values[i];
    if (!(v >= r.min && v <= r.max)) return false;
  }
  return true;
}

/** The slot of the counter's group that row i counts in. */
function slotOf(c: Counter, i: number): number {
  return c.rowSlots[i];
}

/** A count's filters and group compiled against one snapshot's columns (CountsSnapshot.counter). */
interface Counter {
  ids: Int32Array;
  maxId: number;
  /** 1 for a slot on the market: the others never match. */
  present: Uint8Array;
  /** The ids that satisfy the filters the snapshot does not hold. */
  matches?: IdBits;
  excluded?: number;
  equal: { column: TextColumn; codes: Uint32Array; allowed: Uint8Array }[];
  ranges: { values: Float64Array; min: number; max: number }[];
  /** Each row's slot of the group: its code (a facet's column), its price band, or 0 (the total). */
  rowSlots: Uint32Array;
  /** Makes and models: each slot's one label code, or MIXED_LABELS when its rows have several (soleLabels). */
  sole?: Int32Array;
  /** How many groups there can be: count's array length. */
  slots: number;
  valueOf(slot: number): string | number | null;
  slotOfValue(value: string | number | null): number;
  /** Row i's group value and (makes, models) label. */
  describe(i: number): { value: string | number | null; label?: string };
  labelCodes?: Uint32Array;
  labelValues?: (string | null)[];
  rank?: Int32Array;
}

type TextColumns = Record<TextColumn, { codes: Uint32Array; dictionary: Dictionary }>;

/** The held columns of `size` listing slots: ids, whether each is on the market, text as dictionary codes, numbers (NaN for NULL). */
export interface SnapshotColumns {
  size: number;
  ids: Int32Array;
  maxId: number;
  /** 1 for a public listing, 0 for a slot held off the market (CountsSnapshot). */
  present: Uint8Array;
  /** How many slots are present. */
  publicRows: number;
  text: TextColumns;
  numbers: Record<NumericColumn, Float64Array>;
}

/**
 * The listings deleted since a snapshot (they have no row to read): by id, as the change log tells them, or as
 * every id missing from the public ids (a byte per id, 1 for every public listing) when the log cannot tell.
 */
export interface Gone {
  publicIds?: Uint8Array;
  deleted?: readonly number[];
}

/** A listing row as a change is read: with whether it is public now. */
export type ChangedRow = SnapshotRow & { isPublic: unknown };

/** A numeric column's value as the snapshot holds it: NaN for NULL. */
const heldNumber = (value: unknown): number => (value === null || value === undefined ? Number.NaN : Number(value));

const isPublicRow = (row: SnapshotRow) => row.isPublic === true || Number(row.isPublic) === 1;

/** A row as SnapshotBuilder.add holds it: present unless it says it is off the market. */
const presentOf = (row: SnapshotRow): number => (row.isPublic === undefined || isPublicRow(row) ? 1 : 0);

type Column = Int32Array | Uint32Array | Float64Array | Uint8Array;

/**
 * Per buffer under snapshots' columns, how many of its elements a column ends at: only the column that ends
 * there may grow into the room after it (grownTo), so that two snapshots made from one never write the same rows.
 */
const claimedOf = new WeakMap<ArrayBufferLike, number>();

/** Room left after a column's rows for new listings' rows: 1/64 more, at least 1,024. */
const roomFor = (size: number): number => Math.max(1_024, size >>> 6);

/** A copy of `column`, `size` long (past its rows: zeros), in a buffer with room to grow (grownTo). */
function copiedTo<A extends Column>(column: A, size: number): A {
  const out = new (column.constructor as new (length: number) => A)(size + roomFor(size));
  out.set(column);
  claimedOf.set(out.buffer, size);
  return out.subarray(0, size) as A;
}

/** `column` `size` long: a longer view of its buffer when it ends where its buffer is claimed to and the room is there; else a copy. */
function grownTo<A extends Column>(column: A, size: number): A {
  const start = column.byteOffset / column.BYTES_PER_ELEMENT;
  if (claimedOf.get(column.buffer) === start + column.length && (start + size) * column.BYTES_PER_ELEMENT <= column.buffer.byteLength) {
    claimedOf.set(column.buffer, start + size);
    return new (column.constructor as new (buffer: ArrayBufferLike, byteOffset: number, length: number) => A)(column.buffer, column.byteOffset, size);
  }
  return copiedTo(column, size);
}

/**
 * `column` (a snapshot's) `size` rows long with values[k] at rows[k]: the same array when no value differs and
 * no row is added; grown (grownTo) when only rows past its end are written; else a copy with the values written
 * (copy on write: the snapshot it belongs to may still be counting).
 */
function writtenColumn<A extends Column>(column: A, size: number, rows: readonly number[], values: ArrayLike<number>): A {
  const held = column.length;
  let alters = false;
  for (let k = 0; k < rows.length && !alters; k += 1) if (rows[k] < held && !Object.is(column[rows[k]], values[k])) alters = true;
  if (!alters && size === held) return column;
  const out = alters ? copiedTo(column, size) : grownTo(column, size);
  for (let k = 0; k < rows.length; k += 1) if (alters || rows[k] >= held) out[rows[k]] = values[k];
  return out;
}

/**
 * Fills the columns row by row, in ascending id order, growing them as needed; the rows themselves are not
 * kept. Started from a snapshot's columns, it keeps their dictionaries (codes stay valid) and adds to them.
 */
export class SnapshotBuilder {
  private size = 0;
  private maxId = 0;
  private ids: Int32Array;
  private present: Uint8Array;
  private readonly text = {} as TextColumns;
  private readonly numbers = {} as Record<NumericColumn, Float64Array>;
  /** Text values added to a dictionary taken from a snapshot. */
  addedValues = 0;

  constructor(expected: number, base?: SnapshotColumns) {
    const capacity = Math.max(16, expected);
    this.ids = new Int32Array(capacity);
    this.present = new Uint8Array(capacity);
    for (const column of TEXT) {
      const dictionary = base?.text[column].dictionary;
      this.text[column] = { codes: new Uint32Array(capacity), dictionary: dictionary ? { values: [...dictionary.values], codes: new Map(dictionary.codes) } : { values: [null], codes: new Map() } };
    }
    for (const column of NUMERIC) this.numbers[column] = new Float64Array(capacity);
  }

  add(rows: readonly SnapshotRow[]): void {
    this.reserve(rows.length);
    for (const row of rows) {
      const i = this.size;
      const id = Number(row.id);
      this.ids[i] = id;
      this.present[i] = presentOf(row);
      if (id > this.maxId) this.maxId = id;
      for (const column of TEXT) {
        const value = row[column];
        if (value === null || value === undefined) continue;
        const { codes, dictionary } = this.text[column];
        let code = dictionary.codes.get(value);
        if (code === undefined) {
          code = dictionary.values.length;
          dictionary.values.push(value);
          dictionary.codes.set(value, code);
          this.addedValues += 1;
        }
        codes[i] = code;
      }
      for (const column of NUMERIC) {
        this.numbers[column][i] = heldNumber(row[column]);
      }
      this.size += 1;
    }
  }

  /** How many rows it holds: the next row's place. */
  get rows(): number {
    return this.size;
  }

  /** Rows `from` to `to` (exclusive) of the columns this builder was started from. */
  copy(base: SnapshotColumns, from: number, to: number): void {
    this.reserve(to - from);
    const at = this.size;
    this.ids.set(base.ids.subarray(from, to), at);
    this.present.set(base.present.subarray(from, to), at);
    this.maxId = Math.max(this.maxId, base.ids[to - 1]);
    for (const column of TEXT) this.text[column].codes.set(base.text[column].codes.subarray(from, to), at);
    for (const column of NUMERIC) this.numbers[column].set(base.numbers[column].subarray(from, to), at);
    this.size += to - from;
  }

  /** The rows of the listings `gone` says left (by id): no longer present. */
  leave(gone: (id: number) => boolean): void {
    for (let i = 0; i < this.size; i += 1) if (this.present[i] === 1 && gone(this.ids[i])) this.present[i] = 0;
  }

  /** How many distinct values each text column the filters compare holds, as JavaScript tells them apart. */
  distinctCounts(): Record<string, number> {
    return Object.fromEntries(COMPARED_COLUMNS.map((c) => [c, this.text[c].dictionary.codes.size]));
  }

  columns(): SnapshotColumns {
    const size = this.size;
    // Views of the filled part when little is left over (a snapshot made from another: its size and a few
    // rows), else copies of it. A view keeps the room after it for new listings' rows (grownTo).
    const trim = <A extends Column>(array: A): A => {
      if (array.length - size > roomFor(size)) return array.slice(0, size) as A;
      claimedOf.set(array.buffer, size);
      return array.subarray(0, size) as A;
    };
    const text = {} as TextColumns;
    for (const column of TEXT) text[column] = { codes: trim(this.text[column].codes), dictionary: this.text[column].dictionary };
    const numbers = {} as Record<NumericColumn, Float64Array>;
    for (const column of NUMERIC) numbers[column] = trim(this.numbers[column]);
    const present = trim(this.present);
    let publicRows = 0;
    for (let i = 0; i < size; i += 1) publicRows += present[i];
    return { size, ids: trim(this.ids), maxId: this.maxId, present, publicRows, text, numbers };
  }

  private reserve(more: number): void {
    if (this.size + more <= this.ids.length) return;
    const capacity = Math.max(this.ids.length * 2, this.size + more);
    const ids = new Int32Array(capacity);
    ids.set(this.ids);
    this.ids = ids;
    const present = new Uint8Array(capacity);
    present.set(this.present);
    this.present = present;
    for (const column of TEXT) {
      const codes = new Uint32Array(capacity);
      codes.set(this.text[column].codes);
      this.text[column].codes = codes;
    }
    for (const column of NUMERIC) {
      const values = new Float64Array(capacity);
      values.set(this.numbers[column]);
      this.numbers[column] = values;
    }
  }
}

/**
 * The text columns whose values a filter compares or a facet groups by: MariaDB's collation must tell their
 * values apart as JavaScript does (labels are only ordered, by compareText).
 */
export const COMPARED_COLUMNS: readonly TextColumn[] = TEXT.filter((c) => c !== 'make' && c !== 'model');

/** The columns a snapshot reads of each public listing, as the engine's SELECT list (see ORDER_KEY_SQL). */
export function snapshotSelect(engine: SqlEngine): string {
  const order = ORDER_KEY_SQL[engine];
  return ['id', 'isPublic', ...TEXT, ...NUMERIC].map((c) => (c === 'createdAt' || c === 'reducedAt' ? `${order[c]} AS ${c}` : c === 'condition' ? '`condition`' : c)).join(', ');
}

/** MIN() of text: SQLite compares UTF-8 bytes; MariaDB its collation, case- and accent-insensitive. */
const collation = new Intl.Collator('en', { sensitivity: 'base' });
function compareText(engine: SqlEngine, a: string, b: string): number {
  if (engine === 'sqlite') return Buffer.compare(Buffer.from(a), Buffer.from(b));
  return collation.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}
