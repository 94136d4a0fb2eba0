/**
 * Offline spec and feature generation for listings.
 *
 * Sources, first non-null wins per attribute:
 *   1. the VIN decode (when a VIN is given and decodes),
 *   2. markers in the trim / model name ("xDrive", "Hybrid", "Cabriolet", "6MT"),
 *   3. the catalog's model data (most common vPIC value),
 *   4. make rules (EV-only makes, Subaru symmetrical AWD),
 *   5. defaults (transmission: automatic, >95% of the US used market).
 * Then gasoline becomes premium-gasoline for makes that need premium fuel.
 */
import {
  type BodyType,
  type Drivetrain,
  type FuelType,
  type GeneratedSpecs,
  MAX_GENERATED_FEATURES,
  PREDEFINED_FEATURES,
  type Transmission,
  type VinDecodeResult,
} from '@app/shared';
import { findCatalogModel } from '../catalog-data';
import {
  bodyTypeFromText,
  drivetrainFromText,
  fuelTypeFromText,
  isPerformanceModel,
  isSportTrim,
  transmissionFromText,
} from './heuristics';
import { findMake, type MakeInfo } from './makes';
import type { DecodedElements, VinDecodeDetails } from './vin-decoder';

export interface SpecsInput {
  make: string;
  model: string;
  year: number;
  trim?: string | null;
}

type Specs = GeneratedSpecs;

export interface FeaturesInput extends SpecsInput {
  bodyType?: BodyType | null;
  fuelType?: FuelType | null;
}

/** The predefined feature names plus the few the rules add (SPEC.md section 7: CarPlay, Android Auto, sport items). */
export const FEATURES = [...PREDEFINED_FEATURES, 'Apple CarPlay', 'Android Auto', 'Sport Package'] as const;
export type Feature = (typeof FEATURES)[number];

function first<T>(...values: Array<T | null | undefined>): T | null {
  for (const value of values) if (value !== null && value !== undefined) return value;
  return null;
}

function makeDrivetrain(make: MakeInfo | null, model: string): Drivetrain | null {
  // Every Subaru but the BRZ has symmetrical AWD; every Land Rover is AWD.
  if (make?.name === 'Subaru' && !/^brz$/i.test(model.trim())) return 'awd';
  if (make?.name === 'Land Rover') return 'awd';
  return null;
}

function withPremium(fuel: FuelType | null, make: MakeInfo | null): FuelType | null {
  return fuel === 'gasoline' && make?.premiumFuel ? 'premium-gasoline' : fuel;
}

function resolveSpecs(input: SpecsInput, decoded: VinDecodeResult | null): Specs {
  const make = findMake(decoded?.make ?? input.make);
  const model = decoded?.model ?? input.model;
  const catalog = findCatalogModel(make?.name ?? input.make, model);
  const text = `${input.trim ?? ''} ${decoded?.trim ?? ''}`.trim();
  const bodyType = first(decoded?.bodyType, bodyTypeFromText(text), catalog?.bodyType);
  const fuel = first(decoded?.fuelType, fuelTypeFromText(text), fuelTypeFromText(model), catalog?.fuelType, make?.electricOnly ? 'electric' : null);
  const transmission = first(
    decoded?.transmission,
    transmissionFromText(text),
    fuel === 'electric' ? 'automatic' : null,
    'automatic' as const,
  );
  const drivetrain = first(
    decoded?.drivetrain,
    drivetrainFromText(`${model} ${text}`, bodyType),
    catalog?.drivetrain,
    makeDrivetrain(make, model),
  );
  return { bodyType, fuelType: withPremium(fuel, make), transmission, drivetrain };
}

/** Specs from the VIN decode when there is one (and it identified the car), else from the catalog and trim heuristics. */
export function generateSpecs(input: SpecsInput, decoded: VinDecodeDetails | null = null): Specs {
  return resolveSpecs(input, decoded?.result.valid ? decoded.result : null);
}

/** vPIC equipment elements -> feature. Only "Standard" equipment counts. */
const EQUIPMENT: ReadonlyArray<[string, Feature]> = [
  ['Backup Camera', 'Backup Camera'],
  ['Adaptive Cruise Control (ACC)', 'Adaptive Cruise Control'],
  ['Blind Spot Warning (BSW)', 'Blind Spot Monitoring'],
  ['Lane Departure Warning (LDW)', 'Lane Departure Warning'],
  ['Crash Imminent Braking (CIB)', 'Automatic Emergency Braking'],
  ['Pedestrian Automatic Emergency Braking (PAEB)', 'Automatic Emergency Braking'],
  ['Parking Assist', 'Parking Sensors'],
];

/**
 * Equipment the VIN decode knows. NB: the vpic.lite.db shipped with corgi
 * 2.0.1 has no equipment or seat-row patterns (and corgi drops lookup-table
 * elements it does not know), so today this returns []; it works as soon as
 * the data does.
 */
export function equipmentFeatures(elements: DecodedElements): Feature[] {
  const found: Feature[] = EQUIPMENT.filter(([element]) => elements.get(element) === 'Standard').map(([, feature]) => feature);
  if (Number(elements.get('Number of Seat Rows')) >= 3) found.push('Third Row Seating');
  return found;
}

/** Makes whose infotainment has no Apple CarPlay / Android Auto. */
const NO_PHONE_PROJECTION = new Set(['Tesla', 'Rivian']);

function ruleFeatures(input: FeaturesInput, make: MakeInfo | null, specs: Specs): Feature[] {
  const features: Feature[] = [];
  const makeName = make?.name ?? input.make;
  if (specs.drivetrain === 'awd') features.push('All-Wheel Drive');
  if (specs.bodyType === 'minivan') features.push('Third Row Seating');
  if (make?.luxury) features.push('Leather Interior', 'Navigation System', 'Premium Sound System');
  if (isSportTrim(input.trim) || isPerformanceModel(input.model)) features.push('Sport Package');
  if (input.year >= 2015) features.push('Backup Camera', 'Bluetooth Connectivity');
  if (input.year >= 2018 && !NO_PHONE_PROJECTION.has(makeName)) features.push('Apple CarPlay', 'Android Auto');
  if (input.year >= 2015) features.push('USB Ports');
  return features;
}

/**
 * Up to 8 features: decoded equipment first, then the rules
 * (AWD, luxury trio, sport, backup camera / Bluetooth from 2015, CarPlay /
 * Android Auto from 2018, USB from 2015), in that priority order.
 */
export function generateFeatures(input: FeaturesInput, decodedVin: VinDecodeDetails | null = null): Feature[] {
  const decoded = decodedVin?.result.valid ? decodedVin : null;
  const derived = resolveSpecs(input, decoded?.result ?? null);
  const specs: Specs = { ...derived, bodyType: input.bodyType ?? derived.bodyType, fuelType: input.fuelType ?? derived.fuelType };
  const make = findMake(decoded?.result.make ?? input.make);
  const year = decoded?.result.year ?? input.year;
  const all = [...(decoded ? equipmentFeatures(decoded.elements) : []), ...ruleFeatures({ ...input, year }, make, specs)];
  return [...new Set(all)].slice(0, MAX_GENERATED_FEATURES);
}
