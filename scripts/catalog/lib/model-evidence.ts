/**
 * Collects, per catalog model, what the vPIC patterns compatible with the
 * model's own pattern say: body class, fuel, drive, trims, GVWR class.
 *
 * "Most common" is measured in model years: a value scores one point per
 * distinct model year in which a schema offers it for the model, so a body
 * style offered every year beats one offered in a few, and duplicated or
 * overlapping schemas do not count twice. Exact ties are settled by the
 * priority lists below (a Mustang is coupe and convertible every year: coupe).
 *
 * A schema often covers several models, and an attribute pattern whose key
 * only constrains, say, position 7 is "compatible" with all of them although
 * real VINs may never combine the two. Such shared ("weak") evidence scores
 * half for body and drive (fuel: in full, engines are shared across models);
 * patterns that fit this model only are "strong". Trims are taken from the
 * strong patterns when there are any.
 */
import { drivetrainFromText } from '../../../apps/api/src/modules/catalog/vpic/heuristics';
import { joinTrim, splitTrimValue } from '../../../apps/api/src/modules/catalog/vpic/names';
import { mapBodyClass, mapDriveType, mapFuel } from '../../../apps/api/src/modules/catalog/vpic/vpic-mapping';
import type { BodyType, Drivetrain, FuelType } from '../../../libs/shared/src';
import { Counter } from './counter';
import { keysCompatible, type ParsedKey } from './pattern-key';
import { ELEMENT, HEAVY_GVWR_IDS, type Lookups, type PatternRow } from './vpic-source';
import { widen } from './years';

export const BODY_PRIORITY: readonly BodyType[] = ['sedan', 'suv', 'truck', 'hatchback', 'coupe', 'minivan', 'van', 'wagon', 'convertible'];
export const FUEL_PRIORITY: readonly FuelType[] = ['gasoline', 'hybrid', 'diesel', 'plug-in-hybrid', 'electric'];
export const DRIVE_PRIORITY: readonly Drivetrain[] = ['fwd', 'awd', 'rwd', '4wd'];

const WEAK_WEIGHT = 0.5;
/** Key under which YearVotes records years that had any drive evidence. */
const ANY = '*';

export interface KeyedPattern extends PatternRow {
  parsed: ParsedKey;
}

/** Model years in which each value was seen, split by evidence strength. */
export class YearVotes<T extends string> {
  private readonly years = new Map<T, { strong: Set<number>; weak: Set<number> }>();

  constructor(private readonly weakWeight = WEAK_WEIGHT) {}

  add(values: Iterable<T | null>, range: [number, number], strong: boolean): void {
    for (const value of new Set(values)) {
      if (value === null) continue;
      let entry = this.years.get(value);
      if (!entry) this.years.set(value, (entry = { strong: new Set(), weak: new Set() }));
      const target = strong ? entry.strong : entry.weak;
      for (let year = range[0]; year <= range[1]; year++) target.add(year);
    }
  }

  score(value: T): number {
    const entry = this.years.get(value);
    if (!entry) return 0;
    let weakOnly = 0;
    for (const year of entry.weak) if (!entry.strong.has(year)) weakOnly += 1;
    return entry.strong.size + this.weakWeight * weakOnly;
  }

  toCounter(): Counter<T> {
    const counter = new Counter<T>();
    for (const value of this.years.keys()) counter.add(value, this.score(value));
    return counter;
  }
}

export class ModelEvidence {
  years: [number, number] | null = null;
  readonly rawBody = new YearVotes<string>();
  readonly body = new YearVotes<BodyType>();
  /** Engine codes are routinely shared by a schema's models, so shared fuel evidence counts in full. */
  readonly fuel = new YearVotes<FuelType>(1);
  readonly drive = new YearVotes<Drivetrain>();
  /** Years with any drive-bearing pattern (drive, trim or series), under the key ANY. */
  readonly driveYears = new YearVotes<string>();
  readonly strongTrims = new Counter();
  readonly weakTrims = new Counter();
  heavy = 0;
  light = 0;

  constructor(
    readonly make: string,
    readonly model: string,
  ) {}

  addYears(range: [number, number]): void {
    this.years = widen(this.years, range);
  }

  trims(): Counter {
    return this.strongTrims.size > 0 ? this.strongTrims : this.weakTrims;
  }

  /** Share of the drive-bearing years that agree on the top drivetrain, and that drivetrain. */
  topDrive(priority: readonly Drivetrain[]): { drive: Drivetrain | null; share: number } {
    const counter = this.drive.toCounter();
    const samples = this.driveYears.score(ANY);
    const drive = counter.top(priority);
    return { drive, share: drive && samples > 0 ? this.drive.score(drive) / samples : 0 };
  }
}

export interface SchemaContext {
  patterns: readonly KeyedPattern[];
  /** Per attribute pattern: how many distinct catalog models of the schema it is compatible with. */
  owners: ReadonlyMap<KeyedPattern, number>;
  lookups: Lookups;
  years: [number, number];
}

function byElement(patterns: readonly KeyedPattern[], elementId: number): KeyedPattern[] {
  return patterns.filter((p) => p.elementId === elementId);
}

