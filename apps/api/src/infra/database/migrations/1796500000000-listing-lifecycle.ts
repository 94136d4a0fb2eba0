import { MigrationInterface, QueryRunner, Table, TableColumn, TableForeignKey, TableIndex } from 'typeorm';
import { columnsFor } from './schema-helpers';

/**
 * The listing lifecycle (market issue): first-live and sold dates, sold price, the latest price reduction,
 * every price of a listing (vehicle_prices, started from each listing's current price), and sellers'
 * pending revisions of live listings.
 */
export class ListingLifecycle1796500000000 implements MigrationInterface {
  name = 'ListingLifecycle1796500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { column: c, id, createdAt } = columnsFor(queryRunner);
    const money = { type: 'decimal', precision: 10, scale: 2 };

    await queryRunner.addColumns('vehicles', [
      new TableColumn(c('publishedAt', { type: 'datetime', isNullable: true })),
      new TableColumn(c('soldAt', { type: 'datetime', isNullable: true })),
      new TableColumn(c('soldPrice', { ...money, isNullable: true })),
      new TableColumn(c('soldPriceShown', { type: 'boolean', default: 0 })),
      new TableColumn(c('priceReducedAt', { type: 'datetime', isNullable: true })),
      new TableColumn(c('priceReducedFrom', { ...money, isNullable: true })),
    ]);
    await queryRunner.createIndex('vehicles', new TableIndex({ name: 'IDX_vehicles_public_reduced', columnNames: ['isPublic', 'priceReducedAt'] }));
    // Listings live before this release: on the market since they were created, sold when last changed.
    await queryRunner.query(`UPDATE vehicles SET publishedAt = createdAt WHERE status IN ('approved', 'sold')`);
    await queryRunner.query(`UPDATE vehicles SET soldAt = updatedAt WHERE status = 'sold'`);

    await queryRunner.createTable(
      new Table({
        name: 'vehicle_prices',
        columns: [id(), c('vehicleId', { type: 'int' }), c('price', money), createdAt('changedAt')],
        indices: [new TableIndex({ name: 'IDX_vehicle_prices_vehicle', columnNames: ['vehicleId', 'id'] })],
        foreignKeys: [
          new TableForeignKey({
            name: 'FK_vehicle_prices_vehicle',
            columnNames: ['vehicleId'],
            referencedTableName: 'vehicles',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          }),
        ],
      }),
    );
    await queryRunner.query('INSERT INTO vehicle_prices (vehicleId, price, changedAt) SELECT id, price, createdAt FROM vehicles ORDER BY id');

    await queryRunner.createTable(
      new Table({
        name: 'vehicle_revisions',
        columns: [
          id(),
          c('vehicleId', { type: 'int' }),
          c('authorId', { type: 'int', isNullable: true }),
          c('status', { type: 'varchar', length: '20', default: "'pending'" }),
          c('changes', { type: 'simple-json' }),
          c('rejectionReason', { type: 'varchar', length: '40', isNullable: true }),
          c('rejectionNote', { type: 'text', isNullable: true }),
          c('decidedBy', { type: 'int', isNullable: true }),
          c('decidedAt', { type: 'datetime', isNullable: true }),
          createdAt(),
        ],
        indices: [
          new TableIndex({ name: 'IDX_vehicle_revisions_status', columnNames: ['status', 'createdAt'] }),
          new TableIndex({ name: 'IDX_vehicle_revisions_vehicle', columnNames: ['vehicleId', 'status'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: 'FK_vehicle_revisions_vehicle',
            columnNames: ['vehicleId'],
            referencedTableName: 'vehicles',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          }),
          new TableForeignKey({
            name: 'FK_vehicle_revisions_author',
            columnNames: ['authorId'],
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
    await queryRunner.dropTable('vehicle_revisions');
    await queryRunner.dropTable('vehicle_prices');
    await queryRunner.dropIndex('vehicles', 'IDX_vehicles_public_reduced');
    for (const name of ['priceReducedFrom', 'priceReducedAt', 'soldPriceShown', 'soldPrice', 'soldAt', 'publishedAt']) {
      await queryRunner.dropColumn('vehicles', name);
    }
  }
}
