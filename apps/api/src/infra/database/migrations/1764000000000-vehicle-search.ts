import { MigrationInterface, QueryRunner, Table, TableColumn, TableForeignKey, TableIndex } from 'typeorm';
import { lookupZip } from '../../geo/zip';
import { columnsFor } from './schema-helpers';

const OLD_INDEXES = [
  new TableIndex({ name: 'IDX_vehicles_make_model', columnNames: ['make', 'model'] }),
  new TableIndex({ name: 'IDX_vehicles_price', columnNames: ['price'] }),
  new TableIndex({ name: 'IDX_vehicles_year', columnNames: ['year'] }),
  new TableIndex({ name: 'IDX_vehicles_mileage', columnNames: ['mileage'] }),
];

const SEARCH_INDEXES = [
  new TableIndex({ name: 'IDX_vehicles_featured', columnNames: ['status', 'isFeatured', 'createdAt'] }),
  new TableIndex({ name: 'IDX_vehicles_public_created', columnNames: ['isPublic', 'createdAt'] }),
  new TableIndex({ name: 'IDX_vehicles_public_price', columnNames: ['isPublic', 'price'] }),
  new TableIndex({ name: 'IDX_vehicles_public_year', columnNames: ['isPublic', 'year'] }),
  new TableIndex({ name: 'IDX_vehicles_public_mileage', columnNames: ['isPublic', 'mileage'] }),
  new TableIndex({ name: 'IDX_vehicles_public_views', columnNames: ['isPublic', 'views'] }),
  new TableIndex({ name: 'IDX_vehicles_public_make_created', columnNames: ['isPublic', 'makeKey', 'createdAt'] }),
  new TableIndex({ name: 'IDX_vehicles_public_make_model_created', columnNames: ['isPublic', 'makeKey', 'modelKey', 'createdAt'] }),
  new TableIndex({ name: 'IDX_vehicles_public_body', columnNames: ['isPublic', 'bodyType'] }),
  new TableIndex({ name: 'IDX_vehicles_public_fuel', columnNames: ['isPublic', 'fuelType'] }),
  new TableIndex({ name: 'IDX_vehicles_public_geo', columnNames: ['isPublic', 'latitude', 'longitude'] }),
];

/**
 * The listing search columns as this migration derived them: a frozen copy of the rule of its day
 * (modules/vehicles/vehicle-derived.ts then), so that later changes to the live rule never change history.
 * The ZIP centroids are reference data (infra/geo), not domain code.
 */
function derivedColumns(row: { make: string; model: string; trim: string | null; description: string | null; features: string[]; status: string; zipCode: string }) {
  const fold = (value: string) => value.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
  const zip = row.zipCode ? lookupZip(row.zipCode) : null;
  return {
    makeKey: fold(row.make ?? ''),
    modelKey: fold(row.model ?? ''),
    searchText: fold([row.make, row.model, row.trim ?? '', row.description ?? '', ...row.features].join(' | ')),
    featureKeys: row.features.length ? `|${row.features.map((f) => fold(f).replace(/\|/g, ' ')).join('|')}|` : '',
    isPublic: row.status === 'approved' || row.status === 'sold',
    latitude: zip ? zip.lat : null,
    longitude: zip ? zip.lng : null,
  };
}

/**
 * Search (issue 3): derived search columns of vehicles (folded make/model keys, keyword text, feature
 * keys, isPublic) with indexes that match the filters and sorts, per-visitor-per-day listing views, and
 * the shared cache version table.
 */
export class VehicleSearch1764000000000 implements MigrationInterface {
  name = 'VehicleSearch1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { column: c } = columnsFor(queryRunner);

    await queryRunner.addColumns('vehicles', [
      new TableColumn(c('makeKey', { type: 'varchar', length: '60', default: "''" })),
      new TableColumn(c('modelKey', { type: 'varchar', length: '80', default: "''" })),
      new TableColumn(c('searchText', { type: 'text', isNullable: true })),
      new TableColumn(c('featureKeys', { type: 'text', isNullable: true })),
      new TableColumn(c('isPublic', { type: 'boolean', default: 0 })),
    ]);
    await this.backfill(queryRunner);
    for (const index of OLD_INDEXES) await queryRunner.dropIndex('vehicles', index.name!);
    await queryRunner.createIndices('vehicles', SEARCH_INDEXES);

    await queryRunner.createTable(
      new Table({
        name: 'vehicle_views',
        columns: [
          c('vehicleId', { type: 'int', isPrimary: true }),
          c('visitorId', { type: 'varchar', length: '32', isPrimary: true }),
          c('day', { type: 'varchar', length: '10', isPrimary: true }),
        ],
        indices: [new TableIndex({ name: 'IDX_vehicle_views_day', columnNames: ['day'] })],
        foreignKeys: [
          new TableForeignKey({
            name: 'FK_vehicle_views_vehicle',
            columnNames: ['vehicleId'],
            referencedTableName: 'vehicles',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          }),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'cache_state',
        columns: [c('name', { type: 'varchar', length: '40', isPrimary: true }), c('version', { type: 'int', default: 0 })],
      }),
    );
    await queryRunner.query(`INSERT INTO cache_state (name, version) VALUES ('listings', 0)`);
  }

  /** Existing listings get their derived columns (and coordinates) from their own fields. */
  private async backfill(queryRunner: QueryRunner): Promise<void> {
    let lastId = 0;
    for (;;) {
      const rows = (await queryRunner.query(
        'SELECT id, make, model, `trim`, description, features, status, zipCode FROM vehicles WHERE id > ? ORDER BY id LIMIT 500',
        [lastId],
      )) as { id: number; make: string; model: string; trim: string | null; description: string | null; features: string; status: string; zipCode: string }[];
      if (rows.length === 0) return;
      for (const row of rows) {
        const d = derivedColumns({ ...row, features: JSON.parse(row.features) as string[] });
        await queryRunner.query(
          'UPDATE vehicles SET makeKey = ?, modelKey = ?, searchText = ?, featureKeys = ?, isPublic = ?, latitude = ?, longitude = ? WHERE id = ?',
          [d.makeKey, d.modelKey, d.searchText, d.featureKeys, d.isPublic ? 1 : 0, d.latitude, d.longitude, row.id],
        );
      }
      lastId = rows[rows.length - 1].id;
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('cache_state');
    await queryRunner.dropTable('vehicle_views');
    for (const index of SEARCH_INDEXES) await queryRunner.dropIndex('vehicles', index.name!);
    await queryRunner.createIndices('vehicles', OLD_INDEXES);
    for (const name of ['isPublic', 'featureKeys', 'searchText', 'modelKey', 'makeKey']) await queryRunner.dropColumn('vehicles', name);
  }
}
