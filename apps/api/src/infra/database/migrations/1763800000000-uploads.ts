import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { columnsFor } from './schema-helpers';

/** Uploaded photos, so that those never attached to a listing can be removed (issue 3, item 5). */
export class Uploads1763800000000 implements MigrationInterface {
  name = 'Uploads1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { column: c, id, createdAt } = columnsFor(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'uploads',
        columns: [
          id(),
          c('userId', { type: 'int', isNullable: true }),
          c('url', { type: 'varchar', length: '255' }),
          c('bytes', { type: 'int' }),
          createdAt(),
          c('attachedAt', { type: 'datetime', isNullable: true }),
        ],
        indices: [
          new TableIndex({ name: 'IDX_uploads_user', columnNames: ['userId'] }),
          new TableIndex({ name: 'IDX_uploads_unattached', columnNames: ['attachedAt', 'createdAt'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: 'FK_uploads_user',
            columnNames: ['userId'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'SET NULL',
            onUpdate: 'NO ACTION',
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('uploads');
  }
}
