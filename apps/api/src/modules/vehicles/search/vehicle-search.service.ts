import { Injectable } from '@nestjs/common';
import {
  PRICE_BANDS,
  SEARCH_FILTERS,
  type FacetCount,
  type PriceBandCount,
  type PublicVehicle,
  type SearchFacets,
  type SortOption,
  type VehicleSearchDto,
  type VehicleSearchResult,
} from '@app/shared';
import { DataSource } from 'typeorm';
import { VersionedCacheService } from '../../../infra/cache/versioned-cache.service';
import { PUBLIC_COLUMNS, rawToPublicVehicle } from '../vehicle.mapper';
import { sqlEngineOf, type SqlEngine } from '../../../infra/database/sql-engine';
import { KEYWORD_TABLE } from './keyword-match';
import { countIndex, filtersKey, fromVehicles, pageIndex, pageQuery, toSearchRequest, whereOf, withoutDimension, type FacetDimension, type SearchFilters } from './search-filters';

/** No filter: every public listing. */
const PUBLIC_ONLY: SearchFilters = { terms: [], features: [] };

/** Keywords matching more than 1 in this many public listings are counted through the counts index (SQLite). */
const COMMON_KEYWORD_SHARE = 25;

/** The cache_state row every listing write bumps. */
export const LISTINGS_DATA_SET = 'listings';

type Row = Record<string, unknown>;
type RawRow = Parameters<typeof rawToPublicVehicle>[0];

/**
 * GET /api/vehicles/search. The page of results is read on every request (one query: an index range in
 * sort order, stopped after the page); the total and the facet counts, which would need every
 * matching row, come from the versioned cache and are counted once per filter set and listings version.
 */
