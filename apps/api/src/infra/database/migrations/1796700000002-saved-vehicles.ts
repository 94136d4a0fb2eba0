import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { columnsFor } from './schema-helpers';

/** Vehicles saved by signed-in accounts (SavedVehicleEntity): a visitor's local list follows them once they sign in. */
export class SavedVehicles1796700000002 implements MigrationInterface {
  name = 'SavedVehicles1796700000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { column: c } = columnsFor(queryRunner);
    const fk = (name: string, column: string, table: string) =>
      new TableForeignKey({ name, columnNames: [column], referencedTableName: table, referencedColumnNames: ['id'], onDelete: 'CASCADE', onUpdate: 'NO ACTION' });
    await queryRunner.createTable(
      new Table({
        name: 'saved_vehicles',
        columns: [c('userId', { type: 'int', isPrimary: true }), c('vehicleId', { type: 'int', isPrimary: true }), c('savedAt', { type: 'bigint' })],
        indices: [new TableIndex({ name: 'IDX_saved_vehicles_vehicle', columnNames: ['vehicleId'] })],
        foreignKeys: [fk('FK_saved_vehicles_user', 'userId', 'users'), fk('FK_saved_vehicles_vehicle', 'vehicleId', 'vehicles')],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('saved_vehicles');
  }
}
