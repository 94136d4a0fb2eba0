import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';
import { columnsFor } from './schema-helpers';

/**
 * vehicles.changedInVersion: the listings' cache version whose write last changed the listing (the listing
 * writer stamps it), indexed, so an API instance that holds the search counts of an older version reads only
 * the listings changed since. Existing listings start at 0: an instance reads them all when it starts.
 */
export class ChangedInVersion1796700000009 implements MigrationInterface {
  name = 'ChangedInVersion1796700000009';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { column: c } = columnsFor(queryRunner);
    await queryRunner.addColumn('vehicles', new TableColumn(c('changedInVersion', { type: 'int', default: 0 })));
    await queryRunner.createIndex('vehicles', new TableIndex({ name: 'IDX_vehicles_changed_in_version', columnNames: ['changedInVersion'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('vehicles', 'IDX_vehicles_changed_in_version');
    await queryRunner.dropColumn('vehicles', 'changedInVersion');
  }
}
