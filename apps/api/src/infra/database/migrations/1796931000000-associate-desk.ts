import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';
import { columnsFor } from './schema-helpers';

/** The associate desk (issue 30): leads, their conversation and trail, and inbound mail kept for staff. */
export class AssociateDesk1796931000000 implements MigrationInterface {
  name = 'AssociateDesk1796931000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { column: c, id, createdAt, updatedAt } = columnsFor(queryRunner);
    const fk = (name: string, column: string, table: string, onDelete: 'CASCADE' | 'SET NULL') =>
      new TableForeignKey({ name, columnNames: [column], referencedTableName: table, referencedColumnNames: ['id'], onDelete, onUpdate: 'NO ACTION' });
    await queryRunner.createTable(
      new Table({
        name: 'leads',
        columns: [
          id(),
          c('vehicleId', { type: 'int' }),
          c('source', { type: 'varchar', length: '12' }),
          c('state', { type: 'varchar', length: '12', default: "'new'" }),
          c('buyerName', { type: 'varchar', length: '130' }),
          c('buyerEmail', { type: 'varchar', length: '254', isNullable: true }),
          c('buyerPhone', { type: 'varchar', length: '30', isNullable: true }),
          c('subject', { type: 'varchar', length: '200' }),
          c('contactMessageId', { type: 'int', isNullable: true }),
          c('assignedToId', { type: 'int', isNullable: true }),
          c('lostReason', { type: 'varchar', length: '30', isNullable: true }),
          c('responseDueAt', { type: 'datetime' }),
          c('firstResponseAt', { type: 'datetime', isNullable: true }),
          c('escalatedAt', { type: 'datetime', isNullable: true }),
          c('salePrice', { type: 'decimal', precision: 10, scale: 2, isNullable: true }),
          c('feeAmount', { type: 'decimal', precision: 10, scale: 2, isNullable: true }),
          c('feeState', { type: 'varchar', length: '10', isNullable: true }),
          c('feeUpdatedAt', { type: 'datetime', isNullable: true }),
          c('soldAt', { type: 'datetime', isNullable: true }),
          c('financingSealed', { type: 'text', isNullable: true }),
          c('financingErasedAt', { type: 'datetime', isNullable: true }),
          createdAt(),
          updatedAt(),
        ],
        indices: [
          new TableIndex({ name: 'IDX_leads_vehicle', columnNames: ['vehicleId'] }),
          new TableIndex({ name: 'IDX_leads_state', columnNames: ['state'] }),
          new TableIndex({ name: 'IDX_leads_assigned', columnNames: ['assignedToId'] }),
          new TableIndex({ name: 'IDX_leads_fee_state', columnNames: ['feeState'] }),
          new TableIndex({ name: 'IDX_leads_created', columnNames: ['createdAt'] }),
          new TableIndex({ name: 'IDX_leads_response_due', columnNames: ['firstResponseAt', 'responseDueAt'] }),
        ],
        foreignKeys: [fk('FK_leads_vehicle', 'vehicleId', 'vehicles', 'CASCADE'), fk('FK_leads_assigned', 'assignedToId', 'users', 'SET NULL')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'lead_messages',
        columns: [
          id(),
          c('leadId', { type: 'int' }),
          c('direction', { type: 'varchar', length: '3' }),
          c('body', { type: 'text' }),
          c('authorId', { type: 'int', isNullable: true }),
          c('authorName', { type: 'varchar', length: '130' }),
          createdAt(),
        ],
        indices: [new TableIndex({ name: 'IDX_lead_messages_lead', columnNames: ['leadId'] })],
        foreignKeys: [fk('FK_lead_messages_lead', 'leadId', 'leads', 'CASCADE')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'lead_activities',
        columns: [
          id(),
          c('leadId', { type: 'int' }),
          c('kind', { type: 'varchar', length: '20' }),
          c('body', { type: 'text', isNullable: true }),
          c('dueAt', { type: 'datetime', isNullable: true }),
          c('actorId', { type: 'int', isNullable: true }),
          createdAt(),
        ],
        indices: [new TableIndex({ name: 'IDX_lead_activities_lead', columnNames: ['leadId'] })],
        foreignKeys: [fk('FK_lead_activities_lead', 'leadId', 'leads', 'CASCADE'), fk('FK_lead_activities_actor', 'actorId', 'users', 'SET NULL')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'inbound_mail',
        columns: [
          id(),
          c('fromAddress', { type: 'varchar', length: '254' }),
          c('toAddress', { type: 'varchar', length: '500' }),
          c('subject', { type: 'varchar', length: '250' }),
          c('body', { type: 'text' }),
          createdAt('receivedAt'),
        ],
        indices: [new TableIndex({ name: 'IDX_inbound_mail_received', columnNames: ['receivedAt'] })],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('inbound_mail');
    await queryRunner.dropTable('lead_activities');
    await queryRunner.dropTable('lead_messages');
    await queryRunner.dropTable('leads');
  }
}
