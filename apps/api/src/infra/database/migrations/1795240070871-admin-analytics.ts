import { MigrationInterface, QueryRunner, Table, TableColumn, TableForeignKey, TableIndex } from 'typeorm';
import { columnsFor } from './schema-helpers';

/**
 * Admin audit trail and the analytics roll-ups: daily aggregates (site, pages, listings), each period's
 * top lists, each visitor's latest day, the roll-up's watermark, and the visitor id on visitor sessions.
 */
export class AdminAnalytics1795240070871 implements MigrationInterface {
  name = 'AdminAnalytics1795240070871';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { column: c, id, createdAt } = columnsFor(queryRunner);

    await queryRunner.createTable(
      new Table({
        name: 'audit_log',
        columns: [
          id(),
          c('actorId', { type: 'int', isNullable: true }),
          c('action', { type: 'varchar', length: '30' }),
          c('vehicleId', { type: 'int', isNullable: true }),
          c('before', { type: 'simple-json' }),
          c('after', { type: 'simple-json' }),
          createdAt(),
        ],
        indices: [
          new TableIndex({ name: 'IDX_audit_log_actor', columnNames: ['actorId'] }),
          new TableIndex({ name: 'IDX_audit_log_vehicle', columnNames: ['vehicleId'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: 'FK_audit_log_actor',
            columnNames: ['actorId'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'SET NULL',
            onUpdate: 'NO ACTION',
          }),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'analytics_daily',
        columns: [
          c('day', { type: 'varchar', length: '10', isPrimary: true }),
          c('pageViews', { type: 'int', default: 0 }),
          c('uniqueVisitors', { type: 'int', default: 0 }),
          c('sessions', { type: 'int', default: 0 }),
          c('totalDuration', { type: 'int', default: 0 }),
          c('lastSeenVisitors', { type: 'int', default: 0 }),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'analytics_daily_pages',
        columns: [
          c('day', { type: 'varchar', length: '10', isPrimary: true }),
          c('page', { type: 'varchar', length: '512', isPrimary: true }),
          c('views', { type: 'int' }),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'analytics_daily_listings',
        columns: [
          c('day', { type: 'varchar', length: '10', isPrimary: true }),
          c('vehicleId', { type: 'int', isPrimary: true }),
          c('views', { type: 'int' }),
        ],
        indices: [new TableIndex({ name: 'IDX_analytics_daily_listings_vehicle', columnNames: ['vehicleId'] })],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'analytics_visitors',
        columns: [
          c('visitorId', { type: 'varchar', length: '64', isPrimary: true }),
          c('lastSeenDay', { type: 'varchar', length: '10' }),
        ],
        indices: [new TableIndex({ name: 'IDX_analytics_visitors_last_seen', columnNames: ['lastSeenDay'] })],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'analytics_top',
        columns: [
          c('period', { type: 'varchar', length: '3', isPrimary: true }),
          c('kind', { type: 'varchar', length: '10', isPrimary: true }),
          c('position', { type: 'int', isPrimary: true }),
          c('item', { type: 'varchar', length: '512' }),
          c('views', { type: 'int' }),
          c('toDay', { type: 'varchar', length: '10' }),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'analytics_rollup_state',
        columns: [c('name', { type: 'varchar', length: '40', isPrimary: true }), c('watermark', { type: 'datetime' })],
      }),
    );

    // Visitor sessions are derived data that nothing wrote before this migration; the roll-up rebuilds
    // them from page_visits (its watermark starts empty), so the table is emptied before the new column.
    await queryRunner.query('DELETE FROM visitor_sessions');
    await queryRunner.addColumn('visitor_sessions', new TableColumn(c('visitorId', { type: 'varchar', length: '64' })));
    await queryRunner.createIndex(
      'visitor_sessions',
      new TableIndex({ name: 'IDX_visitor_sessions_visitor', columnNames: ['visitorId', 'lastVisit'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('visitor_sessions', 'IDX_visitor_sessions_visitor');
    await queryRunner.dropColumn('visitor_sessions', 'visitorId');
    for (const table of ['analytics_rollup_state', 'analytics_top', 'analytics_visitors', 'analytics_daily_listings', 'analytics_daily_pages', 'analytics_daily', 'audit_log']) {
      await queryRunner.dropTable(table);
    }
  }
}
