import { Injectable } from '@nestjs/common';
import {
  PRICE_BANDS,
  SEARCH_FILTERS,
  type FacetCount,
  type PriceBandCount,
  type PublicVehicle,
  type SearchAvailability,
  type SearchFacets,
  type SortOption,
  type VehicleSearchDto,
  type VehicleSearchResult,
} from '@app/shared';
import { DataSource, IsNull, LessThan, Not } from 'typeorm';
import { VehicleEntity } from '../entities/vehicle.entity';
import { UNRATED_DEAL_RANK } from '../pricing/market-columns';
import { VersionedCacheService, type DataChange } from '../../../infra/cache/versioned-cache.service';
import { JsonText, jsonWith, withListedJson } from '../../../infra/http/json-text';
import { PUBLIC_COLUMNS, publicRowMapper, withDistance } from '../vehicle.mapper';
import { distanceFrom } from '../../../infra/geo/radius';
import { IdReader } from '../../../infra/database/id-reader';
import { sqlEngineOf, type SqlEngine } from '../../../infra/database/sql-engine';
import type { GroupCount } from './counts-snapshot';
import { LISTINGS_DATA_SET, SearchCounts } from './search-counts.service';
import { availableDependsOn, countDependsOn, countGroupsOf, listingsOf, rankedDependsOn, rowDependsOn, searchDependsOn, type ListingsChangeFacts } from './search-invalidation';
import { anchorOf, bringRankingForward, type RankedMatches } from './ranked-matches';
import { filtersKey, nearestPageQueries, pageIndex, pageIndexReadsCounts, pageQuery, rowsQuery, toSearchRequest, whereOf, withoutDimension, type FacetDimension, type NormalizedSearchFilters, type SearchRequest } from './search-filters';

/** "Best match" keeps at most this many ranked matches of a search's keywords (rankedPage). */
const MAX_RANKED = 200_000;
/** Ranked ids checked against a search's other filters per query (rankedPage). */
const RANKED_CHUNK = 500;
/**
 * A ranking brought forward (rankAgain) is read whole again once this old: each listing scored again is scored
 * with the word statistics of its time, which drift from the kept ones' as listings come and go.
 */
const RANKING_READ_WHOLE_MS = 60_000;
/** More changed listings than this at once: the ranking is read whole again (rankAgain). */
const RANKING_CHANGES_SCORED = 200;

/** No filter: every public listing. */
const PUBLIC_ONLY: NormalizedSearchFilters = { terms: [], features: [] };

/**
 * GET /api/vehicles/search. A search's answer is kept until a listing change could alter it (search-invalidation.ts); on a miss the page of results is
 * read (one query: an index range in sort order, stopped after the page), and the total and the facet counts
 * come from the versioned cache, counted (SearchCounts) once per filter set until a change alters them.
 */
