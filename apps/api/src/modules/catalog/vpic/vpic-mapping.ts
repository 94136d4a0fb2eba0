/**
 * Maps raw vPIC values (lookup-table names as stored in vpic.lite.db) to our
 * vocabularies. Returns null when the value has no sensible counterpart.
 */
import type { BodyType, Drivetrain, FuelType, Transmission } from '@app/shared';

const BODY_CLASS: ReadonlyArray<[RegExp, BodyType]> = [
  [/^sedan/i, 'sedan'],
  [/^coupe/i, 'coupe'],
  [/^convertible|^roadster/i, 'convertible'],
  [/^hatchback/i, 'hatchback'],
  [/^wagon/i, 'wagon'],
  [/^minivan/i, 'minivan'],
  [/^(cargo van|van|step van)/i, 'van'],
  [/^(sport utility vehicle|crossover utility)/i, 'suv'],
  [/^(pickup|sport utility truck)/i, 'truck'],
];

/** vPIC "Body Class" -> our bodyType ("Sedan/Saloon" -> sedan, "Pickup" -> truck). */
export function mapBodyClass(bodyClass: string | null | undefined): BodyType | null {
  if (!bodyClass) return null;
  const hit = BODY_CLASS.find(([pattern]) => pattern.test(bodyClass.trim()));
  return hit ? hit[1] : null;
}

/** Body classes that are not for a car marketplace (chassis, buses, bikes, trailers...). */
export function isNonMarketplaceBodyClass(bodyClass: string): boolean {
  return /^(incomplete|bus|motorcycle|off-road|trailer|truck-tractor|low speed|motorhome|ambulance|fire apparatus|street|limousine|truck$)/i.test(
    bodyClass.trim(),
  );
}

export interface FuelEvidence {
  primary?: string | null;
  secondary?: string | null;
  /** vPIC "Electrification Level" ("PHEV (Plug-in ...)", "Strong HEV ..."). */
  electrification?: string | null;
  /** A "Charger Level" value was decoded: the vehicle plugs in. */
  hasCharger?: boolean;
}

function fuelFromElectrification(level: string): FuelType | null {
  if (/^PHEV/i.test(level)) return 'plug-in-hybrid';
  if (/^BEV/i.test(level)) return 'electric';
  if (/HEV/i.test(level)) return 'hybrid';
  return null;
}

function isElectric(value: string | null | undefined): boolean {
  return !!value && /^electric/i.test(value);
}

function fuelFromPrimary(primary: string): FuelType | null {
  if (/^electric/i.test(primary)) return 'electric';
  if (/^diesel/i.test(primary)) return 'diesel';
  if (/^(gasoline|flexible fuel|ethanol)/i.test(primary)) return 'gasoline';
  return null;
}

/** vPIC fuel elements -> our fuelType. Gasoline + Electric secondary is a hybrid. */
export function mapFuel(evidence: FuelEvidence): FuelType | null {
  const fromLevel = evidence.electrification ? fuelFromElectrification(evidence.electrification) : null;
  if (fromLevel) return fromLevel;
  const { primary, secondary } = evidence;
  if (!primary) return isElectric(secondary) ? 'hybrid' : null;
  const base = fuelFromPrimary(primary);
  // vPIC files some plug-in hybrids (Volvo Recharge, Prius Prime, 918) as Electric + Gasoline.
  if (base === 'electric' && secondary && fuelFromPrimary(secondary) === 'gasoline') return 'plug-in-hybrid';
  const hybridPair = (base === 'gasoline' || base === 'diesel') && isElectric(secondary);
  if (hybridPair) return evidence.hasCharger ? 'plug-in-hybrid' : 'hybrid';
  return base;
}

/** vPIC "Drive Type" -> drivetrain. "4x2" (pickup speak) is rear-wheel drive. */
export function mapDriveType(driveType: string | null | undefined): Drivetrain | null {
  if (!driveType) return null;
  if (/^FWD/i.test(driveType)) return 'fwd';
  if (/^RWD|^4x2/i.test(driveType)) return 'rwd';
  if (/^AWD/i.test(driveType)) return 'awd';
  if (/^4WD|^2WD\/4WD|^4x4/i.test(driveType)) return '4wd';
  return null;
}

/** vPIC "Transmission Style" (+ "Transmission Speeds") -> transmission. */
export function mapTransmission(style: string | null | undefined, speeds?: number | null): Transmission | null {
  if (!style) return null;
  if (/continuously variable|cvt/i.test(style)) return 'cvt';
  if (/dual-clutch|dct/i.test(style)) return speeds === 7 ? '7-speed-dual-clutch' : 'automatic';
  if (/^manual/i.test(style)) return 'manual';
  if (/automatic|automated|direct drive/i.test(style)) return speeds === 8 ? '8-speed-automatic' : 'automatic';
  return null;
}
