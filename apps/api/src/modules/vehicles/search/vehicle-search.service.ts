import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  PRICE_BANDS,
  SEARCH_FILTERS,
  type FacetCount,
  type PriceBandCount,
  type SearchFacets,
  type VehicleSearchDto,
  type VehicleSearchResult,
} from '@app/shared';
import { DataSource, In, Repository } from 'typeorm';
import { VersionedCacheService } from '../../../infra/cache/versioned-cache.service';
import { VehicleEntity } from '../entities/vehicle.entity';
import { toPublicVehicle } from '../vehicle.mapper';
import { filtersKey, SORT_SQL, toSearchRequest, whereOf, withoutDimension, type SearchFilters } from './search-filters';

/** The cache_state row every listing write bumps. */
export const LISTINGS_DATA_SET = 'listings';

type Row = Record<string, unknown>;

/**
 * GET /api/vehicles/search. The page of results is read on every request (an index range in sort order,
 * ids only, then the 24 rows by primary key); the total and the facet counts, which would need every
 * matching row, come from the versioned cache and are counted once per filter set and listings version.
 */
@Injectable()
export class VehicleSearchService {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(VehicleEntity) private readonly vehicles: Repository<VehicleEntity>,
    private readonly cache: VersionedCacheService,
  ) {}

  async search(dto: VehicleSearchDto): Promise<VehicleSearchResult> {
    const { filters, sortBy, page, limit } = toSearchRequest(dto);
    const offset = (page - 1) * limit;
    const [total, facets] = await Promise.all([this.total(filters), this.facets(filters)]);
    const vehicles = offset < total ? await this.page(filters, SORT_SQL[sortBy], limit, offset) : [];
    return { vehicles, total, page, limit, facets };
  }

  private async page(filters: SearchFilters, orderBy: string, limit: number, offset: number) {
    const where = whereOf(filters);
    const select = where.distance ? `id, ${where.distance.sql} AS distanceMiles` : 'id';
    const rows = (await this.dataSource.query(`SELECT ${select} FROM vehicles WHERE ${where.sql} ORDER BY ${orderBy} LIMIT ? OFFSET ?`, [
      ...(where.distance?.params ?? []),
      ...where.params,
      limit,
      offset,
    ])) as Row[];
    if (rows.length === 0) return [];
    const entities = await this.vehicles.findBy({ id: In(rows.map((r) => Number(r.id))) });
    const byId = new Map(entities.map((e) => [e.id, e]));
    return rows.flatMap((r) => {
      const entity = byId.get(Number(r.id));
      // A row deleted between the two reads is simply left out of this page.
      if (!entity) return [];
      return [toPublicVehicle(entity, r.distanceMiles === undefined ? undefined : Number(r.distanceMiles))];
    });
  }

  private total(filters: SearchFilters): Promise<number> {
    return this.cache.get(LISTINGS_DATA_SET, `total:${filtersKey(filters)}`, async () => {
      const where = whereOf(filters);
      const rows = (await this.dataSource.query(`SELECT COUNT(*) AS n FROM vehicles WHERE ${where.sql}`, where.params)) as Row[];
      return Number(rows[0]?.n ?? 0);
    });
  }

  private async facets(filters: SearchFilters): Promise<SearchFacets> {
    const [make, bodyType, fuelType, price] = await Promise.all([
      this.cached('make', filters, () => this.makeFacet(withoutDimension(filters, 'make'))),
      this.cached('bodyType', filters, () => this.slugFacet(withoutDimension(filters, 'bodyType'), 'bodyType')),
      this.cached('fuelType', filters, () => this.slugFacet(withoutDimension(filters, 'fuelType'), 'fuelType')),
      this.cached('price', filters, () => this.priceFacet(withoutDimension(filters, 'price'))),
    ]);
    return { make, bodyType, fuelType, price };
  }

  /** A facet is keyed by the filters it is counted with, so searches that differ only in it share it. */
  private cached<T>(dimension: 'make' | 'bodyType' | 'fuelType' | 'price', filters: SearchFilters, count: () => Promise<T>): Promise<T> {
    return this.cache.get(LISTINGS_DATA_SET, `facet:${dimension}:${filtersKey(withoutDimension(filters, dimension))}`, count);
  }

  private async makeFacet(filters: SearchFilters): Promise<FacetCount[]> {
    const where = whereOf(filters);
    const rows = (await this.dataSource.query(
      `SELECT makeKey AS value, MIN(make) AS label, COUNT(*) AS n FROM vehicles WHERE ${where.sql} GROUP BY makeKey`,
      where.params,
    )) as Row[];
    return rows
      .map((r) => ({ value: String(r.value), label: String(r.label), count: Number(r.n) }))
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  }

  /** Counts per stored slug, summed into the search filter's options (Sedan = sedan + 4-door-sedan). */
  private async slugFacet(filters: SearchFilters, column: 'bodyType' | 'fuelType'): Promise<FacetCount[]> {
    const where = whereOf(filters);
    const rows = (await this.dataSource.query(`SELECT ${column} AS value, COUNT(*) AS n FROM vehicles WHERE ${where.sql} GROUP BY ${column}`, where.params)) as Row[];
    const bySlug = new Map(rows.map((r) => [String(r.value), Number(r.n)]));
    return SEARCH_FILTERS[column].map((o) => ({
      value: o.value,
      label: o.label,
      count: o.matches.reduce((sum, slug) => sum + (bySlug.get(slug) ?? 0), 0),
    }));
  }

  private async priceFacet(filters: SearchFilters): Promise<PriceBandCount[]> {
    const where = whereOf(filters);
    const cases = PRICE_BANDS.map((b, i) => (b.max === null ? `ELSE ${i}` : `WHEN price < ${b.max} THEN ${i}`)).join(' ');
    const rows = (await this.dataSource.query(
      `SELECT CASE ${cases} END AS band, COUNT(*) AS n FROM vehicles WHERE ${where.sql} GROUP BY CASE ${cases} END`,
      where.params,
    )) as Row[];
    const byBand = new Map(rows.map((r) => [Number(r.band), Number(r.n)]));
    return PRICE_BANDS.map((b, i) => ({ ...b, count: byBand.get(i) ?? 0 }));
  }
}
