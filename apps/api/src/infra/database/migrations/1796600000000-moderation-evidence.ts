import { MigrationInterface, QueryRunner, Table, TableColumn, TableForeignKey, TableIndex } from 'typeorm';
import { columnsFor } from './schema-helpers';

/**
 * Moderation evidence (issue 13, item 5): a rejected listing's reason and note, and each uploaded photo's
 * perceptual hash with its four 16-bit bands (a photo within 3 bits of another shares at least one band
 * with it, so near duplicates are found through the band index instead of comparing every photo).
 */
export class ModerationEvidence1796600000000 implements MigrationInterface {
  name = 'ModerationEvidence1796600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { column: c } = columnsFor(queryRunner);
    await queryRunner.addColumns('vehicles', [
      new TableColumn(c('rejectionReason', { type: 'varchar', length: '40', isNullable: true })),
      new TableColumn(c('rejectionNote', { type: 'text', isNullable: true })),
    ]);
    await queryRunner.addColumn('uploads', new TableColumn(c('phash', { type: 'varchar', length: '16', isNullable: true })));
    await queryRunner.createTable(
      new Table({
        name: 'photo_hash_bands',
        columns: [
          c('band', { type: 'smallint', isPrimary: true }),
          c('value', { type: 'int', isPrimary: true }),
          c('uploadId', { type: 'int', isPrimary: true }),
        ],
        indices: [new TableIndex({ name: 'IDX_photo_hash_bands_upload', columnNames: ['uploadId'] })],
        foreignKeys: [
          new TableForeignKey({
            name: 'FK_photo_hash_bands_upload',
            columnNames: ['uploadId'],
            referencedTableName: 'uploads',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('photo_hash_bands');
    await queryRunner.dropColumn('uploads', 'phash');
    for (const name of ['rejectionNote', 'rejectionReason']) await queryRunner.dropColumn('vehicles', name);
  }
}
