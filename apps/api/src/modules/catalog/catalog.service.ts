import { Injectable, NotFoundException } from '@nestjs/common';
import {
  BODY_TYPE_OPTIONS,
  COLOR_OPTIONS,
  CONDITION_OPTIONS,
  DRIVETRAIN_OPTIONS,
  FUEL_TYPE_OPTIONS,
  LISTING_LIMITS,
  MAX_PRICE_QUICK_OPTIONS,
  PREDEFINED_FEATURES,
  SEARCH_FILTERS,
  SEARCH_PAGE_SORTS,
  TRANSMISSION_OPTIONS,
  type CatalogMakeSummary,
  type CatalogModelSummary,
  type CatalogOptions,
} from '@app/shared';
import { findCatalogMake, findCatalogModel, getCatalog } from './catalog-data';

/** Years the search page offers: this year and the 29 before (SPEC.md section 3). */
const SEARCH_YEAR_COUNT = 30;

/** The built-in catalog of makes, models and trims, and the option lists of the forms. */
@Injectable()
export class CatalogService {
  makes(): CatalogMakeSummary[] {
    return getCatalog().makes.map((make) => ({ name: make.name, slug: make.slug, modelCount: make.models.length }));
  }

  /** Models of a make given by name or slug ("Mercedes-Benz", "mercedes-benz"); 404 for an unknown make. */
  models(make: string): CatalogModelSummary[] {
    const entry = findCatalogMake(make);
    if (!entry) throw new NotFoundException(`Unknown make: ${make}`);
    return entry.models.map((model) => ({
      name: model.name,
      slug: model.slug,
      years: model.years,
      bodyType: model.bodyType,
      fuelType: model.fuelType,
      drivetrain: model.drivetrain,
      trimCount: model.trims.length,
    }));
  }

  /** Trims of a model (name or slug); 404 for an unknown make or model. */
  trims(make: string, model: string): string[] {
    if (!findCatalogMake(make)) throw new NotFoundException(`Unknown make: ${make}`);
    const entry = findCatalogModel(make, model);
    if (!entry) throw new NotFoundException(`Unknown model: ${model}`);
    return entry.trims;
  }

  options(now = new Date()): CatalogOptions {
    const thisYear = now.getFullYear();
    const listingYears: number[] = [];
    for (let year = LISTING_LIMITS.maxYear(); year >= LISTING_LIMITS.minYear; year -= 1) listingYears.push(year);
    return {
      conditions: CONDITION_OPTIONS,
      bodyTypes: BODY_TYPE_OPTIONS,
      fuelTypes: FUEL_TYPE_OPTIONS,
      transmissions: TRANSMISSION_OPTIONS,
      drivetrains: DRIVETRAIN_OPTIONS,
      colors: COLOR_OPTIONS,
      features: PREDEFINED_FEATURES,
      searchFilters: SEARCH_FILTERS,
      sorts: SEARCH_PAGE_SORTS,
      maxPriceQuickOptions: MAX_PRICE_QUICK_OPTIONS,
      listingYears,
      searchYears: Array.from({ length: SEARCH_YEAR_COUNT }, (_, i) => thisYear - i),
    };
  }
}
