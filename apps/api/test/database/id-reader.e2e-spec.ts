import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/infra/config/app-config';
import { dataSourceOptions } from '../../src/infra/database/data-source-options';
import { IdReader } from '../../src/infra/database/id-reader';
import { resolveDatabaseSettings } from '../../src/infra/database/server-flavor';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const engine = process.env.TEST_DB;

/** About a fifth of a second of SQLite's work answering one row, whatever the tables hold (little: other test files measure latencies meanwhile). */
const SLOW_SQL = 'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 1000000) SELECT MAX(x) FROM n';

describe('IdReader: statements answering ids, off the thread that answers requests on SQLite', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let reader: IdReader;

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig({ DATA_DIR: tmpdir(), DATABASE_URL: database.url, SESSION_SECRET: 'x'.repeat(40) });
    dataSource = await new DataSource(dataSourceOptions(await resolveDatabaseSettings(config.database), false)).initialize();
    await dataSource.query('CREATE TABLE id_scratch (id INTEGER PRIMARY KEY, label VARCHAR(20) NOT NULL)');
    reader = new IdReader(dataSource);
  });
  afterAll(async () => {
    await reader.onModuleDestroy();
    await dataSource.destroy();
    await database.drop();
  });

  it('answers the first column of each row, in order, as the connection does: on a thread of its own on SQLite, on the connection on MariaDB', async () => {
    expect(reader.offThread).toBe(engine === 'sqlite');
    await dataSource.query("INSERT INTO id_scratch (id, label) VALUES (3, 'c'), (1, 'a'), (2, 'b'), (40000, 'a')");
    const sql = 'SELECT id, label FROM id_scratch WHERE label IN (?, ?) ORDER BY id DESC';
    const ids = await reader.ids(sql, ['a', 'c']);
    // An Int32Array (of Node's realm when handed over by the thread: not Jest's Int32Array).
    expect(Object.prototype.toString.call(ids)).toBe('[object Int32Array]');
    expect([...ids]).toEqual([40000, 3, 1]);
    expect([...ids]).toEqual(((await dataSource.query(sql, ['a', 'c'])) as { id: number }[]).map((r) => Number(r.id)));
    expect([...(await reader.ids('SELECT id FROM id_scratch WHERE id > ?', [99999]))]).toEqual([]);
  });

  it('answers ids with a score each (the second column, fractions kept) when asked for scored rows', async () => {
    const sql = "SELECT id, id / 4.0 AS score FROM id_scratch WHERE label IN ('a', 'c') ORDER BY score DESC";
    const { ids, scores } = await reader.scored(sql);
    expect(Object.prototype.toString.call(scores)).toBe('[object Float64Array]');
    expect([...ids]).toEqual([40000, 3, 1]);
    expect([...scores]).toEqual([10000, 0.75, 0.25]);
    const none = await reader.scored('SELECT id, 1 FROM id_scratch WHERE id > ?', [99999]);
    expect([none.ids.length, none.scores.length]).toEqual([0, 0]);
  });

  it('reads what the connection committed a moment before', async () => {
    for (let k = 0; k < 5; k += 1) {
      await dataSource.query('INSERT INTO id_scratch (id, label) VALUES (?, ?)', [100 + k, 'fresh']);
      expect([...(await reader.ids("SELECT id FROM id_scratch WHERE label = 'fresh' ORDER BY id"))]).toEqual(Array.from({ length: k + 1 }, (_, i) => 100 + i));
    }
  });

  (engine === 'sqlite' ? it : it.skip)('keeps the thread free while a statement runs: timers fire meanwhile', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 5);
    const started = performance.now();
    try {
      expect([...(await reader.ids(SLOW_SQL))]).toEqual([1_000_000]);
    } finally {
      clearInterval(timer);
    }
    const took = performance.now() - started;
    // The same statement on the connection blocks the thread: no timer fires until it ends.
    let blockedTicks = 0;
    const blockedTimer = setInterval(() => (blockedTicks += 1), 5);
    await dataSource.query(SLOW_SQL);
    clearInterval(blockedTimer);
    expect(took).toBeGreaterThan(50);
    expect(ticks).toBeGreaterThan(took / 5 / 4);
    expect(blockedTicks).toBeLessThanOrEqual(1);
  });

  it('fails a statement SQLite refuses with its code, and goes on answering', async () => {
    await expect(reader.ids('SELECT id FROM no_such_table')).rejects.toMatchObject(engine === 'sqlite' ? { code: 'SQLITE_ERROR', message: expect.stringContaining('no_such_table') } : { message: expect.stringContaining('no_such_table') });
    expect([...(await reader.ids('SELECT id FROM id_scratch WHERE id = ?', [2]))]).toEqual([2]);
  });

  it('runs a statement calling a function the app registers on its connection (REGEXP) there', async () => {
    expect([...(await reader.ids('SELECT id FROM id_scratch WHERE label REGEXP ? ORDER BY id', ['^fr']))]).toEqual([100, 101, 102, 103, 104]);
  });

  (engine === 'sqlite' ? it : it.skip)('answers on the connection when its thread cannot open the file, what was waiting too', async () => {
    // The same connection, named a file in a folder that does not exist: the thread fails as it opens it.
    const elsewhere = Object.create(dataSource, { options: { value: { ...dataSource.options, database: join(tmpdir(), `cm-no-such-folder-${process.pid}`, 'x.sqlite') } } }) as DataSource;
    const own = new IdReader(elsewhere);
    expect(own.offThread).toBe(true);
    expect(await Promise.all([own.ids('SELECT id FROM id_scratch WHERE id = ?', [3]), own.ids('SELECT id FROM id_scratch WHERE id = ?', [2])])).toEqual([Int32Array.of(3), Int32Array.of(2)]);
    expect(own.offThread).toBe(false);
    await own.onModuleDestroy();
  });

  (engine === 'sqlite' ? it : it.skip)('finishes what it was asked before it stops, then runs statements on the connection', async () => {
    const own = new IdReader(dataSource);
    const slow = own.ids(SLOW_SQL);
    await own.onModuleDestroy();
    expect([...(await slow)]).toEqual([1_000_000]);
    expect(own.offThread).toBe(false);
    expect([...(await own.ids('SELECT id FROM id_scratch WHERE id = ?', [3]))]).toEqual([3]);
  });
});