@Injectable()
export class VehicleSearchService {
  private toPublic?: ReturnType<typeof publicRowMapper>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: VersionedCacheService,
    private readonly counts: SearchCounts,
    /** "Best match"'s ranking of every match, read off the thread that answers requests. */
    private readonly idReader: IdReader,
  ) {}

  private get engine(): SqlEngine {
    return sqlEngineOf(this.dataSource);
  }

  /**
   * The whole answer is kept until a listing change could alter it (`VersionedCacheService.answer`,
   * searchDependsOn): repeated searches ask nothing, and a seller's edit drops only the searches it touches.
   */
  async search(dto: VehicleSearchDto): Promise<VehicleSearchResult> {
    const { result, rest } = await this.parts(dto);
    return { ...result, ...rest };
  }

  /**
   * The same answer as `search`, as JSON (the HTTP route's): the kept answer's JSON is made once, when it is
   * kept, and sent as it is, with the parts that are not kept written before it.
   */
  async searchJson(dto: VehicleSearchDto): Promise<JsonText<VehicleSearchResult>> {
    const { result, rest } = await this.parts(dto);
    // Two objects' members in one: `{"available":…,` and the kept answer's members after its `{`.
    return new JsonText(jsonWith(rest, result));
  }

  /** A search's kept answer, and what is added to it each time (not kept with it). */
  private async parts(dto: VehicleSearchDto): Promise<{ result: Omit<VehicleSearchResult, 'available'>; rest: Pick<VehicleSearchResult, 'available' | 'understood'> }> {
    const request = toSearchRequest(dto);
    const { filters, sortBy, page, limit, understood } = request;
    const [result, available] = await Promise.all([
      this.cache.answer(LISTINGS_DATA_SET, `search:${filtersKey(filters)}:${sortBy}:${page}:${limit}`, (version) => this.answer(request, version), searchDependsOn(filters, sortBy)),
      // Not in the kept answer: every listing's first price cut changes it, which would drop every answer.
      this.available(),
    ]);
    // Nor what the query was read as: another query can read as the same filters ("landrover", "land rover").
    return { result, rest: { available, ...(understood.length > 0 ? { understood } : {}) } };
  }

  private async answer({ filters, sortBy, page, limit }: SearchRequest, version: number): Promise<Omit<VehicleSearchResult, 'available'>> {
    const offset = (page - 1) * limit;
    // A page whose index does not depend on the counts ("Best match") is read beside them instead of after them: on
    // MariaDB the ranked page and the keywords' id set the counts read (SearchCounts) are each a pass over every
    // full-text match (100 to 200 ms for a common word at 100,000 listings), which one after the other added up.
    // The counts snapshot finds the page's ids in most sorts (SearchCounts.pageIds), beside the counts.
    const early = pageIndexReadsCounts(sortBy) ? this.counts.pageIds(filters, sortBy, offset, limit, version) : this.page(filters, sortBy, pageIndex(filters, sortBy, 0, 0, offset + limit), limit, offset, version);
    const counts = this.countsOf(filters, version);
    const [total, publicTotal, facets, earlyPage] = await Promise.all([this.total(filters, counts), this.total(PUBLIC_ONLY, this.countsOf(PUBLIC_ONLY, version)), this.facets(filters, counts), early]);
    if (offset >= total) return { vehicles: [], total, page, limit, facets };
    const vehicles =
      earlyPage === undefined
        ? await this.page(filters, sortBy, pageIndex(filters, sortBy, total, publicTotal, offset + limit), limit, offset, version)
        : isIdList(earlyPage)
          ? await this.rowsOf(earlyPage, filters)
          : earlyPage;
    // Its JSON made from its listings' (withListedJson): a kept row's is made once and shared by every page it is on.
    return withListedJson({ vehicles, total, page, limit, facets }, 'vehicles');
  }

  /**
   * What the market data can serve (SearchAvailability), kept until a rating or price drop changes: from the counts
   * snapshot (SearchCounts.available), else two index range counts.
   */
  private available(): Promise<SearchAvailability> {
    return this.cache.get(LISTINGS_DATA_SET, 'available', async (version) => {
      const held = await this.counts.available(version);
      if (held) return held;
      const vehicles = this.dataSource.getRepository(VehicleEntity);
      const [rated, reduced] = await Promise.all([
        // isPublic is status 'approved' (vehicle-derived.ts): asking for the status too made each count look up every
        // row (14 s on MariaDB at a million listings) instead of counting a range of (isPublic, dealRank).
        vehicles.count({ where: { isPublic: true, dealRank: LessThan(UNRATED_DEAL_RANK) } }),
        vehicles.count({ where: { isPublic: true, priceReducedAt: Not(IsNull()) } }),
      ]);
      return { rated, reduced };
    }, availableDependsOn);
  }

  /** One query: the page's rows in sort order, read straight into the public shape ("Best match": rankedPage). */
  private async page(filters: NormalizedSearchFilters, sortBy: SortOption, index: string | undefined, limit: number, offset: number, version: number): Promise<PublicVehicle[]> {
    if (sortBy === 'relevance_desc' && filters.terms.length > 0) return this.rankedPage(filters, limit, offset, version);
    const q = { filters, index, limit, offset, engine: this.engine, columns: PUBLIC_COLUMNS };
    // "Nearest first": ring by ring until one holds the page (nearestPageQueries).
    const queries = sortBy === 'distance_asc' ? nearestPageQueries(q) : [pageQuery({ ...q, sortBy })];
    let rows: Record<string, unknown>[] = [];
    let query = queries[0];
    for (query of queries) {
      rows = (await this.dataSource.query(query.sql, query.params)) as Record<string, unknown>[];
      if (rows.length === limit) break;
    }
    const toPublic = (this.toPublic ??= publicRowMapper(this.dataSource));
    return rows.map((r) => toPublic(r, query.measuresDistance ? Number(r.distanceMiles) : undefined));
  }

  /**
   * "Best match", the top N of the keywords' matches: ranking them is a pass over every match (on MariaDB 100 ms
   * to seconds for a common word at 100,000 listings), so the ranked ids of every public match are read once and
   * kept until a listing that may hold the keywords changes its text or joins or leaves the market
   * (rankedDependsOn), not when a price or mileage does. A page then checks its other filters on the ranked ids in the counts snapshot
   * (SearchCounts.firstOfRanked; when it cannot, RANKED_CHUNK at a time by primary key), and reads its own rows:
   * the order is the SQL's (relevance, then id), which no other filter changes.
   */
  private async rankedPage(filters: NormalizedSearchFilters, limit: number, offset: number, version: number): Promise<PublicVehicle[]> {
    const keywords: NormalizedSearchFilters = { terms: filters.terms, features: [] };
    const { ids: ranked } = await this.cache.get(
      LISTINGS_DATA_SET,
      `ranked:${filtersKey(keywords)}`,
      () => this.rank(keywords),
      rankedDependsOn(filters.terms),
      (kept, changes) => this.rankAgain(keywords, kept, changes),
    );
    const others: NormalizedSearchFilters = { ...filters, terms: [] };
    let ids: number[];
    if (filtersKey(others) === filtersKey(PUBLIC_ONLY)) {
      ids = Array.from(ranked.subarray(offset, offset + limit));
    } else {
      // The other filters checked in the counts snapshot; by primary key in SQL when it cannot.
      const found = (await this.counts.firstOfRanked(ranked, others, offset + limit, version)) ?? (await this.rankedInSql(ranked, others, offset + limit));
      ids = found.slice(offset, offset + limit);
    }
    return this.rowsOf(ids, filters);
  }

  /** Every public match of `keywords`, ranked ("Best match"'s order), with its relevance. */
  private async rank(keywords: NormalizedSearchFilters, ids?: readonly number[]): Promise<RankedMatches> {
    const q = pageQuery({ filters: keywords, sortBy: 'relevance_desc', index: undefined, limit: MAX_RANKED, offset: 0, engine: this.engine, columns: 'vehicles.id', ids });
    return { ...(await this.idReader.scored(q.sql, q.params)), readAt: Date.now() };
  }

  /**
   * A kept ranking after listings that could hold the keywords changed their text or joined or left the market
   * (rankedDependsOn): only those listings are scored again (one query by primary key, with the ranking's best
   * unchanged listing as the anchor that puts their scores on the kept ones' terms: bringRankingForward). Ranking
   * every match again was a pass over the FULLTEXT index each time (66 ms on MariaDB for "leather" at 100,000
   * listings), and in a live market (ten writes a second) each common word's ranking was dropped about every second.
   * Read whole again after RANKING_READ_WHOLE_MS, or after more changes than RANKING_CHANGES_SCORED.
   */
  private async rankAgain(keywords: NormalizedSearchFilters, kept: RankedMatches, changes: readonly DataChange<ListingsChangeFacts>[]): Promise<RankedMatches> {
    const changed = new Set(changes.flatMap((change) => (change.facts ? listingsOf(change.facts) : [])));
    if (Date.now() - kept.readAt > RANKING_READ_WHOLE_MS || changed.size > RANKING_CHANGES_SCORED) return this.rank(keywords);
    const anchor = anchorOf(kept, changed);
    const found = await this.rank(keywords, anchor === undefined ? [...changed] : [...changed, anchor]);
    return { ...bringRankingForward(kept, changed, found, anchor, MAX_RANKED), readAt: kept.readAt };
  }

  /** The first `end` of the ranked ids that match `others`, checked RANKED_CHUNK at a time by primary key. */
  private async rankedInSql(ranked: Int32Array, others: NormalizedSearchFilters, end: number): Promise<number[]> {
    const where = whereOf(others, this.engine, 'perRow', 'row');
    const found: number[] = [];
    for (let from = 0; from < ranked.length && found.length < end; from += RANKED_CHUNK) {
      const chunk = Array.from(ranked.subarray(from, from + RANKED_CHUNK));
      const rows = (await this.dataSource.query(`SELECT id FROM vehicles WHERE id IN (${chunk.map(() => '?').join(', ')}) AND ${where.sql}`, [...chunk, ...where.params])) as {
        id: number | string;
      }[];
      const matching = new Set(rows.map((r) => Number(r.id)));
      for (const id of chunk) if (matching.has(id)) found.push(id);
    }
    return found;
  }

  /**
   * The public rows of listings `ids`, in that order (with the distance from the search's centre, if it has one).
   * Each listing's row is kept until it changes (rowDependsOn), so a page found in the counts snapshot is read
   * from memory but for the listings no recent page showed: reading 24 rows by primary key and making them
   * public was the largest part of a miss (0.5 ms on SQLite; on MariaDB a round trip besides).
   */
  private async rowsOf(ids: readonly number[], filters: NormalizedSearchFilters): Promise<PublicVehicle[]> {
    if (ids.length === 0) return [];
    const rows = await this.cache.many(LISTINGS_DATA_SET, 'public-row', ids, (missing) => this.readRows(missing), publicRowDependsOn);
    const distance = filters.near ? distanceFrom(filters.near) : undefined;
    return ids.flatMap((id) => {
      const row = rows.get(id);
      if (!row) return [];
      return [distance && row.latitude !== null && row.longitude !== null ? withDistance(row.vehicle, distance(row.latitude, row.longitude)) : row.vehicle];
    });
  }

  /** Listings' public rows, with their position, by primary key. */
  private async readRows(ids: readonly number[]): Promise<Map<number, PublicRow>> {
    const query = rowsQuery(ids, PUBLIC_COLUMNS);
    const rows = (await this.dataSource.query(query.sql, query.params)) as Record<string, unknown>[];
    const toPublic = (this.toPublic ??= publicRowMapper(this.dataSource));
    const position = (value: unknown) => (value === null || value === undefined ? null : Number(value));
    return new Map(rows.map((r) => [Number(r.id), { vehicle: toPublic(r), latitude: position(r.latitude), longitude: position(r.longitude) }]));
  }

  /**
   * The counter of a search's total and facets: the first one not kept counts all those not kept, in one pass
   * when the counts snapshot holds the version (SearchCounts.countAll); a count asked at another version, or
   * one that was kept when the counter was made, is counted alone. Leaving the kept ones out narrows the pass:
   * a make's search shares its make facet (every listing, by make) with every other make's, and without it
   * the pass reads that make's listings instead of all of them.
   */
  private countsOf(filters: NormalizedSearchFilters, version: number): SearchCounter {
    const groups = countGroupsOf(filters).filter((group) => !this.cache.holds(LISTINGS_DATA_SET, countKey(group, filters)));
    const items = groups.map((group) => ({ group, filters: group === 'total' ? filters : withoutDimension(filters, group) }));
    let all: Promise<GroupCount[][]> | undefined;
    return async (group, at) => {
      const k = groups.indexOf(group);
      if (at !== version || k < 0) return this.counts.count(group === 'total' ? filters : withoutDimension(filters, group), group, at);
      all ??= this.counts.countAll(items, version);
      return (await all)[k];
    };
  }

  /**
   * How many public listings match. Without a price filter the price facet counts exactly these listings
   * (its bands cover every price), so their sum is the total and no count of its own is run.
   */
  private async total(filters: NormalizedSearchFilters, counts: SearchCounter): Promise<number> {
    if (filters.minPrice === undefined && filters.maxPrice === undefined) {
      const bands = await this.facet('price', filters, counts, (rows) => this.priceBands(rows));
      return bands.reduce((sum, band) => sum + band.count, 0);
    }
    return this.cache.get(LISTINGS_DATA_SET, countKey('total', filters), async (version) => (await counts('total', version))[0]?.n ?? 0, countDependsOn(filters, 'total'));
  }

  private async facets(filters: NormalizedSearchFilters, counts: SearchCounter): Promise<SearchFacets> {
    const [make, model, bodyType, fuelType, price] = await Promise.all([
      this.facet('make', filters, counts, (rows) => labelled(rows).sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))),
      // The chosen make's models that have listings under the other filters, A to Z.
      filters.makeKey === undefined ? [] : this.facet('model', filters, counts, (rows) => labelled(rows).sort((a, b) => a.label.localeCompare(b.label))),
      this.facet('bodyType', filters, counts, (rows) => slugOptions('bodyType', rows)),
      this.facet('fuelType', filters, counts, (rows) => slugOptions('fuelType', rows)),
      this.facet('price', filters, counts, (rows) => this.priceBands(rows)),
    ]);
    return { make, model, bodyType, fuelType, price };
  }

  /**
   * A facet counts the filters without its own dimension, and is cached under that filter set, so
   * searches that differ only in it share it.
   */
  private facet<T>(dimension: FacetDimension, filters: NormalizedSearchFilters, counts: SearchCounter, shape: (rows: GroupCount[]) => T): Promise<T> {
    const counted = withoutDimension(filters, dimension);
    return this.cache.get(LISTINGS_DATA_SET, countKey(dimension, filters), async (version) => shape(await counts(dimension, version)), countDependsOn(counted, dimension));
  }

  private priceBands(rows: GroupCount[]): PriceBandCount[] {
    const byBand = new Map(rows.map((r) => [Number(r.value), r.n]));
    return PRICE_BANDS.map((b, i) => ({ ...b, count: byBand.get(i) ?? 0 }));
  }
}

