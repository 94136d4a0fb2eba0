import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { columnsFor } from './schema-helpers';

/**
 * The market model's history and basis (issue 29): `market_sales`, past sales the deal ratings are also
 * fitted on (MarketSaleEntity: a site's sold comparables, such as the demo's generated history), and each
 * listing's `dealBasis`, what its estimate rests on (the model's comparables, its class or the market).
 */
export class MarketHistory1796930000000 implements MigrationInterface {
  name = 'MarketHistory1796930000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { column: c, id } = columnsFor(queryRunner);
    await queryRunner.addColumn('vehicles', new TableColumn(c('dealBasis', { type: 'varchar', length: '8', isNullable: true })));
    await queryRunner.createTable(
      new Table({
        name: 'market_sales',
        columns: [
          id(),
          c('source', { type: 'varchar', length: '40' }),
          c('makeKey', { type: 'varchar', length: '60' }),
          c('modelKey', { type: 'varchar', length: '80' }),
          c('bodyType', { type: 'varchar', length: '30', isNullable: true }),
          c('year', { type: 'int' }),
          c('mileage', { type: 'int' }),
          c('condition', { type: 'varchar', length: '20' }),
          c('price', { type: 'decimal', precision: 10, scale: 2 }),
          c('soldAt', { type: 'datetime' }),
        ],
        indices: [new TableIndex({ name: 'IDX_market_sales_sold_at', columnNames: ['soldAt'] })],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('market_sales');
    await queryRunner.dropColumn('vehicles', 'dealBasis');
  }
}