function lookup(map: ReadonlyMap<string, string>, id: string): string | null {
  return map.get(id) ?? null;
}

function firstCompatible(patterns: readonly KeyedPattern[], with_: KeyedPattern, map: ReadonlyMap<string, string>): string | null {
  const hit = patterns.find((p) => keysCompatible(p.parsed, with_.parsed));
  return hit ? lookup(map, hit.attributeId) : null;
}

/** Fuel per primary-fuel pattern, combined with the secondary fuel / charger / electrification it can co-occur with. */
function fuelsOf(primaries: readonly KeyedPattern[], ctx: SchemaContext): Array<FuelType | null> {
  const secondaries = byElement(ctx.patterns, ELEMENT.fuelSecondary);
  const chargers = byElement(ctx.patterns, ELEMENT.chargerLevel);
  const levels = byElement(ctx.patterns, ELEMENT.electrification);
  return primaries.map((primary) =>
    mapFuel({
      primary: lookup(ctx.lookups.fuelType, primary.attributeId),
      secondary: firstCompatible(secondaries, primary, ctx.lookups.fuelType),
      electrification: firstCompatible(levels, primary, ctx.lookups.electrification),
      hasCharger: chargers.some((c) => keysCompatible(c.parsed, primary.parsed)),
    }),
  );
}

const SERIES_NOISE = /(^|[- ])series$|^[A-Z]{1,2}\d{2,3}[A-Z]?$|\bton\b|^\d+$|medium duty|chassis|cutaway/i;
/** Factory chassis codes used as trims ("ACV30L", "AXVA70L/GSV70L"). */
const CHASSIS_CODES = /^[A-Z]{3,4}\d{2}[A-Z](\/[A-Z]{3,4}\d{2}[A-Z])*$/;

function sameName(a: string, b: string): boolean {
  const squash = (s: string): string => s.replace(/[\s-]/g, '').toLowerCase();
  return squash(a) === squash(b);
}

function trimValues(acc: ModelEvidence, patterns: readonly KeyedPattern[], trimPrefix: string | null): string[] {
  const trims = byElement(patterns, ELEMENT.trim)
    .flatMap((p) => splitTrimValue(p.attributeId))
    .filter((value) => !CHASSIS_CODES.test(value));
  const series = byElement(patterns, ELEMENT.series)
    .flatMap((p) => splitTrimValue(p.attributeId))
    .filter((value) => !SERIES_NOISE.test(value) && !CHASSIS_CODES.test(value))
    .filter((value) => !sameName(value, acc.model) && !sameName(value, acc.make));
  const values = [...trims, ...series];
  if (!trimPrefix) return values;
  if (values.length === 0) return [trimPrefix];
  return values.map((value) => joinTrim([trimPrefix, value]) ?? trimPrefix);
}

function addWeight(acc: ModelEvidence, patterns: readonly KeyedPattern[]): void {
  for (const p of byElement(patterns, ELEMENT.gvwr)) {
    if (HEAVY_GVWR_IDS.has(p.attributeId)) acc.heavy += 1;
    else acc.light += 1;
  }
}

/** Votes of one evidence strength for one model pattern. */
function addTier(acc: ModelEvidence, patterns: readonly KeyedPattern[], trimPrefix: string | null, strong: boolean, ctx: SchemaContext): void {
  const bodies = byElement(patterns, ELEMENT.bodyClass).map((p) => lookup(ctx.lookups.bodyStyle, p.attributeId));
  acc.rawBody.add(bodies, ctx.years, strong);
  acc.body.add(bodies.map(mapBodyClass), ctx.years, strong);
  acc.fuel.add(fuelsOf(byElement(patterns, ELEMENT.fuelPrimary), ctx), ctx.years, strong);
  const trims = trimValues(acc, patterns, trimPrefix);
  for (const trim of new Set(trims)) (strong ? acc.strongTrims : acc.weakTrims).add(trim);
  const drives = [
    ...byElement(patterns, ELEMENT.driveType).map((p) => mapDriveType(lookup(ctx.lookups.driveType, p.attributeId))),
    ...trims.map((trim) => drivetrainFromText(trim)),
  ];
  acc.drive.add(drives, ctx.years, strong);
  if (drives.length > 0) acc.driveYears.add([ANY], ctx.years, strong);
}

/** Adds everything the schema's patterns compatible with `modelPattern` tell. */
export function addEvidence(acc: ModelEvidence, modelPattern: KeyedPattern, trimPrefix: string | null, ctx: SchemaContext): void {
  const compatible = ctx.patterns.filter((p) => keysCompatible(p.parsed, modelPattern.parsed));
  addTier(
    acc,
    compatible.filter((p) => (ctx.owners.get(p) ?? 0) <= 1),
    trimPrefix,
    true,
    ctx,
  );
  addTier(
    acc,
    compatible.filter((p) => (ctx.owners.get(p) ?? 0) > 1),
    trimPrefix,
    false,
    ctx,
  );
  addWeight(acc, compatible);
}
