import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { columnsFor } from './schema-helpers';

/** Idempotency-Key bookkeeping of POST /api/vehicles (issue 11, item 8); rows live 24 hours, so no foreign key. */
export class IdempotencyKeys1796300000000 implements MigrationInterface {
  name = 'IdempotencyKeys1796300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { column: c, id, createdAt } = columnsFor(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'idempotency_keys',
        columns: [
          id(),
          c('userId', { type: 'int' }),
          c('key', { type: 'varchar', length: '100' }),
          c('requestHash', { type: 'varchar', length: '64' }),
          c('response', { type: 'text', isNullable: true }),
          createdAt(),
        ],
        indices: [
          new TableIndex({ name: 'IDX_idempotency_keys_user_key', columnNames: ['userId', 'key'], isUnique: true }),
          new TableIndex({ name: 'IDX_idempotency_keys_created', columnNames: ['createdAt'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('idempotency_keys');
  }
}
