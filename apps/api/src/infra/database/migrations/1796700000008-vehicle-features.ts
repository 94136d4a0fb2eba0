import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { columnsFor } from './schema-helpers';

/**
 * vehicle_features (VehicleFeatureEntity): a row per listing and feature key, filled here from each listing's
 * featureKeys ("|heated seats|sunroof|"), as the listing writer fills it from now on.
 */
export class VehicleFeatures1796700000008 implements MigrationInterface {
  name = 'VehicleFeatures1796700000008';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { column: c } = columnsFor(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'vehicle_features',
        columns: [c('featureKey', { type: 'varchar', length: '160', isPrimary: true }), c('vehicleId', { type: 'int', isPrimary: true })],
        indices: [new TableIndex({ name: 'IDX_vehicle_features_vehicle', columnNames: ['vehicleId'] })],
        foreignKeys: [
          new TableForeignKey({ name: 'FK_vehicle_features_vehicle', columnNames: ['vehicleId'], referencedTableName: 'vehicles', referencedColumnNames: ['id'], onDelete: 'CASCADE', onUpdate: 'NO ACTION' }),
        ],
      }),
    );
    // Keys equal under MariaDB's collation ("straße", "strasse") are one row.
    const insert = queryRunner.connection.driver.options.type === 'better-sqlite3' ? 'INSERT OR IGNORE' : 'INSERT IGNORE';
    for (let last = 0; ; ) {
      const rows = (await queryRunner.query('SELECT id, featureKeys FROM vehicles WHERE id > ? ORDER BY id LIMIT 2000', [last])) as { id: number; featureKeys: string | null }[];
      if (rows.length === 0) break;
      const pairs = rows.flatMap((r) => [...new Set((r.featureKeys ?? '').split('|').filter(Boolean))].map((key) => [key, Number(r.id)]));
      for (let i = 0; i < pairs.length; i += 500) {
        const chunk = pairs.slice(i, i + 500);
        await queryRunner.query(`${insert} INTO vehicle_features (featureKey, vehicleId) VALUES ${chunk.map(() => '(?, ?)').join(', ')}`, chunk.flat());
      }
      last = Number(rows[rows.length - 1].id);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('vehicle_features');
  }
}
