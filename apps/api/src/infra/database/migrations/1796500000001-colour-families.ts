import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { columnsFor } from './schema-helpers';

/** The colour families at the time of this migration (frozen: migrations import no live code). */
const FAMILIES = ['black', 'white', 'silver', 'gray', 'red', 'blue', 'green', 'brown', 'beige', 'other'];

/**
 * Colours as makers name them: exterior and interior colours become free text, each listing filed under
 * colour families that search filters on (`color` for the exterior, already kept in step with it, and
 * the new `interiorColorFamily`). Listings so far hold family slugs as their colours.
 */
export class ColourFamilies1796500000001 implements MigrationInterface {
  name = 'ColourFamilies1796500000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { column: c } = columnsFor(queryRunner);
    await queryRunner.addColumn('vehicles', new TableColumn(c('interiorColorFamily', { type: 'varchar', length: '20', isNullable: true })));
    const families = FAMILIES.map(() => '?').join(', ');
    await queryRunner.query(`UPDATE vehicles SET interiorColorFamily = interiorColor WHERE interiorColor IN (${families})`, FAMILIES);
    await queryRunner.query(`UPDATE vehicles SET color = exteriorColor WHERE color IS NULL AND exteriorColor IN (${families})`, FAMILIES);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('vehicles', 'interiorColorFamily');
  }
}
