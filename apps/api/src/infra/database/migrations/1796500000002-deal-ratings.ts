import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { columnsFor } from './schema-helpers';

/** Deal ratings: each listing's estimated market price, the number of comparables, its gap and rating. */
export class DealRatings1796500000002 implements MigrationInterface {
  name = 'DealRatings1796500000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { column: c } = columnsFor(queryRunner);
    await queryRunner.addColumns('vehicles', [
      new TableColumn(c('expectedPrice', { type: 'decimal', precision: 10, scale: 2, isNullable: true })),
      new TableColumn(c('dealComparables', { type: 'int', isNullable: true })),
      new TableColumn(c('dealScore', { type: 'double', isNullable: true })),
      new TableColumn(c('dealRating', { type: 'varchar', length: '12', isNullable: true })),
    ]);
    await queryRunner.createIndex('vehicles', new TableIndex({ name: 'IDX_vehicles_public_deal', columnNames: ['isPublic', 'dealScore'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('vehicles', 'IDX_vehicles_public_deal');
    for (const name of ['dealRating', 'dealScore', 'dealComparables', 'expectedPrice']) await queryRunner.dropColumn('vehicles', name);
  }
}
