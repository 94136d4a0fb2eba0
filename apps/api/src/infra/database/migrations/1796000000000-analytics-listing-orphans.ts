import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Daily listing counts of listings deleted before their counts left with them (the top lists used to skip
 * them by a join with `vehicles`; now a deleted listing's counts are removed when it is deleted).
 */
export class AnalyticsListingOrphans1796000000000 implements MigrationInterface {
  name = 'AnalyticsListingOrphans1796000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DELETE FROM analytics_daily_listings WHERE vehicleId NOT IN (SELECT id FROM vehicles)');
  }

  async down(): Promise<void> {
    // The removed counts named listings that no longer exist: nothing to restore.
  }
}
