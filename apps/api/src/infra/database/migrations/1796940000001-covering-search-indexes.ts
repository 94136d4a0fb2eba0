import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * The search pages' indexes hold the columns their filters compare, after the sort column and the id (so
 * they still hold public listings in each sort's order, the id breaking ties): a page of "SUVs from 2020,
 * newest first" or "under $5,000 by mileage" checks its filters on index entries while it walks the sort's
 * order, and reads the rows of the page's 24 listings only (search-filters.ts pageQuery). The geo index holds
 * the newest-first order's column and the price, so a radius page is sorted from index entries too.
 * Must name the same columns as vehicle.entity.ts: migrations import no live code.
 */
const COVERING: Record<string, { before: string[]; after: string[] }> = {
  IDX_vehicles_public_created: { before: ['isPublic', 'createdAt'], after: ['isPublic', 'createdAt', 'id', 'price', 'year', 'mileage', 'bodyType', 'fuelType'] },
  IDX_vehicles_public_price: { before: ['isPublic', 'price'], after: ['isPublic', 'price', 'id', 'year', 'mileage', 'bodyType', 'makeKey'] },
  IDX_vehicles_public_year: { before: ['isPublic', 'year'], after: ['isPublic', 'year', 'id', 'price', 'mileage', 'bodyType', 'makeKey'] },
  IDX_vehicles_public_mileage: { before: ['isPublic', 'mileage'], after: ['isPublic', 'mileage', 'id', 'price', 'year', 'bodyType', 'makeKey'] },
  IDX_vehicles_public_make_created: {
    before: ['isPublic', 'makeKey', 'createdAt'],
    after: ['isPublic', 'makeKey', 'createdAt', 'id', 'price', 'year', 'mileage', 'bodyType', 'fuelType'],
  },
  IDX_vehicles_public_body: { before: ['isPublic', 'bodyType'], after: ['isPublic', 'bodyType', 'createdAt', 'id', 'year', 'price', 'mileage'] },
  IDX_vehicles_public_geo: { before: ['isPublic', 'latBand', 'longitude', 'latitude'], after: ['isPublic', 'latBand', 'longitude', 'latitude', 'createdAt', 'price'] },
};

export class CoveringSearchIndexes1796940000001 implements MigrationInterface {
  name = 'CoveringSearchIndexes1796940000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [name, { after }] of Object.entries(COVERING)) await this.replace(queryRunner, name, after);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [name, { before }] of Object.entries(COVERING)) await this.replace(queryRunner, name, before);
  }

  private async replace(queryRunner: QueryRunner, name: string, columnNames: string[]): Promise<void> {
    await queryRunner.dropIndex('vehicles', name);
    await queryRunner.createIndex('vehicles', new TableIndex({ name, columnNames }));
  }
}
