import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { loadConfig } from '../../src/infra/config/app-config';
import { dataSourceOptions } from '../../src/infra/database/data-source-options';
import { MIGRATIONS } from '../../src/infra/database/migrations';
import { migrateUnderLock } from '../../src/infra/database/migrate';
import { resolveDatabaseSettings } from '../../src/infra/database/server-flavor';
import { startTestApp } from '../support/test-app';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const engine = process.env.TEST_DB;

// These tests migrate empty databases (the other API tests copy a migrated template): 10-30 s on a loaded MariaDB.
jest.setTimeout(120_000);

describe('migrations at start', () => {
  let database: TestDatabase;
  const dataDir = mkdtempSync(join(tmpdir(), 'cm-migrate-'));
  const open = async () => {
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: database.url, SESSION_SECRET: 'x'.repeat(40) });
    return new DataSource(dataSourceOptions(await resolveDatabaseSettings(config.database), false)).initialize();
  };
  const appliedNames = async () => {
    const ds = await open();
    try {
      return ((await ds.query('SELECT name FROM migrations ORDER BY id')) as { name: string }[]).map((r) => r.name);
    } finally {
      await ds.destroy();
    }
  };

  beforeEach(async () => {
    database = await createTestDatabase({ migrated: false });
  });
  afterEach(async () => {
    await database.drop();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  (engine === 'mariadb' ? it : it.skip)('runs once when three instances start together (GET_LOCK)', async () => {
    const sources = await Promise.all([open(), open(), open()]);
    try {
      const applied = await Promise.all(sources.map((ds) => migrateUnderLock(ds)));
      expect(applied.map((a) => a.length).sort()).toEqual([0, 0, MIGRATIONS.length]);
    } finally {
      await Promise.all(sources.map((ds) => ds.destroy()));
    }
    expect(await appliedNames()).toHaveLength(MIGRATIONS.length);
  });

  (engine === 'sqlite' ? it : it.skip)('waits while another process holds the file exclusively, then migrates once', async () => {
    const file = database.url.slice('sqlite:'.length);
    // Another process takes the write lock first and keeps it for 1.5 s.
    const holder = spawn(
      process.execPath,
      ['--disable-warning=ExperimentalWarning', '-e', `const db = new (require('node:sqlite').DatabaseSync)(${JSON.stringify(file)}); db.exec('PRAGMA journal_mode = WAL'); db.exec('BEGIN EXCLUSIVE'); console.log('locked'); setTimeout(() => { db.exec('COMMIT'); db.close(); }, 1500);`],
      { cwd: join(__dirname, '../../../..'), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
    const started = Date.now();
    const ds = await open();
    try {
      expect(await migrateUnderLock(ds)).toHaveLength(MIGRATIONS.length);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
      expect(await migrateUnderLock(ds)).toHaveLength(0);
    } finally {
      await ds.destroy();
      holder.kill();
    }
    expect(await appliedNames()).toHaveLength(MIGRATIONS.length);
  });

  it('with MIGRATE_ON_START=false refuses to start on an unmigrated database, naming the release step', async () => {
    await expect(startTestApp({ MIGRATE_ON_START: 'false', DATABASE_URL: database.url })).rejects.toThrow(
      /MIGRATE_ON_START=false and \d+ migration\(s\) are not applied .*npm run migration:run/,
    );
    expect(await appliedNames().catch(() => [])).toEqual([]);
  });

  it('with MIGRATE_ON_START=false starts once the release step has migrated', async () => {
    const ds = await open();
    await migrateUnderLock(ds);
    await ds.destroy();
    const t = await startTestApp({ MIGRATE_ON_START: 'false', DATABASE_URL: database.url });
    try {
      expect((await t.client().get('/api/ready')).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
