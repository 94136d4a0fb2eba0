import { Transform, type TransformFnParams } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { emptyToUndefined, lowercased, trimmed } from '../common/transforms';
import { cleanList, hasAtMostTwoDecimals, numeric, rule } from '../common/validators';
import { IMAGE_NOT_ISSUED, isListingImageUrl } from './image-urls';
import { LISTING_LIMITS as L } from './limits';
import { VIN_PATTERN } from './vin';
import { toVocabularySlug } from './vocabulary-input';
import {
  BODY_TYPE_OPTIONS,
  BODY_TYPES,
  COLOR_OPTIONS,
  COLORS,
  CONDITION_OPTIONS,
  CONDITIONS,
  DRIVETRAIN_OPTIONS,
  DRIVETRAINS,
  FUEL_TYPE_OPTIONS,
  FUEL_TYPES,
  TRANSMISSION_OPTIONS,
  TRANSMISSIONS,
} from './vocabularies';

// class-validator runs a property's decorators bottom-up: the most basic check sits lowest, so that with
// stopAtFirstError the message a user sees is the one that matters ("required" before "too long").

const required = (label: string) => IsNotEmpty({ message: `${label} is required` });
const oneOf = (values: readonly string[], label: string) =>
  IsIn(values as string[], { message: `${label} must be one of: ${values.join(', ')}` });
const notLonger = (max: number, label: string, each = false) =>
  MaxLength(max, { each, message: `${label} must be at most ${max} characters` });

export const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;
/** 7 to 15 digits, with the usual separators: "(555) 010-4287", "+1 555 010 4287". */
export const PHONE_PATTERN = /^\+?[\d\s().-]{7,25}$/;
export const phoneDigits = (value: unknown) => typeof value === 'string' && PHONE_PATTERN.test(value) && /^(\D*\d){7,15}\D*$/.test(value);

/** Make, model, year and trim: the identity of a vehicle, shared by listings and the spec/feature generators. */
export class VehicleIdentityDto {
  @Transform(trimmed)
  @notLonger(60, 'Make')
  @IsString()
  @required('Make')
  make!: string;

  @Transform(trimmed)
  @notLonger(80, 'Model')
  @IsString()
  @required('Model')
  model!: string;

  @Transform(numeric)
  @rule('listingYear', (v) => typeof v === 'number' && v >= L.minYear && v <= L.maxYear(), () => `Year must be from ${L.minYear} to ${L.maxYear()}`)
  @IsInt({ message: 'Year must be a whole number' })
  @required('Year')
  year!: number;

  @IsOptional()
  @Transform(emptyToUndefined)
  @notLonger(100, 'Trim')
  @IsString()
  trim?: string;
}

/** VIN input: trimmed and uppercased before the checks. */
export const toVin = ({ value }: TransformFnParams): unknown => (typeof value === 'string' ? value.trim().toUpperCase() : value);

/**
 * What the market model prices a vehicle by, beyond its identity: mileage, condition and body type. The
 * seller form's market value question (GET /api/vehicles/market-value) is this; a listing extends it.
 */
export class VehicleMarketDto extends VehicleIdentityDto {
  @Transform(numeric)
  @Max(L.maxMileage, { message: `Mileage must be at most ${L.maxMileage.toLocaleString('en-US')}` })
  @Min(0, { message: 'Mileage cannot be negative' })
  @IsInt({ message: 'Mileage must be a whole number' })
  @required('Mileage')
  mileage!: number;

  @Transform(toVocabularySlug(CONDITION_OPTIONS))
  @oneOf(CONDITIONS, 'Condition')
  @required('Condition')
  condition!: string;

  @IsOptional()
  @Transform(toVocabularySlug(BODY_TYPE_OPTIONS))
  @oneOf(BODY_TYPES, 'Body type')
  bodyType?: string;
}

/** A vehicle with its price: a listing, or a past sale of a listing bundle's market history. */
export class PricedVehicleDto extends VehicleMarketDto {
  @Transform(numeric)
  @rule('money', hasAtMostTwoDecimals, 'Price may have at most 2 decimals')
  @Max(L.maxPrice, { message: 'Price must be at most $99,999,999.99' })
  @rule('positive', (v) => typeof v === 'number' && v > 0, 'Price must be greater than 0')
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'Price must be a number' })
  @required('Price')
  price!: number;
}

/**
 * A seller's listing as sent by the create and edit forms (POST and PUT /api/vehicles). id, userId,
 * status, views, isFeatured and timestamps are not accepted: the whitelist refuses them.
 */
export class VehicleInputDto extends PricedVehicleDto {

  @IsOptional()
  @Transform(toVocabularySlug(FUEL_TYPE_OPTIONS))
  @oneOf(FUEL_TYPES, 'Fuel type')
  fuelType?: string;

  @IsOptional()
  @Transform(toVocabularySlug(TRANSMISSION_OPTIONS))
  @oneOf(TRANSMISSIONS, 'Transmission')
  transmission?: string;

