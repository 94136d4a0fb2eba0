import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { emptyToUndefined } from '../common/transforms';
import { rule } from '../common/validators';
import { toVin, VehicleIdentityDto } from '../vehicles/vehicle-input.dto';
import { VIN_PATTERN } from '../vehicles/vin';
import {
  BODY_TYPES,
  FUEL_TYPES,
  type BodyType,
  type Drivetrain,
  type FuelType,
  type Option,
  type Transmission,
} from '../vehicles/vocabularies';

// ---- Catalog (GET /api/catalog/...) ------------------------------------------------------------------

/** One make of GET /api/catalog/makes. */
export interface CatalogMakeSummary {
  name: string;
  slug: string;
  modelCount: number;
}

/** One model of GET /api/catalog/makes/{make}/models. */
export interface CatalogModelSummary {
  name: string;
  slug: string;
  /** First and last model year known for the model (within 1990 to next year). */
  years: [number, number];
  /** The model's most common body, fuel and drive, when the data says (listing-form slugs). */
  bodyType: BodyType | null;
  fuelType: FuelType | null;
  drivetrain: Drivetrain | null;
  trimCount: number;
}

/** GET /api/catalog/options: every option list of the forms and the search page, in one answer. */
export interface CatalogOptions {
  conditions: readonly Option[];
  bodyTypes: readonly Option[];
  fuelTypes: readonly Option[];
  transmissions: readonly Option[];
  drivetrains: readonly Option[];
  colors: readonly Option[];
  features: readonly string[];
  /** Search filter lists: each label matches every stored slug it stands for. */
  searchFilters: Record<string, readonly { value: string; label: string; matches: readonly string[] }[]>;
  sorts: readonly Option[];
  maxPriceQuickOptions: readonly number[];
  /** Years a listing may have, newest first (next year down to 1990). */
  listingYears: number[];
  /** Years the search offers, newest first (this year and the 29 before). */
  searchYears: number[];
}

// ---- VIN decoding and generation (/api/vehicles/vin, /api/vehicles/{specs,features}/generate) ---------

/** GET /api/vehicles/vin/{vin} (200; 400 for a malformed VIN). */
export interface VinDecodeResult {
  /** The VIN as decoded (upper case). */
  vin: string;
  /** True when make and model were identified. */
  valid: boolean;
  /** The North American check digit (position 9) matches; a mismatch is a warning only. */
  checkDigitValid: boolean;
  make: string | null;
  model: string | null;
  year: number | null;
  trim: string | null;
  bodyType: BodyType | null;
  fuelType: FuelType | null;
  drivetrain: Drivetrain | null;
  transmission: Transmission | null;
  /** e.g. "3.0L I6 Turbo", "Electric (Dual Motor)". */
  engine: string | null;
  /** Points to note that do not stop the decode (check-digit mismatch…). */
  warnings: string[];
  /** Why the VIN was not identified (empty when valid). */
  errors: string[];
}

/** POST /api/vehicles/specs/generate (200). Values are listing-form slugs; null when unknown. */
export interface GeneratedSpecs {
  bodyType: BodyType | null;
  fuelType: FuelType | null;
  transmission: Transmission | null;
  drivetrain: Drivetrain | null;
}

/** POST /api/vehicles/features/generate (200): at most 8 feature names. */
export interface GeneratedFeatures {
  features: string[];
}

export const MAX_GENERATED_FEATURES = 8;

const isVin = (v: unknown) => typeof v === 'string' && VIN_PATTERN.test(v);

/** Body of POST /api/vehicles/specs/generate: from the VIN when given, else from make, model, year, trim. */
export class GenerateSpecsDto extends VehicleIdentityDto {
  @IsOptional()
  @Transform((params) => emptyToUndefined({ ...params, value: toVin(params) }))
  @rule('vin', isVin, 'VIN must be exactly 17 characters (letters and digits, no I, O or Q)')
  vin?: string;
}

/** Body of POST /api/vehicles/features/generate (SPEC.md section 7). */
export class GenerateFeaturesDto extends GenerateSpecsDto {
  @IsOptional()
  @Transform(emptyToUndefined)
  @IsIn(BODY_TYPES as readonly string[] as string[], { message: `bodyType must be one of: ${BODY_TYPES.join(', ')}` })
  bodyType?: BodyType;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsIn(FUEL_TYPES as readonly string[] as string[], { message: `fuelType must be one of: ${FUEL_TYPES.join(', ')}` })
  fuelType?: FuelType;

  /** Sent by the listing form ("2021 BMW X5 xDrive40i SUV Gasoline"); accepted, not needed. */
  @IsOptional()
  @MaxLength(500, { message: 'vehicleDescription must be at most 500 characters' })
  @IsString()
  vehicleDescription?: string;
}
