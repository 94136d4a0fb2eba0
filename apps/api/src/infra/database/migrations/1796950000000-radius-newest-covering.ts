import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * The newest-first index also holds each listing's position (latBand, longitude, latitude): a search around a
 * ZIP code, newest first (the search page's default order), walks it and checks the box and the distance on
 * index entries, instead of reading each walked listing's row to find where it is. MariaDB at 100,000
 * listings, a 25-mile radius of 1,957 matches: the page's ids 5.0 -> 1.0 ms.
 * Must name the same columns as vehicle.entity.ts: migrations import no live code.
 */
const BEFORE = ['isPublic', 'createdAt', 'id', 'price', 'year', 'mileage', 'bodyType', 'fuelType'];
const AFTER = [...BEFORE, 'latBand', 'longitude', 'latitude'];
const NAME = 'IDX_vehicles_public_created';

export class RadiusNewestCovering1796950000000 implements MigrationInterface {
  name = 'RadiusNewestCovering1796950000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await this.replace(queryRunner, AFTER);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await this.replace(queryRunner, BEFORE);
  }

  private async replace(queryRunner: QueryRunner, columnNames: string[]): Promise<void> {
    await queryRunner.dropIndex('vehicles', NAME);
    await queryRunner.createIndex('vehicles', new TableIndex({ name: NAME, columnNames }));
  }
}
