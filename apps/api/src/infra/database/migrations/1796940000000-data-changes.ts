import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { columnsFor } from './schema-helpers';

/**
 * data_changes, the change log of cached data sets, replaces cache_state, whose one 'listings' row every
 * listing write updated (every write waited for the one before it to commit, and every cached answer went
 * cold). A write appends a row per listing it changed; instances read the rows after the last they saw.
 */
export class DataChanges1796940000000 implements MigrationInterface {
  name = 'DataChanges1796940000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { column: c, id, createdAt } = columnsFor(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'data_changes',
        columns: [id(), c('dataSet', { type: 'varchar', length: '40' }), c('facts', { type: 'text', isNullable: true }), createdAt()],
      }),
    );
    // Listings were stamped with cache_state versions (changedInVersion); the log's ids continue above them,
    // so a stamp still tells which listings changed after a given point.
    const [row] = (await queryRunner.query(`SELECT version FROM cache_state WHERE name = 'listings'`)) as { version: number | string }[];
    const [stamped] = (await queryRunner.query('SELECT MAX(changedInVersion) AS v FROM vehicles')) as { v: number | string | null }[];
    const start = Math.max(Number(row?.version ?? 0), Number(stamped?.v ?? 0));
    await queryRunner.query(`INSERT INTO data_changes (id, dataSet, facts) VALUES (?, 'listings', NULL)`, [start + 1]);
    await queryRunner.dropTable('cache_state');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const { column: c } = columnsFor(queryRunner);
    const [row] = (await queryRunner.query('SELECT MAX(id) AS v FROM data_changes')) as { v: number | string | null }[];
    await queryRunner.createTable(
      new Table({
        name: 'cache_state',
        columns: [c('name', { type: 'varchar', length: '40', isPrimary: true }), c('version', { type: 'int', default: 0 })],
      }),
    );
    await queryRunner.query(`INSERT INTO cache_state (name, version) VALUES ('listings', ?)`, [Number(row?.v ?? 0)]);
    await queryRunner.dropTable('data_changes');
  }
}
