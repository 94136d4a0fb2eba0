import { classValidatorResolver } from '@hookform/resolvers/class-validator';
import type { Resolver } from 'react-hook-form';
import { LISTING_FORM_NUMBER_FIELDS, LISTING_FORM_TEXT_FIELDS, normaliseNumberText, VehicleInputDto, type ListingFormTextField, type PublicUser } from '@app/shared';
import type { ListingPayload, OwnerVehicle } from '../../../api/seller';

/**
 * The listing form's values: what the inputs hold (text for numbers, '' for "not chosen"), the lists edited
 * by the tag editors and the photo list. `toPayload` turns them into the body of POST/PUT /api/vehicles, and
 * the resolver checks that body with the API's own `VehicleInputDto` rules (one definition, SPEC.md section 5).
 */
export interface ListingFormValues {
  make: string;
  model: string;
  year: string;
  trim: string;
  mileage: string;
  price: string;
  condition: string;
  bodyType: string;
  fuelType: string;
  transmission: string;
  drivetrain: string;
  exteriorColor: string;
  interiorColor: string;
  engine: string;
  mpgCity: string;
  mpgHighway: string;
  location: string;
  zipCode: string;
  vin: string;
  carfaxReportUrl: string;
  recentServices: string[];
  description: string;
  features: string[];
  images: string[];
  coverPhotoIndex: number;
  contactFirstName: string;
  contactLastName: string;
  contactPhone: string;
  contactEmail: string;
  contactLocation: string;
}

/** The form's text boxes (numbers are typed as text): the listing field table's `form: 'text' | 'number'` rows. */
const TEXT_FIELDS: readonly ListingFormTextField[] = LISTING_FORM_TEXT_FIELDS;

/** A new listing: empty, with the seller's own name and e-mail as the contact. */
export function emptyListing(user: PublicUser | null): ListingFormValues {
  return {
    make: '',
    model: '',
    year: '',
    trim: '',
    mileage: '',
    price: '',
    condition: '',
    bodyType: '',
    fuelType: '',
    transmission: '',
    drivetrain: '',
    exteriorColor: '',
    interiorColor: '',
    engine: '',
    mpgCity: '',
    mpgHighway: '',
    location: '',
    zipCode: '',
    vin: '',
    carfaxReportUrl: '',
    recentServices: [],
    description: '',
    features: [],
    images: [],
    coverPhotoIndex: 0,
    contactFirstName: user?.firstName ?? '',
    contactLastName: user?.lastName ?? '',
    contactPhone: '',
    contactEmail: user?.email ?? '',
    contactLocation: '',
  };
}

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** Edit mode: the form prefilled from the loaded listing. */
export function listingValues(v: OwnerVehicle): ListingFormValues {
  return {
    make: v.make,
    model: v.model,
    year: text(v.year),
    trim: text(v.trim),
    mileage: text(v.mileage),
    price: text(v.price),
    condition: v.condition,
    bodyType: text(v.bodyType),
    fuelType: text(v.fuelType),
    transmission: text(v.transmission),
    drivetrain: text(v.drivetrain),
    exteriorColor: text(v.exteriorColor),
    interiorColor: text(v.interiorColor),
    engine: text(v.engine),
    mpgCity: text(v.mpgCity),
    mpgHighway: text(v.mpgHighway),
    location: v.location,
    zipCode: v.zipCode,
    vin: v.vin,
    carfaxReportUrl: text(v.carfaxReportUrl),
    recentServices: [...v.recentServices],
    description: text(v.description),
    features: [...v.features],
    images: [...v.images],
    coverPhotoIndex: v.coverPhotoIndex < v.images.length ? v.coverPhotoIndex : 0,
    contactFirstName: text(v.contactFirstName),
    contactLastName: text(v.contactLastName),
    contactPhone: v.contactPhone,
    contactEmail: v.contactEmail,
    contactLocation: text(v.contactLocation),
  };
}

/** Fields typed as numbers: "28,500" miles and "$89,900" are read as the numbers they are. */
const NUMBER_FIELDS = new Set<string>(LISTING_FORM_NUMBER_FIELDS);

/**
 * The request body: blank text fields are left out (the DTO's optional fields then pass and its required
 * ones say "… is required"); numbers as people type them ("$89,900") are normalised, and stay text for the
 * DTO's own numeric transform.
 */
export function toPayload(values: ListingFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of TEXT_FIELDS) {
    const value = NUMBER_FIELDS.has(key) ? normaliseNumberText(values[key]) : values[key].trim();
    if (value !== '') body[key] = value;
  }
  body.features = values.features;
  body.recentServices = values.recentServices;
  body.images = values.images;
  body.coverPhotoIndex = values.images.length > 0 ? values.coverPhotoIndex : 0;
  return body;
}

const dtoResolver = classValidatorResolver(VehicleInputDto, { validator: { stopAtFirstError: true, forbidUnknownValues: true } });

/**
 * react-hook-form resolver: the form's values → the payload → `VehicleInputDto` (the API's rules). On success
 * the submit handler receives the payload as the API will read it.
 */
export const listingResolver: Resolver<ListingFormValues, unknown, ListingPayload> = async (values, context, options) => {
  const result = await dtoResolver(toPayload(values) as unknown as VehicleInputDto, context, options as never);
  if (Object.keys(result.errors).length > 0) return { values: {}, errors: result.errors as never };
  return { values: { ...(result.values as ListingPayload) }, errors: {} };
};

/** Generated spec values as stored slugs: lowercased, spaces turned into hyphens (SPEC.md section 4). */
export function specSlug(value: string | null | undefined): string {
  return value ? value.trim().toLowerCase().replace(/\s+/g, '-') : '';
}

/** Years a listing may have: next calendar year down to 1990. */
export function listingYears(min: number, max: number): number[] {
  return Array.from({ length: max - min + 1 }, (_, i) => max - i);
}