  @IsOptional()
  @Transform(toVocabularySlug(DRIVETRAIN_OPTIONS))
  @oneOf(DRIVETRAINS, 'Drivetrain')
  drivetrain?: string;

  /** As the maker names it ("Nardo Gray", "Chalk"). */
  @IsOptional()
  @Transform(emptyToUndefined)
  @notLonger(L.maxColorLength, 'Exterior color')
  @IsString()
  exteriorColor?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @notLonger(L.maxColorLength, 'Interior color')
  @IsString()
  interiorColor?: string;

  /** The exterior colour's family, which search filters on; derived from exteriorColor when not given. */
  @IsOptional()
  @Transform(toVocabularySlug(COLOR_OPTIONS))
  @oneOf(COLORS, 'Color family')
  color?: string;

  /** The interior colour's family; derived from interiorColor when not given. */
  @IsOptional()
  @Transform(toVocabularySlug(COLOR_OPTIONS))
  @oneOf(COLORS, 'Interior color family')
  interiorColorFamily?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @notLonger(L.maxDescriptionLength, 'Description')
  @IsString()
  description?: string;

  @IsOptional()
  @Transform(cleanList)
  @notLonger(L.maxFeatureLength, 'Each feature', true)
  @IsString({ each: true, message: 'Each feature must be text' })
  @ArrayMaxSize(L.maxFeatures, { message: `At most ${L.maxFeatures} features` })
  @IsArray({ message: 'Features must be a list' })
  features?: string[];

  @IsOptional()
  @rule('issuedImageUrl', (v) => Array.isArray(v) && v.every(isListingImageUrl), IMAGE_NOT_ISSUED)
  @ArrayMaxSize(L.maxImages, { message: `At most ${L.maxImages} photos` })
  @IsArray({ message: 'Images must be a list' })
  images?: string[];

  @IsOptional()
  @Transform(numeric)
  @rule(
    'coverWithinImages',
    (v, args) => {
      const images = (args.object as VehicleInputDto).images ?? [];
      return typeof v === 'number' && (v === 0 || v < images.length);
    },
    'The cover photo must be one of the photos',
  )
  @Min(0, { message: 'The cover photo must be one of the photos' })
  @IsInt({ message: 'The cover photo must be one of the photos' })
  coverPhotoIndex?: number;

  @Transform(trimmed)
  @notLonger(L.maxLocationLength, 'Location')
  @IsString()
  @required('Location')
  location!: string;

  @Transform(trimmed)
  @Matches(ZIP_PATTERN, { message: 'ZIP code must be 5 digits (or ZIP+4)' })
  @required('ZIP code')
  zipCode!: string;

  @Transform(trimmed)
  @rule('phone', phoneDigits, 'Enter a valid phone number')
  @required('Contact phone')
  contactPhone!: string;

  @Transform(lowercased)
  @MaxLength(254)
  @IsEmail({}, { message: 'Enter a valid email address' })
  @required('Contact email')
  contactEmail!: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @notLonger(60, 'First name')
  @IsString()
  contactFirstName?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @notLonger(60, 'Last name')
  @IsString()
  contactLastName?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @notLonger(L.maxLocationLength, 'Contact location')
  @IsString()
  contactLocation?: string;

  @Transform(toVin)
  @Matches(VIN_PATTERN, { message: 'VIN must be exactly 17 characters (letters and digits, no I, O or Q)' })
  @rule('vinLength', (v) => typeof v === 'string' && v.length === L.vinLength, 'VIN must be exactly 17 characters')
  @required('VIN')
  vin!: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @ValidateIf((_, v) => v !== undefined)
  @rule('httpUrl', (v) => typeof v === 'string' && isHttpUrl(v), 'Must be a valid URL')
  @notLonger(L.maxUrlLength, 'Carfax URL')
  carfaxReportUrl?: string;

  @IsOptional()
  @Transform(cleanList)
  @notLonger(L.maxRecentServiceLength, 'Each service entry', true)
  @IsString({ each: true, message: 'Each service entry must be text' })
  @ArrayMaxSize(L.maxRecentServices, { message: `At most ${L.maxRecentServices} service entries` })
  @IsArray({ message: 'Recent services must be a list' })
  recentServices?: string[];

  @IsOptional()
  @Transform(emptyToUndefined)
  @notLonger(100, 'Engine')
  @IsString()
  engine?: string;

  @IsOptional()
  @Transform(numeric)
  @Max(250, { message: 'City MPG must be at most 250' })
  @Min(1, { message: 'City MPG must be at least 1' })
  @IsInt({ message: 'City MPG must be a whole number' })
  mpgCity?: number;

  @IsOptional()
  @Transform(numeric)
  @Max(250, { message: 'Highway MPG must be at most 250' })
  @Min(1, { message: 'Highway MPG must be at least 1' })
  @IsInt({ message: 'Highway MPG must be a whole number' })
  mpgHighway?: number;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
