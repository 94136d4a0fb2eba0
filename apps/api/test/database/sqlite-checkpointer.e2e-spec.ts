import { copyFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteDatabase } from '@app/shared/server';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/infra/config/app-config';
import { dataSourceOptions } from '../../src/infra/database/data-source-options';
import { resolveDatabaseSettings } from '../../src/infra/database/server-flavor';
import { CHECKPOINT_INTERVAL_MS, SqliteCheckpointer } from '../../src/infra/database/sqlite-checkpointer';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const engine = process.env.TEST_DB;

describe('SQLite checkpoints on a thread of their own', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let checkpointer: SqliteCheckpointer;
  const pragma = async (name: string) => Number(Object.values(((await dataSource.query(`PRAGMA ${name}`)) as Record<string, unknown>[])[0])[0]);
  /** Commits `pages` pages' worth of rows (4 KB each) in transactions of 100. */
  const write = async (pages: number) => {
    for (let from = 0; from < pages; from += 100) {
      await dataSource.transaction(async (manager) => {
        for (let i = from; i < Math.min(pages, from + 100); i += 1) await manager.query('INSERT INTO checkpoint_scratch (body) VALUES (?)', ['x'.repeat(4000)]);
      });
    }
  };
  /** The rows of the scratch table in the database file without its write-ahead log (a copy of the file alone). */
  const rowsInFileAlone = (file: string) => {
    const copy = join(tmpdir(), `cm-checkpoint-${process.pid}.sqlite`);
    copyFileSync(file, copy);
    const db = new SqliteDatabase(copy, { readonly: true });
    try {
      return Number((db.prepare('SELECT COUNT(*) AS n FROM checkpoint_scratch').get() as { n: number }).n);
    } catch {
      return 0;
    } finally {
      db.close();
      rmSync(copy, { force: true });
    }
  };
  const until = async (done: () => boolean) => {
    for (let waited = 0; !done(); waited += 50) {
      if (waited > 40 * CHECKPOINT_INTERVAL_MS) throw new Error('the checkpointer did not checkpoint');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  beforeEach(async () => {
    database = await createTestDatabase();
    const config = loadConfig({ DATA_DIR: tmpdir(), DATABASE_URL: database.url, SESSION_SECRET: 'x'.repeat(40) });
    dataSource = await new DataSource(dataSourceOptions(await resolveDatabaseSettings(config.database), false)).initialize();
    checkpointer = new SqliteCheckpointer(dataSource);
    await checkpointer.onApplicationBootstrap();
  });
  afterEach(async () => {
    await checkpointer.onModuleDestroy();
    await dataSource.destroy();
    await database.drop();
  });

  (engine === 'sqlite' ? it : it.skip)('copies committed pages into the file while the connection never checkpoints itself', async () => {
    expect(checkpointer.running).toBe(true);
    expect(await pragma('wal_autocheckpoint')).toBe(0);
    await dataSource.query('CREATE TABLE checkpoint_scratch (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
    const file = database.url.slice('sqlite:'.length);
    for (let burst = 1; burst <= 3; burst += 1) {
      // More than the 1,000 pages after which the connection would have checkpointed itself.
      await write(1500);
      // The rows reach the database file itself (a copy of it without its log holds them): only the thread copies them there.
      await until(() => rowsInFileAlone(file) === burst * 1500);
    }
    expect(checkpointer.lastCheckpoint!.checkpointed).toBeGreaterThan(0);
    // Once all is copied, the next writer starts the log again from the top: it holds one burst, not all three.
    expect(statSync(`${file}-wal`).size).toBeLessThan(2 * 1500 * 4096);
  });

  (engine === 'sqlite' ? it : it.skip)('hands checkpoints back to the connection when it stops', async () => {
    await checkpointer.onModuleDestroy();
    expect(checkpointer.running).toBe(false);
    expect(await pragma('wal_autocheckpoint')).toBe(1000);
  });

  (engine === 'mariadb' ? it : it.skip)('has nothing to do on MariaDB', async () => {
    expect(checkpointer.running).toBe(false);
    expect(((await dataSource.query('SELECT 1 AS one')) as { one: number }[])[0].one).toBe(1);
  });
});
