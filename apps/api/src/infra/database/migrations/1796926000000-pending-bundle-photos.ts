import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { columnsFor } from './schema-helpers';

/**
 * Photos of imported listings still being written by their bundle (PendingBundlePhotoEntity): the demo's
 * first start imports its listings at once and attaches each photo as it is rendered.
 */
export class PendingBundlePhotos1796926000000 implements MigrationInterface {
  name = 'PendingBundlePhotos1796926000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { column: c, id } = columnsFor(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'pending_bundle_photos',
        columns: [
          id(),
          c('vehicleId', { type: 'int' }),
          c('position', { type: 'int' }),
          c('ownerId', { type: 'int' }),
          c('bundleDir', { type: 'varchar', length: '1000' }),
          c('file', { type: 'varchar', length: '255' }),
          c('source', { type: 'varchar', length: '100' }),
        ],
        indices: [new TableIndex({ name: 'IDX_pending_bundle_photos_vehicle', columnNames: ['vehicleId', 'position'], isUnique: true })],
        foreignKeys: [
          new TableForeignKey({ name: 'FK_pending_bundle_photos_vehicle', columnNames: ['vehicleId'], referencedTableName: 'vehicles', referencedColumnNames: ['id'], onDelete: 'CASCADE', onUpdate: 'NO ACTION' }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('pending_bundle_photos');
  }
}
