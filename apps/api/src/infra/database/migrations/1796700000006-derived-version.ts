import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { columnsFor } from './schema-helpers';

/**
 * derivedVersion: which derivation of the listing's derived columns (makeKey … searchText) a row holds.
 * Every existing row starts at 0, so the listing writer derives them all again at the next start
 * (DerivedColumnsJob): searchText then holds the body type, fuel, transmission and drivetrain too.
 */
export class DerivedVersion1796700000006 implements MigrationInterface {
  name = 'DerivedVersion1796700000006';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { column: c } = columnsFor(queryRunner);
    await queryRunner.addColumn('vehicles', new TableColumn(c('derivedVersion', { type: 'int', default: 0 })));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('vehicles', 'derivedVersion');
  }
}
