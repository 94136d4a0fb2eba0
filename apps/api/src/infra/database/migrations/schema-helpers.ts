import { QueryRunner, TableColumnOptions } from 'typeorm';

type ColumnSpec = Omit<TableColumnOptions, 'name' | 'type'> & { type: string };

/**
 * Column definitions for migrations that run on SQLite and MySQL/MariaDB alike: every type goes through
 * the driver's own normalisation, exactly as the entity metadata does, so the schema diff stays empty.
 */
export function columnsFor(queryRunner: QueryRunner) {
  const driver = queryRunner.connection.driver;
  const types = driver.mappedDataTypes;
  const isSqlite = driver.options.type === 'better-sqlite3';

  const column = (name: string, spec: ColumnSpec): TableColumnOptions => ({
    ...spec,
    name,
    type: driver.normalizeType({ type: spec.type as never, length: spec.length, precision: spec.precision, scale: spec.scale }),
  });

  return {
    column,
    id: (name = 'id'): TableColumnOptions => ({
      name,
      type: isSqlite ? 'integer' : 'int',
      isPrimary: true,
      isGenerated: true,
      generationStrategy: 'increment',
    }),
    createdAt: (name = 'createdAt'): TableColumnOptions => ({
      name,
      type: types.createDate as string,
      precision: types.createDatePrecision,
      default: types.createDateDefault,
    }),
    updatedAt: (name = 'updatedAt'): TableColumnOptions => ({
      name,
      type: types.updateDate as string,
      precision: types.updateDatePrecision,
      default: types.updateDateDefault,
      onUpdate: isSqlite ? undefined : (types.updateDateDefault as string),
    }),
  };
}