/** The cache key of a search's total, or of a facet (counted without its own dimension). */
const countKey = (group: FacetDimension | 'total', filters: NormalizedSearchFilters) =>
  group === 'total' ? `total:${filtersKey(filters)}` : `facet:${group}:${filtersKey(withoutDimension(filters, group))}`;

/** A listing's public row as a search keeps it (rowsOf): shared by the answers that show it, never changed. */
interface PublicRow {
  vehicle: PublicVehicle;
  latitude: number | null;
  longitude: number | null;
}

const publicRowDependsOn = rowDependsOn((row: PublicRow) => row.vehicle.id);

/** A search's counts by group (its total, or a facet), at a version of the listings. */
type SearchCounter = (group: FacetDimension | 'total', version: number) => Promise<GroupCount[]>;

const isIdList = (page: number[] | PublicVehicle[]): page is number[] => page.length > 0 && typeof page[0] === 'number';

function labelled(rows: GroupCount[]): FacetCount[] {
  return rows.map((r) => ({ value: String(r.value), label: String(r.label), count: r.n }));
}

/** Counts per stored slug, summed into the search filter's options (Sedan = sedan + 4-door-sedan). */
function slugOptions(column: 'bodyType' | 'fuelType', rows: GroupCount[]): FacetCount[] {
  const bySlug = new Map(rows.map((r) => [String(r.value), r.n]));
  return SEARCH_FILTERS[column].map((o) => ({
    value: o.value,
    label: o.label,
    count: o.matches.reduce((sum, slug) => sum + (bySlug.get(slug) ?? 0), 0),
  }));
}
