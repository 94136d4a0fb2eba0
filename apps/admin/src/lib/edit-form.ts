import type { AdminVehicle, AdminVehicleEdit } from '@app/shared';

/**
 * The modal's form state. Year and mileage are typed as text and parsed on save (SPEC.md section 5);
 * drivetrain, fuel type and the MPG fields are held without an input and not sent (they do not change).
 */
export interface EditFormValues {
  make: string;
  model: string;
  year: string;
  trim: string;
  mileage: string;
  price: number | null;
  condition: string;
  location: string;
  exteriorColor: string | null;
  interiorColor: string | null;
  engine: string;
  transmission: string | null;
  description: string;
  images: string[];
  coverPhotoIndex: number;
  features: string[];
  recentServices: string[];
  contactFirstName: string;
  contactLastName: string;
  contactLocation: string;
  isFeatured: boolean;
}

export function toFormValues(v: AdminVehicle): EditFormValues {
  return {
    make: v.make,
    model: v.model,
    year: String(v.year),
    trim: v.trim ?? '',
    mileage: String(v.mileage),
    price: v.price,
    condition: v.condition,
    location: v.location,
    exteriorColor: v.exteriorColor,
    interiorColor: v.interiorColor,
    engine: v.engine ?? '',
    transmission: v.transmission,
    description: v.description ?? '',
    images: [...v.images],
    coverPhotoIndex: v.coverPhotoIndex,
    features: [...v.features],
    recentServices: [...v.recentServices],
    contactFirstName: v.contactFirstName ?? '',
    contactLastName: v.contactLastName ?? '',
    contactLocation: v.contactLocation ?? '',
    isFeatured: v.isFeatured,
  };
}

/** Year: a number, or the current year when it cannot be read (SPEC.md section 5). */
export function parseYear(text: string, now = new Date()): number {
  const year = Number.parseInt(text, 10);
  return Number.isFinite(year) ? year : now.getFullYear();
}

/** Mileage: a number, or 0 when it cannot be read (SPEC.md section 5). */
export function parseMileage(text: string): number {
  const miles = Number.parseInt(text.replace(/[,\s]/g, ''), 10);
  return Number.isFinite(miles) ? miles : 0;
}

const optional = (text: string): string | null => (text.trim() === '' ? null : text.trim());

export function toEditPayload(values: EditFormValues): AdminVehicleEdit {
  return {
    make: values.make.trim(),
    model: values.model.trim(),
    year: parseYear(values.year),
    trim: optional(values.trim),
    mileage: parseMileage(values.mileage),
    ...(values.price === null ? {} : { price: values.price }),
    condition: values.condition,
    location: values.location.trim(),
    exteriorColor: values.exteriorColor,
    interiorColor: values.interiorColor,
    engine: optional(values.engine),
    transmission: values.transmission,
    description: optional(values.description),
    images: values.images,
    coverPhotoIndex: values.coverPhotoIndex,
    features: values.features,
    recentServices: values.recentServices,
    contactFirstName: optional(values.contactFirstName),
    contactLastName: optional(values.contactLastName),
    contactLocation: optional(values.contactLocation),
    isFeatured: values.isFeatured,
  };
}
