import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { columnsFor } from './schema-helpers';

/** Must equal UNRATED_DEAL_RANK (modules/vehicles/pricing/market-columns.ts): migrations import no live code. */
const UNRATED_DEAL_RANK = 1_000_000_000;

/**
 * dealRank: dealScore, or a rank after every rated listing when unrated, never null, so "Best deals first"
 * reads (isPublic, dealRank) in order instead of sorting every matching row by `dealScore IS NULL, dealScore`.
 */
export class DealRank1796700000004 implements MigrationInterface {
  name = 'DealRank1796700000004';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { column: c } = columnsFor(queryRunner);
    await queryRunner.addColumn('vehicles', new TableColumn(c('dealRank', { type: 'double', default: UNRATED_DEAL_RANK })));
    await queryRunner.query('UPDATE vehicles SET dealRank = dealScore WHERE dealScore IS NOT NULL');
    await queryRunner.dropIndex('vehicles', 'IDX_vehicles_public_deal');
    await queryRunner.createIndex('vehicles', new TableIndex({ name: 'IDX_vehicles_public_deal', columnNames: ['isPublic', 'dealRank'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('vehicles', 'IDX_vehicles_public_deal');
    await queryRunner.createIndex('vehicles', new TableIndex({ name: 'IDX_vehicles_public_deal', columnNames: ['isPublic', 'dealScore'] }));
    await queryRunner.dropColumn('vehicles', 'dealRank');
  }
}
