import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { columnsFor } from './schema-helpers';

/** The outbox of e-mails (MailOutboxEntity): written with the change that causes each, sent by a worker. */
export class MailOutbox1796700000000 implements MigrationInterface {
  name = 'MailOutbox1796700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { column: c, id, createdAt } = columnsFor(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'mail_outbox',
        columns: [
          id(),
          c('kind', { type: 'varchar', length: '40' }),
          c('recipient', { type: 'varchar', length: '254' }),
          c('subject', { type: 'varchar', length: '250' }),
          c('text', { type: 'text' }),
          c('html', { type: 'text', isNullable: true }),
          c('replyTo', { type: 'simple-json', isNullable: true }),
          c('headers', { type: 'simple-json', isNullable: true }),
          c('status', { type: 'varchar', length: '10', default: "'pending'" }),
          c('attempts', { type: 'int', default: 0 }),
          c('nextAttemptAt', { type: 'datetime' }),
          c('lastError', { type: 'varchar', length: '500', isNullable: true }),
          c('sentAt', { type: 'datetime', isNullable: true }),
          createdAt(),
        ],
        indices: [new TableIndex({ name: 'IDX_mail_outbox_due', columnNames: ['status', 'nextAttemptAt'] })],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('mail_outbox');
  }
}
