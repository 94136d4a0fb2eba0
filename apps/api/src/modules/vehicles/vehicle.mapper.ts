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
