import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { columnsFor } from './schema-helpers';

/**
 * IDX_vehicles_public_counts: the columns every search count reads (its filters' and its facets'), so a total
 * or a facet is counted from this index alone instead of a row lookup per matching listing. A facet of
 * "under $100,000" read the price index and then 90,000 rows (SQLite, 100,000 listings: 426 ms; from this
 * index 27 ms). Must name the columns of PUBLIC_COUNTS_COLUMNS (vehicle.entity.ts): migrations import no
 * live code.
 */
const COUNTS_COLUMNS = ['isPublic', 'makeKey', 'modelKey', 'bodyType', 'fuelType', 'price', 'year', 'mileage', 'condition', 'transmission', 'drivetrain', 'color', 'interiorColorFamily', 'dealRank', 'make', 'model'];

/** Must equal LATITUDE_BANDS_PER_DEGREE (infra/geo/radius.ts). */
const LATITUDE_BANDS_PER_DEGREE = 2;

/**
 * latBand, the listing's half-degree latitude band, and the geo index on (isPublic, latBand, longitude,
 * latitude): a radius search reads one longitude range per band its box touches instead of the box's whole
 * latitude stripe across the country (radius.ts).
 */
export class SearchIndexes1796700000007 implements MigrationInterface {
  name = 'SearchIndexes1796700000007';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { column: c } = columnsFor(queryRunner);
    await queryRunner.addColumn('vehicles', new TableColumn(c('latBand', { type: 'int', isNullable: true })));
    // FLOOR: SQLite's math functions (better-sqlite3) and MariaDB's agree with Math.floor.
    await queryRunner.query(`UPDATE vehicles SET latBand = FLOOR(latitude * ${LATITUDE_BANDS_PER_DEGREE}) WHERE latitude IS NOT NULL`);
    await queryRunner.dropIndex('vehicles', 'IDX_vehicles_public_geo');
    await queryRunner.createIndex('vehicles', new TableIndex({ name: 'IDX_vehicles_public_geo', columnNames: ['isPublic', 'latBand', 'longitude', 'latitude'] }));
    await queryRunner.createIndex('vehicles', new TableIndex({ name: 'IDX_vehicles_public_counts', columnNames: COUNTS_COLUMNS }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('vehicles', 'IDX_vehicles_public_geo');
    await queryRunner.createIndex('vehicles', new TableIndex({ name: 'IDX_vehicles_public_geo', columnNames: ['isPublic', 'latitude', 'longitude'] }));
    await queryRunner.dropColumn('vehicles', 'latBand');
    await queryRunner.dropIndex('vehicles', 'IDX_vehicles_public_counts');
  }
}