@Injectable()
export class VehicleSearchService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: VersionedCacheService,
  ) {}

  private get engine(): SqlEngine {
    return sqlEngineOf(this.dataSource);
  }

  async search(dto: VehicleSearchDto): Promise<VehicleSearchResult> {
    const { filters, sortBy, page, limit } = toSearchRequest(dto);
    const offset = (page - 1) * limit;
    const [total, publicTotal, facets] = await Promise.all([this.total(filters), this.total(PUBLIC_ONLY), this.facets(filters)]);
    const index = pageIndex(filters, sortBy, total, publicTotal, offset + limit);
    const vehicles = offset < total ? await this.page(filters, sortBy, index, limit, offset) : [];
    return { vehicles, total, page, limit, facets };
  }

  /** One query: the page's rows in sort order, read straight into the public shape. */
  private async page(filters: SearchFilters, sortBy: SortOption, index: string | undefined, limit: number, offset: number): Promise<PublicVehicle[]> {
    const query = pageQuery({ filters, sortBy, index, limit, offset, engine: this.engine, columns: PUBLIC_COLUMNS });
    const rows = (await this.dataSource.query(query.sql, query.params)) as RawRow[];
    return rows.map((r) => rawToPublicVehicle(r, query.measuresDistance ? Number(r.distanceMiles) : undefined));
  }

  /**
   * How many public listings match. Without a price filter the price facet counts exactly these listings
   * (its bands cover every price), so their sum is the total and no query of its own is run.
   */
  private async total(filters: SearchFilters): Promise<number> {
    if (filters.minPrice === undefined && filters.maxPrice === undefined) {
      const bands = await this.cached('price', filters, () => this.priceFacet(filters));
      return bands.reduce((sum, band) => sum + band.count, 0);
    }
    return this.cache.get(LISTINGS_DATA_SET, `total:${filtersKey(filters)}`, async () => {
      const where = whereOf(filters, this.engine);
      const rows = (await this.dataSource.query(`SELECT COUNT(*) AS n FROM ${await this.countFrom(filters, where)} WHERE ${where.sql}`, where.params)) as Row[];
      return Number(rows[0]?.n ?? 0);
    });
  }

  /** FROM of a count over these filters: through the index countIndex names. */
  private async countFrom(filters: SearchFilters, where: ReturnType<typeof whereOf>): Promise<string> {
    return fromVehicles(countIndex(filters, await this.commonKeywords(filters, where)), this.engine, where);
  }

  /**
   * SQLite: whether the keywords match so many listings (more than 1 in COMMON_KEYWORD_SHARE of the public
   * ones) that a count reads the counts index with the matches as a set of ids, instead of looking up each
   * match's row (countIndex). Counted once per listings version on the full-text table alone (a few ms).
   */
  private async commonKeywords(filters: SearchFilters, where: ReturnType<typeof whereOf>): Promise<boolean> {
    if (this.engine !== 'sqlite' || !where.keywordMatch) return false;
    const match = where.keywordMatch;
    const [matches, publicTotal] = await Promise.all([
      this.cache.get(LISTINGS_DATA_SET, `keywordMatches:${match}`, async () => {
        const rows = (await this.dataSource.query(`SELECT COUNT(*) AS n FROM ${KEYWORD_TABLE} WHERE ${KEYWORD_TABLE} MATCH ?`, [match])) as Row[];
        return Number(rows[0]?.n ?? 0);
      }),
      this.total(PUBLIC_ONLY),
    ]);
    return matches * COMMON_KEYWORD_SHARE > publicTotal;
  }

  private async facets(filters: SearchFilters): Promise<SearchFacets> {
    const [make, model, bodyType, fuelType, price] = await Promise.all([
      this.cached('make', filters, () => this.makeFacet(withoutDimension(filters, 'make'))),
      filters.makeKey === undefined ? [] : this.cached('model', filters, () => this.modelFacet(withoutDimension(filters, 'model'))),
      this.cached('bodyType', filters, () => this.slugFacet(withoutDimension(filters, 'bodyType'), 'bodyType')),
      this.cached('fuelType', filters, () => this.slugFacet(withoutDimension(filters, 'fuelType'), 'fuelType')),
      this.cached('price', filters, () => this.priceFacet(withoutDimension(filters, 'price'))),
    ]);
    return { make, model, bodyType, fuelType, price };
  }

  /** A facet is keyed by the filters it is counted with, so searches that differ only in it share it. */
  private cached<T>(dimension: FacetDimension, filters: SearchFilters, count: () => Promise<T>): Promise<T> {
    return this.cache.get(LISTINGS_DATA_SET, `facet:${dimension}:${filtersKey(withoutDimension(filters, dimension))}`, count);
  }

  private async makeFacet(filters: SearchFilters): Promise<FacetCount[]> {
    const where = whereOf(filters, this.engine);
    const rows = (await this.dataSource.query(
      `SELECT makeKey AS value, MIN(make) AS label, COUNT(*) AS n FROM ${await this.countFrom(filters, where)} WHERE ${where.sql} GROUP BY makeKey`,
      where.params,
    )) as Row[];
    return rows
      .map((r) => ({ value: String(r.value), label: String(r.label), count: Number(r.n) }))
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  }

  /** The chosen make's models that have listings under the other filters, A to Z. */
  private async modelFacet(filters: SearchFilters): Promise<FacetCount[]> {
    const where = whereOf(filters, this.engine);
    const rows = (await this.dataSource.query(
      `SELECT modelKey AS value, MIN(model) AS label, COUNT(*) AS n FROM ${await this.countFrom(filters, where)} WHERE ${where.sql} GROUP BY modelKey`,
      where.params,
    )) as Row[];
    return rows.map((r) => ({ value: String(r.value), label: String(r.label), count: Number(r.n) })).sort((a, b) => a.label.localeCompare(b.label));
  }

  /** Counts per stored slug, summed into the search filter's options (Sedan = sedan + 4-door-sedan). */
  private async slugFacet(filters: SearchFilters, column: 'bodyType' | 'fuelType'): Promise<FacetCount[]> {
    const where = whereOf(filters, this.engine);
    const rows = (await this.dataSource.query(`SELECT ${column} AS value, COUNT(*) AS n FROM ${await this.countFrom(filters, where)} WHERE ${where.sql} GROUP BY ${column}`, where.params)) as Row[];
    const bySlug = new Map(rows.map((r) => [String(r.value), Number(r.n)]));
    return SEARCH_FILTERS[column].map((o) => ({
      value: o.value,
      label: o.label,
      count: o.matches.reduce((sum, slug) => sum + (bySlug.get(slug) ?? 0), 0),
    }));
  }

  private async priceFacet(filters: SearchFilters): Promise<PriceBandCount[]> {
    const where = whereOf(filters, this.engine);
    const cases = PRICE_BANDS.map((b, i) => (b.max === null ? `ELSE ${i}` : `WHEN price < ${b.max} THEN ${i}`)).join(' ');
    const rows = (await this.dataSource.query(
      `SELECT CASE ${cases} END AS band, COUNT(*) AS n FROM ${await this.countFrom(filters, where)} WHERE ${where.sql} GROUP BY CASE ${cases} END`,
      where.params,
    )) as Row[];
    const byBand = new Map(rows.map((r) => [Number(r.band), Number(r.n)]));
    return PRICE_BANDS.map((b, i) => ({ ...b, count: byBand.get(i) ?? 0 }));
  }
}
