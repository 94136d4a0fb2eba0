import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { columnsFor } from './schema-helpers';

/** Periods claimed by scheduled jobs that run once per period across every instance (JobLockService.runOncePer). */
export class JobPeriods1796600000001 implements MigrationInterface {
  name = 'JobPeriods1796600000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { column: c, createdAt } = columnsFor(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'job_periods',
        columns: [c('name', { type: 'varchar', length: '100', isPrimary: true }), c('period', { type: 'bigint', isPrimary: true }), createdAt()],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('job_periods');
  }
}
