import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { columnsFor } from './schema-helpers';

/** Links e-mailed to act on an account once (AccountTokenEntity): password resets and e-mail changes. */
export class AccountTokens1796700000001 implements MigrationInterface {
  name = 'AccountTokens1796700000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { column: c, id, createdAt } = columnsFor(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'account_tokens',
        columns: [
          id(),
          c('purpose', { type: 'varchar', length: '20' }),
          c('tokenHash', { type: 'varchar', length: '64' }),
          c('userId', { type: 'int' }),
          c('newEmail', { type: 'varchar', length: '254', isNullable: true }),
          c('expiresAt', { type: 'datetime' }),
          c('usedAt', { type: 'datetime', isNullable: true }),
          createdAt(),
        ],
        indices: [
          new TableIndex({ name: 'IDX_account_tokens_token', columnNames: ['tokenHash'], isUnique: true }),
          new TableIndex({ name: 'IDX_account_tokens_user', columnNames: ['userId', 'purpose'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: 'FK_account_tokens_user',
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
    await queryRunner.dropTable('account_tokens');
  }
}
