import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { columnsFor } from './schema-helpers';

/** Users, sessions, vehicles, contact messages, page visits and visitor sessions (SPEC.md section 3). */
export class InitialSchema1763700000000 implements MigrationInterface {
  name = 'InitialSchema1763700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { column: c, id, createdAt, updatedAt } = columnsFor(queryRunner);

    await queryRunner.createTable(
      new Table({
        name: 'users',
        columns: [
          id(),
          c('email', { type: 'varchar', length: '254' }),
          c('password', { type: 'varchar', length: '255' }),
          c('firstName', { type: 'varchar', length: '60', isNullable: true }),
          c('lastName', { type: 'varchar', length: '60', isNullable: true }),
          c('profileImageUrl', { type: 'varchar', length: '2048', isNullable: true }),
          c('role', { type: 'varchar', length: '20', default: "'user'" }),
          createdAt(),
          updatedAt(),
        ],
        indices: [new TableIndex({ name: 'IDX_users_email', columnNames: ['email'], isUnique: true })],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'sessions',
        columns: [
          c('sid', { type: 'varchar', length: '64', isPrimary: true }),
          c('sess', { type: 'simple-json' }),
          c('expire', { type: 'datetime' }),
          c('userId', { type: 'int' }),
        ],
        indices: [
          new TableIndex({ name: 'IDX_sessions_expire', columnNames: ['expire'] }),
          new TableIndex({ name: 'IDX_sessions_user', columnNames: ['userId'] }),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'vehicles',
        columns: [
          id(),
          c('userId', { type: 'int' }),
          c('make', { type: 'varchar', length: '60' }),
          c('model', { type: 'varchar', length: '80' }),
          c('year', { type: 'int' }),
          c('trim', { type: 'varchar', length: '100', isNullable: true }),
          c('mileage', { type: 'int' }),
          c('price', { type: 'decimal', precision: 10, scale: 2 }),
          c('condition', { type: 'varchar', length: '20' }),
          c('bodyType', { type: 'varchar', length: '30', isNullable: true }),
          c('fuelType', { type: 'varchar', length: '30', isNullable: true }),
          c('transmission', { type: 'varchar', length: '30', isNullable: true }),
          c('drivetrain', { type: 'varchar', length: '30', isNullable: true }),
          c('exteriorColor', { type: 'varchar', length: '40', isNullable: true }),
          c('interiorColor', { type: 'varchar', length: '40', isNullable: true }),
          c('color', { type: 'varchar', length: '40', isNullable: true }),
          c('description', { type: 'text', isNullable: true }),
          c('features', { type: 'simple-json' }),
          c('images', { type: 'simple-json' }),
          c('coverPhotoIndex', { type: 'int', default: 0 }),
          c('location', { type: 'varchar', length: '200' }),
          c('zipCode', { type: 'varchar', length: '10' }),
          c('latitude', { type: 'double', isNullable: true }),
          c('longitude', { type: 'double', isNullable: true }),
          c('contactPhone', { type: 'varchar', length: '30' }),
          c('contactEmail', { type: 'varchar', length: '254' }),
          c('contactFirstName', { type: 'varchar', length: '60', isNullable: true }),
          c('contactLastName', { type: 'varchar', length: '60', isNullable: true }),
          c('contactLocation', { type: 'varchar', length: '200', isNullable: true }),
          c('vin', { type: 'varchar', length: '17' }),
          c('carfaxReportUrl', { type: 'varchar', length: '2048', isNullable: true }),
          c('recentServices', { type: 'simple-json' }),
          c('engine', { type: 'varchar', length: '100', isNullable: true }),
          c('mpgCity', { type: 'int', isNullable: true }),
          c('mpgHighway', { type: 'int', isNullable: true }),
          c('status', { type: 'varchar', length: '20', default: "'pending'" }),
          c('views', { type: 'int', default: 0 }),
          c('isFeatured', { type: 'boolean', default: 0 }),
          createdAt(),
          updatedAt(),
        ],
        indices: [
          new TableIndex({ name: 'IDX_vehicles_user', columnNames: ['userId'] }),
          new TableIndex({ name: 'IDX_vehicles_status_created', columnNames: ['status', 'createdAt'] }),
          new TableIndex({ name: 'IDX_vehicles_make_model', columnNames: ['make', 'model'] }),
          new TableIndex({ name: 'IDX_vehicles_price', columnNames: ['price'] }),
          new TableIndex({ name: 'IDX_vehicles_year', columnNames: ['year'] }),
          new TableIndex({ name: 'IDX_vehicles_mileage', columnNames: ['mileage'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: 'FK_vehicles_user',
            columnNames: ['userId'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          }),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'contact_messages',
        columns: [
          id(),
          c('vehicleId', { type: 'int' }),
          c('sellerId', { type: 'int' }),
          c('senderName', { type: 'varchar', length: '130' }),
          c('senderFirstName', { type: 'varchar', length: '60' }),
          c('senderLastName', { type: 'varchar', length: '60' }),
          c('senderEmail', { type: 'varchar', length: '254' }),
          c('senderPhone', { type: 'varchar', length: '30', isNullable: true }),
          c('subject', { type: 'varchar', length: '200' }),
          c('message', { type: 'text' }),
          c('isFinancingInterest', { type: 'boolean', default: 0 }),
          c('isTradeInInterest', { type: 'boolean', default: 0 }),
          c('ipAddress', { type: 'varchar', length: '64', isNullable: true }),
          c('handledAt', { type: 'datetime', isNullable: true }),
          c('handledById', { type: 'int', isNullable: true }),
          createdAt(),
        ],
        indices: [
          new TableIndex({ name: 'IDX_contact_messages_vehicle', columnNames: ['vehicleId'] }),
          new TableIndex({ name: 'IDX_contact_messages_seller', columnNames: ['sellerId'] }),
          new TableIndex({ name: 'IDX_contact_messages_handled', columnNames: ['handledAt'] }),
          new TableIndex({ name: 'IDX_contact_messages_created', columnNames: ['createdAt'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            name: 'FK_contact_messages_vehicle',
            columnNames: ['vehicleId'],
            referencedTableName: 'vehicles',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          }),
          new TableForeignKey({
            name: 'FK_contact_messages_seller',
            columnNames: ['sellerId'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          }),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'page_visits',
        columns: [
          id(),
          c('sessionId', { type: 'varchar', length: '64' }),
          c('userId', { type: 'int', isNullable: true }),
          c('ipAddress', { type: 'varchar', length: '64', isNullable: true }),
          c('userAgent', { type: 'varchar', length: '512', isNullable: true }),
          c('page', { type: 'varchar', length: '512' }),
          c('timestamp', { type: 'datetime' }),
        ],
        indices: [
          new TableIndex({ name: 'IDX_page_visits_session_time', columnNames: ['sessionId', 'timestamp'] }),
          new TableIndex({ name: 'IDX_page_visits_time', columnNames: ['timestamp'] }),
        ],
      }),
    );

    await queryRunner.createTable(
      new Table({
        name: 'visitor_sessions',
        columns: [
          id(),
          c('sessionId', { type: 'varchar', length: '100' }),
          c('ipAddress', { type: 'varchar', length: '64', isNullable: true }),
          c('userAgent', { type: 'varchar', length: '512', isNullable: true }),
          c('firstVisit', { type: 'datetime' }),
          c('lastVisit', { type: 'datetime' }),
          c('pageViews', { type: 'int', default: 1 }),
          c('totalDuration', { type: 'int', default: 0 }),
        ],
        indices: [
          new TableIndex({ name: 'IDX_visitor_sessions_session', columnNames: ['sessionId'], isUnique: true }),
          new TableIndex({ name: 'IDX_visitor_sessions_first', columnNames: ['firstVisit'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['visitor_sessions', 'page_visits', 'contact_messages', 'vehicles', 'sessions', 'users']) {
      await queryRunner.dropTable(table);
    }
  }
}
