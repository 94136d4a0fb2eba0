import type { OwnerVehicle, PublicVehicle } from '@app/shared';
import type { VehicleEntity } from './entities/vehicle.entity';

const iso = (d: Date | string): string => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

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
  };
  if (distanceMiles !== undefined) out.distanceMiles = Math.round(distanceMiles * 10) / 10;
  return out;
}

/** Every field, for the listing's owner and for admins. */
export function toOwnerVehicle(v: VehicleEntity): OwnerVehicle {
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
  };
}

/** The columns of the public shape, for searches that read rows without the ORM (one query per page). */
export const PUBLIC_COLUMNS = [
  'id', 'make', 'model', 'year', '`trim`', 'mileage', 'price', '`condition`', 'bodyType', 'fuelType', 'transmission', 'drivetrain',
  'exteriorColor', 'interiorColor', 'color', 'description', 'features', 'images', 'coverPhotoIndex', 'location', 'zipCode', 'engine',
  'mpgCity', 'mpgHighway', 'status', 'views', 'isFeatured', 'createdAt', 'updatedAt',
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
  };
  if (distanceMiles !== undefined) out.distanceMiles = Math.round(distanceMiles * 10) / 10;
  return out;
}
