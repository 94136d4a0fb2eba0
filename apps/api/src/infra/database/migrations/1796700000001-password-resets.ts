import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { columnsFor } from './schema-helpers';

/** Password reset links (PasswordResetEntity): the hash of each token, its account, expiry and use. */
export class PasswordResets1796700000001 implements MigrationInterface {
  name = 'PasswordResets1796700000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { column: c, id, createdAt } = columnsFor(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'password_resets',
        columns: [
          id(),
          c('tokenHash', { type: 'varchar', length: '64' }),
          c('userId', { type: 'int' }),
          c('expiresAt', { type: 'datetime' }),
          c('usedAt', { type: 'datetime', isNullable: true }),
          createdAt(),
        ],
        indices: [
          new TableIndex({ name: 'IDX_password_resets_token', columnNames: ['tokenHash'], isUnique: true }),
          new TableIndex({ name: 'IDX_password_resets_user', columnNames: ['userId'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: 'FK_password_resets_user',
            columnNames: ['userId'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('password_resets');
  }
}
