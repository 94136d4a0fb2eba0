import {
  daysBetween,
  dealRatingOf,
  MARKET_BASES,
  vinCheckDigitValid,
  type MarketBasis,
  NO_PRICE_ANALYSIS,
  PRICE_DROP_DAYS,
  REJECTION_REASONS,
  rejectionReasonLabel,
  type ListingRejection,
  type PriceAnalysis,
  type OwnerVehicle,
  type PriceDrop,
  type PublicVehicle,
  PUBLIC_LISTING_FIELDS,
} from '@app/shared';
import type { DataSource } from 'typeorm';
import { VehicleEntity } from './entities/vehicle.entity';
import type { VehicleRevisionEntity } from './entities/vehicle-revision.entity';
import { toPendingRevision } from './lifecycle/listing-revisions.service';

const iso = (d: Date | string): string => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());
const isoOrNull = (d: Date | string | null | undefined): string | null => (d ? iso(d) : null);

/** The latest reduction while it is at most PRICE_DROP_DAYS old. */
export function priceDropOf(
  v: { price: number; priceReducedAt?: Date | string | null; priceReducedFrom?: number | null },
  now = Date.now(),
): PriceDrop | null {
  if (!v.priceReducedAt || v.priceReducedFrom == null) return null;
  const at = new Date(v.priceReducedAt);
  if (now - at.getTime() > PRICE_DROP_DAYS * 86_400_000 || v.priceReducedFrom <= v.price) return null;
  return { amount: Math.round((v.priceReducedFrom - v.price) * 100) / 100, previousPrice: v.priceReducedFrom, at: at.toISOString() };
}

/** The price against the market: from the latest estimate and the current price (sold listings: unknown). */
export function priceAnalysisOf(v: { price: number; status: string; expectedPrice?: number | null; dealComparables?: number | null; dealBasis?: string | null }): PriceAnalysis {
  if (v.status === 'sold' || v.expectedPrice == null || !(v.expectedPrice > 0) || v.dealComparables == null) return NO_PRICE_ANALYSIS;
  const price = Number(v.price);
  const basis = (MARKET_BASES as readonly string[]).includes(v.dealBasis ?? '') ? (v.dealBasis as MarketBasis) : 'model';
  return { rating: dealRatingOf(price, v.expectedPrice), expectedPrice: v.expectedPrice, difference: Math.round((price - v.expectedPrice) * 100) / 100, comparables: v.dealComparables, basis };
}

/** The sold price as the public sees it: only where the seller agreed. */
const publicSoldPrice = (v: { status: string; soldPrice?: number | null; soldPriceShown?: boolean | number | null }) =>
  v.status === 'sold' && Boolean(v.soldPriceShown) && v.soldPrice != null ? v.soldPrice : null;

/**
 * The columns the public shape is made from: the listing fields buyers see (PUBLIC_LISTING_FIELDS of the shared
 * field table) and the listing's own state. toPublicVehicle can read no other column (its argument is typed so),
 * and a search reads exactly these (PUBLIC_COLUMNS), so the two ways to a public listing cannot disagree.
 */
export const PUBLIC_SOURCE_COLUMNS = [
  'id',
  ...PUBLIC_LISTING_FIELDS,
  'status',
  'views',
  'isFeatured',
  'createdAt',
  'updatedAt',
  'soldAt',
  'soldPrice',
  'soldPriceShown',
  'priceReducedAt',
  'priceReducedFrom',
  'expectedPrice',
  'dealComparables',
  'dealBasis',
  'publishedAt',
  'vin',
] as const satisfies ReadonlyArray<keyof VehicleEntity>;
export type PublicSource = Pick<VehicleEntity, (typeof PUBLIC_SOURCE_COLUMNS)[number]>;

