/**
 * Read-only queries against vpic.lite.db for the catalog generator. Large
 * tables are read whole and filtered in memory (a few hundred ms).
 */
import type { SqliteDatabase } from '@app/shared/server';

/** vPIC Element ids used by the catalog. */
export const ELEMENT = {
  bodyClass: 5,
  driveType: 15,
  fuelPrimary: 24,
  gvwr: 25,
  model: 28,
  series: 34,
  trim: 38,
  fuelSecondary: 66,
  electrification: 126,
  chargerLevel: 127,
} as const;

/** vPIC VehicleType ids kept: Passenger Car, Truck, Multipurpose Passenger Vehicle. */
export const MARKETPLACE_VEHICLE_TYPES: ReadonlySet<number> = new Set([2, 3, 7]);

/** GrossVehicleWeightRating ids for Class 4..8 (over 14,000 lb): heavy trucks. */
export const HEAVY_GVWR_IDS: ReadonlySet<string> = new Set(['5', '6', '7', '8', '9']);

export interface VpicModel {
  makeName: string;
  modelId: number;
  modelName: string;
}

export interface PatternRow {
  schemaId: number;
  keys: string;
  elementId: number;
  attributeId: string;
}

export interface SchemaYearRow {
  schemaId: number;
  schemaName: string;
  yearFrom: number;
  yearTo: number | null;
  vehicleTypeId: number | null;
}

export type Lookup = ReadonlyMap<string, string>;

export interface Lookups {
  bodyStyle: Lookup;
  fuelType: Lookup;
  driveType: Lookup;
  electrification: Lookup;
}

export function loadModels(db: SqliteDatabase, makeNames: readonly string[]): VpicModel[] {
  const wanted = new Set(makeNames.map((n) => n.toLowerCase()));
  const rows = db
    .prepare(
      `SELECT mk.Name AS makeName, m.Id AS modelId, m.Name AS modelName
         FROM Make_Model mm JOIN Make mk ON mk.Id = mm.MakeId JOIN Model m ON m.Id = mm.ModelId`,
    )
    .all() as VpicModel[];
  return rows.filter((row) => wanted.has(row.makeName.toLowerCase()));
}

export function loadPatterns(db: SqliteDatabase, elementIds: readonly number[]): PatternRow[] {
  const placeholders = elementIds.map(() => '?').join(',');
  return db
    .prepare(
      `SELECT VinSchemaId AS schemaId, Keys AS keys, ElementId AS elementId, AttributeId AS attributeId
         FROM Pattern WHERE ElementId IN (${placeholders})`,
    )
    .all(...elementIds) as PatternRow[];
}

export function loadSchemaYears(db: SqliteDatabase): SchemaYearRow[] {
  return db
    .prepare(
      `SELECT wvs.VinSchemaId AS schemaId, vs.Name AS schemaName, wvs.YearFrom AS yearFrom,
              wvs.YearTo AS yearTo, w.VehicleTypeId AS vehicleTypeId
         FROM Wmi_VinSchema wvs JOIN Wmi w ON w.Id = wvs.WmiId JOIN VinSchema vs ON vs.Id = wvs.VinSchemaId`,
    )
    .all() as SchemaYearRow[];
}

/** Lower-cased make names of the WMIs each schema is used with. */
export function loadSchemaMakes(db: SqliteDatabase): Map<number, Set<string>> {
  const rows = db
    .prepare(
      `SELECT DISTINCT wvs.VinSchemaId AS schemaId, lower(mk.Name) AS make
         FROM Wmi_VinSchema wvs JOIN Wmi_Make wm ON wm.WmiId = wvs.WmiId JOIN Make mk ON mk.Id = wm.MakeId`,
    )
    .all() as Array<{ schemaId: number; make: string }>;
  const makes = new Map<number, Set<string>>();
  for (const row of rows) {
    const set = makes.get(row.schemaId);
    if (set) set.add(row.make);
    else makes.set(row.schemaId, new Set([row.make]));
  }
  return makes;
}

function loadLookup(db: SqliteDatabase, table: string): Lookup {
  const rows = db.prepare(`SELECT CAST(Id AS TEXT) AS id, Name AS name FROM ${table}`).all() as Array<{
    id: string;
    name: string;
  }>;
  return new Map(rows.map((row) => [row.id, row.name]));
}

export function loadLookups(db: SqliteDatabase): Lookups {
  return {
    bodyStyle: loadLookup(db, 'BodyStyle'),
    fuelType: loadLookup(db, 'FuelType'),
    driveType: loadLookup(db, 'DriveType'),
    electrification: loadLookup(db, 'ElectrificationLevel'),
  };
}
