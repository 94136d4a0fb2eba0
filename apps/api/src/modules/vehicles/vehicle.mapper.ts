import {
  daysBetween,
  dealRatingOf,
  NO_PRICE_ANALYSIS,
  PRICE_DROP_DAYS,
  REJECTION_REASONS,
  rejectionReasonLabel,
  type ListingRejection,
  type PriceAnalysis,
  type OwnerVehicle,
  type PriceDrop,
  type PublicVehicle,
} from '@app/shared';
import type { VehicleEntity } from './entities/vehicle.entity';
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
export function priceAnalysisOf(v: { price: number; status: string; expectedPrice?: number | null; dealComparables?: number | null }): PriceAnalysis {
  if (v.status === 'sold' || v.expectedPrice == null || !(v.expectedPrice > 0) || v.dealComparables == null) return NO_PRICE_ANALYSIS;
  const price = Number(v.price);
  return { rating: dealRatingOf(price, v.expectedPrice), expectedPrice: v.expectedPrice, difference: Math.round((price - v.expectedPrice) * 100) / 100, comparables: v.dealComparables };
}

/** The sold price as the public sees it: only where the seller agreed. */
const publicSoldPrice = (v: { status: string; soldPrice?: number | null; soldPriceShown?: boolean | number | null }) =>
  v.status === 'sold' && Boolean(v.soldPriceShown) && v.soldPrice != null ? v.soldPrice : null;

/** The public shape: never the VIN, Carfax link, service history, seller contact or user id. */
export function toPublicVehicle(v: VehicleEntity, distanceMiles?: number): PublicVehicle {
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
    priceAnalysis: priceAnalysisOf(v),
    priceDrop: priceDropOf(v),
    soldAt: v.status === 'sold' ? isoOrNull(v.soldAt) : null,
    soldPrice: publicSoldPrice(v),
  };
  if (distanceMiles !== undefined) out.distanceMiles = Math.round(distanceMiles * 10) / 10;
  return out;
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

/** The columns of the public shape, for searches that read rows without the ORM (one query per page). */
export const PUBLIC_COLUMNS = [
  'id', 'make', 'model', 'year', '`trim`', 'mileage', 'price', '`condition`', 'bodyType', 'fuelType', 'transmission', 'drivetrain',
  'exteriorColor', 'interiorColor', 'color', 'interiorColorFamily', 'description', 'features', 'images', 'coverPhotoIndex', 'location', 'zipCode', 'engine',
  'mpgCity', 'mpgHighway', 'status', 'views', 'isFeatured', 'createdAt', 'updatedAt', 'soldAt', 'soldPrice', 'soldPriceShown',
  'priceReducedAt', 'priceReducedFrom', 'expectedPrice', 'dealComparables',
].join(', ');

type RawValue = string | number | boolean | Date | null;

/** A timestamp as either driver answers it: a Date (mysql2, UTC) or SQLite's UTC text "YYYY-MM-DD HH:MM:SS". */
const rawDate = (value: RawValue): string => {
  if (value instanceof Date) return value.toISOString();
  const text = String(value);
  return /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(text) ? `${text.replace(' ', 'T')}.000Z` : new Date(`${text.replace(' ', 'T')}Z`).toISOString();
};
const rawText = (value: RawValue): string | null => (value === null ? null : String(value));
const rawInt = (value: RawValue): number | null => (value === null ? null : Number(value));
const rawDateOrNull = (value: RawValue): string | null => (value === null ? null : rawDate(value));

/** The public shape from a raw row of PUBLIC_COLUMNS (same answer as toPublicVehicle of the entity). */
export function rawToPublicVehicle(row: Record<string, RawValue>, distanceMiles?: number): PublicVehicle {
  const out: PublicVehicle = {
    id: Number(row.id),
    make: String(row.make),
    model: String(row.model),
    year: Number(row.year),
    trim: rawText(row.trim),
    mileage: Number(row.mileage),
    price: Number(row.price),
    condition: String(row.condition),
    bodyType: rawText(row.bodyType),
    fuelType: rawText(row.fuelType),
    transmission: rawText(row.transmission),
    drivetrain: rawText(row.drivetrain),
    exteriorColor: rawText(row.exteriorColor),
    interiorColor: rawText(row.interiorColor),
    color: rawText(row.color),
    interiorColorFamily: rawText(row.interiorColorFamily),
    description: rawText(row.description),
    features: JSON.parse(String(row.features)) as string[],
    images: JSON.parse(String(row.images)) as string[],
    coverPhotoIndex: Number(row.coverPhotoIndex),
    location: String(row.location),
    zipCode: String(row.zipCode),
    engine: rawText(row.engine),
    mpgCity: rawInt(row.mpgCity),
    mpgHighway: rawInt(row.mpgHighway),
    status: String(row.status) as PublicVehicle['status'],
    views: Number(row.views),
    isFeatured: Boolean(Number(row.isFeatured)),
    createdAt: rawDate(row.createdAt),
    updatedAt: rawDate(row.updatedAt),
    priceAnalysis: priceAnalysisOf({ price: Number(row.price), status: String(row.status), expectedPrice: rawInt(row.expectedPrice), dealComparables: rawInt(row.dealComparables) }),
    priceDrop: priceDropOf({ price: Number(row.price), priceReducedAt: rawDateOrNull(row.priceReducedAt), priceReducedFrom: rawInt(row.priceReducedFrom) }),
    soldAt: row.status === 'sold' ? rawDateOrNull(row.soldAt) : null,
    soldPrice: publicSoldPrice({ status: String(row.status), soldPrice: rawInt(row.soldPrice), soldPriceShown: Boolean(Number(row.soldPriceShown)) }),
  };
  if (distanceMiles !== undefined) out.distanceMiles = Math.round(distanceMiles * 10) / 10;
  return out;
}