/** The public shape: never the VIN, Carfax link, service history, seller contact or user id. */
export function toPublicVehicle(v: PublicSource, distanceMiles?: number): PublicVehicle {
  const out: PublicVehicle = {
    id: v.id,
    make: v.make,
    model: v.model,
    year: v.year,
    trim: v.trim,
    mileage: v.mileage,
    price: v.price,
    condition: v.condition,
    bodyType: v.bodyType,
    fuelType: v.fuelType,
    transmission: v.transmission,
    drivetrain: v.drivetrain,
    exteriorColor: v.exteriorColor,
    interiorColor: v.interiorColor,
    color: v.color,
    interiorColorFamily: v.interiorColorFamily,
    description: v.description,
    features: v.features,
    images: v.images,
    coverPhotoIndex: v.coverPhotoIndex,
    location: v.location,
    zipCode: v.zipCode,
    engine: v.engine,
    mpgCity: v.mpgCity,
    mpgHighway: v.mpgHighway,
    status: v.status,
    views: v.views,
    isFeatured: Boolean(v.isFeatured),
    createdAt: iso(v.createdAt),
    updatedAt: iso(v.updatedAt),
    listedAt: iso(v.publishedAt ?? v.createdAt),
    vinChecked: (v.status === 'approved' || v.status === 'sold') && v.publishedAt != null && vinCheckDigitValid(v.vin ?? ''),
    priceAnalysis: priceAnalysisOf(v),
    priceDrop: priceDropOf(v),
    soldAt: v.status === 'sold' ? isoOrNull(v.soldAt) : null,
    soldPrice: publicSoldPrice(v),
  };
  return distanceMiles === undefined ? out : withDistance(out, distanceMiles);
}

/** A public listing with its distance from a search's centre, as the search shows it (to a tenth of a mile). */
export function withDistance(vehicle: PublicVehicle, distanceMiles: number): PublicVehicle {
  return { ...vehicle, distanceMiles: Math.round(distanceMiles * 10) / 10 };
}

/** What the owner's shape adds from outside the listing's row: its pending revision and its buyer inquiries. */
export interface OwnerExtras {
  pending?: VehicleRevisionEntity | null;
  inquiries: number;
}

/** Every field, for the listing's owner and for admins. */
export function toOwnerVehicle(v: VehicleEntity, { pending = null, inquiries }: OwnerExtras): OwnerVehicle {
  return {
    ...toPublicVehicle(v),
    userId: v.userId,
    vin: v.vin,
    carfaxReportUrl: v.carfaxReportUrl,
    recentServices: v.recentServices,
    contactPhone: v.contactPhone,
    contactEmail: v.contactEmail,
    contactFirstName: v.contactFirstName,
    contactLastName: v.contactLastName,
    contactLocation: v.contactLocation,
    soldPrice: v.soldPrice ?? null,
    soldPriceShown: Boolean(v.soldPriceShown),
    publishedAt: isoOrNull(v.publishedAt),
    daysOnMarket: v.publishedAt ? daysBetween(v.publishedAt, v.status === 'sold' && v.soldAt ? v.soldAt : new Date()) : null,
    pendingRevision: pending ? toPendingRevision(pending) : null,
    rejection: v.status === 'rejected' && (v.rejectionReason || v.rejectionNote) ? rejectionOf(v) : null,
    inquiries,
  };
}

function rejectionOf(v: VehicleEntity): ListingRejection {
  const reason = REJECTION_REASONS.find((r) => r.value === v.rejectionReason)?.value ?? null;
  return { reason, label: rejectionReasonLabel(reason), note: v.rejectionNote ?? null };
}

/** The public source columns as a SELECT list, for searches that read rows without the ORM (one query per page). */
export const PUBLIC_COLUMNS = PUBLIC_SOURCE_COLUMNS.map((column) => `\`${column}\``).join(', ');

/**
 * A raw row of PUBLIC_COLUMNS as the entity holds it, converted by TypeORM's own hydration of each column (the
 * driver's dates, booleans, JSON and the decimal transformer, as when it loads the entity), then made public by
 * toPublicVehicle: one mapper whichever way the listing was read.
 */
export function publicRowMapper(dataSource: DataSource): (row: Record<string, unknown>, distanceMiles?: number) => PublicVehicle {
  const metadata = dataSource.getMetadata(VehicleEntity);
  const columns = PUBLIC_SOURCE_COLUMNS.map((property) => {
    const column = metadata.findColumnWithPropertyName(property);
    if (!column) throw new Error(`VehicleEntity has no column ${property}`);
    return column;
  });
  return (row, distanceMiles) => {
    const source: Record<string, unknown> = {};
    for (const column of columns) source[column.propertyName] = dataSource.driver.prepareHydratedValue(row[column.databaseName], column);
    return toPublicVehicle(source as PublicSource, distanceMiles);
  };
}
