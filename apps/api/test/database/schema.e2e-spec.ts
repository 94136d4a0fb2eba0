import { DataSource } from 'typeorm';
import { KEYWORD_TABLE } from '../../src/modules/vehicles/search/keyword-match';
import { startTestApp, type TestApp } from '../support/test-app';

describe('migrations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('leave no difference between the entities and the schema', async () => {
    const dataSource = t.app.get(DataSource);
    const pending = await dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('leave no table without an entity: every module registers its own entities', async () => {
    const dataSource = t.app.get(DataSource);
    const sql =
      t.database.engine === 'sqlite'
        ? `SELECT name FROM sqlite_master WHERE type = 'table'`
        : 'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()';
    const tables = ((await dataSource.query(sql)) as { name: string }[])
      .map((row) => row.name)
      // SQLite's keyword index is an FTS5 table with its shadow tables (MariaDB's is a FULLTEXT index).
      .filter((name) => name !== 'migrations' && !name.startsWith('sqlite_') && !name.startsWith(KEYWORD_TABLE));
    expect(tables.length).toBeGreaterThanOrEqual(16);
    expect(dataSource.entityMetadatas.map((m) => m.tableName).sort()).toEqual(tables.sort());
  });

  it('have all been applied at start', async () => {
    await expect(t.app.get(DataSource).showMigrations()).resolves.toBe(false);
  });

  it('enforce foreign keys', async () => {
    const dataSource = t.app.get(DataSource);
    await expect(
      dataSource.query(
        `INSERT INTO vehicles (userId, make, model, year, mileage, price, \`condition\`, features, images, location, zipCode, contactPhone, contactEmail, vin, recentServices)
         VALUES (999999, 'BMW', 'X5', 2020, 1, 1, 'good', '[]', '[]', 'x', '10001', '1', 'a@b.co', '12345678901234567', '[]')`,
      ),
    ).rejects.toThrow(/foreign key/i);
  });
});
