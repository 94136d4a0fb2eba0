import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { columnsFor } from './schema-helpers';

/** Saved searches with e-mail alerts, and what each has alerted about (never twice for the same reason). */
export class SavedSearches1796700000003 implements MigrationInterface {
  name = 'SavedSearches1796700000003';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { column: c, id, createdAt } = columnsFor(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'saved_searches',
        columns: [
          id(),
          c('userId', { type: 'int' }),
          c('name', { type: 'varchar', length: '80' }),
          c('query', { type: 'varchar', length: '1000' }),
          c('frequency', { type: 'varchar', length: '10' }),
          c('lastAlertAt', { type: 'datetime', isNullable: true }),
          createdAt(),
        ],
        indices: [
          new TableIndex({ name: 'IDX_saved_searches_user', columnNames: ['userId'] }),
          new TableIndex({ name: 'IDX_saved_searches_due', columnNames: ['frequency', 'lastAlertAt'] }),
        ],
        foreignKeys: [
          new TableForeignKey({ name: 'FK_saved_searches_user', columnNames: ['userId'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE', onUpdate: 'NO ACTION' }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'saved_search_alerts',
        columns: [
          c('savedSearchId', { type: 'int', isPrimary: true }),
          c('vehicleId', { type: 'int', isPrimary: true }),
          c('reason', { type: 'varchar', length: '12', isPrimary: true }),
          c('sentAt', { type: 'datetime' }),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: 'FK_saved_search_alerts_search',
            columnNames: ['savedSearchId'],
            referencedTableName: 'saved_searches',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('saved_search_alerts');
    await queryRunner.dropTable('saved_searches');
  }
}
