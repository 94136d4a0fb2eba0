import type { EntityManager } from 'typeorm';
import { sqlEngineOf } from '../../../infra/database/sql-engine';
import { VehicleFeatureEntity } from '../entities/vehicle-feature.entity';
import { containsPattern } from './keyword-match';

/**
 * The feature filter ("has Heated Seats") reads vehicle_features, a row per listing and feature key, kept by
 * the listing writer beside the listing's featureKeys column. A count asks for the listings with a feature
 * as a set of ids, which both engines check against the id each index entry holds, so the count still reads
 * index entries only (a facet of 40,000 listings under a feature filter: 254 -> 44 ms on SQLite at 100,000
 * listings). A page query, which reads its rows anyway, matches featureKeys on each row instead: building
 * the set for a common feature costs more than the few rows a page walks.
 */
export type FeatureReading = 'set' | 'row';

/** The feature keys of a featureKeys column ("|heated seats|sunroof|"), once each. */
export function featureKeysOf(featureKeys: string | null): string[] {
  return [...new Set((featureKeys ?? '').split('|').filter(Boolean))];
}

/** The WHERE part of one requested feature: any of its keys (its spellings) matches. */
export function featureWhere(keys: readonly string[], reading: FeatureReading): { sql: string; params: unknown[] } {
  if (reading === 'set') {
    return { sql: `id IN (SELECT vehicleId FROM vehicle_features WHERE featureKey IN (${keys.map(() => '?').join(', ')}))`, params: [...keys] };
  }
  const patterns = keys.map((key) => containsPattern(`|${key}|`));
  return { sql: `(${patterns.map(() => `featureKeys LIKE ? ESCAPE '!'`).join(' OR ')})`, params: patterns };
}

/**
 * A listing's feature rows as its featureKeys now says (in the writer's transaction). Keys that differ in
 * JavaScript can be equal under MariaDB's collation ("straße" and "strasse"): the second is then the same
 * row, not an error.
 */
export async function writeFeatureIndex(manager: EntityManager, vehicleId: number, featureKeys: string | null): Promise<void> {
  await manager.delete(VehicleFeatureEntity, { vehicleId });
  const rows = featureKeysOf(featureKeys).map((featureKey) => ({ featureKey, vehicleId }));
  if (rows.length > 0) await manager.createQueryBuilder().insert().into(VehicleFeatureEntity).values(rows).orIgnore().execute();
}

/** The feature rows of listings inserted by a bulk load (the search bench's seed) after `afterId`. */
export async function indexBulkLoadedFeatures(manager: EntityManager, afterId: number): Promise<void> {
  for (let last = afterId; ; ) {
    const rows = (await manager.query('SELECT id, featureKeys FROM vehicles WHERE id > ? ORDER BY id LIMIT 2000', [last])) as { id: number; featureKeys: string | null }[];
    if (rows.length === 0) return;
    const pairs = rows.flatMap((r) => featureKeysOf(r.featureKeys).map((featureKey) => [featureKey, Number(r.id)]));
    // Plain SQL: the bench's own connection registers no entities.
    const insert = sqlEngineOf(manager.connection) === 'sqlite' ? 'INSERT OR IGNORE' : 'INSERT IGNORE';
    for (let i = 0; i < pairs.length; i += 500) {
      const chunk = pairs.slice(i, i + 500);
      await manager.query(`${insert} INTO vehicle_features (featureKey, vehicleId) VALUES ${chunk.map(() => '(?, ?)').join(', ')}`, chunk.flat());
    }
    last = Number(rows[rows.length - 1].id);
  }
}
