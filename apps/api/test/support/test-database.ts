import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection, type Connection, type RowDataPacket } from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { parseDatabaseUrl } from '../../src/infra/config/database-url';
import { dataSourceOptions } from '../../src/infra/database/data-source-options';
import { migrateUnderLock } from '../../src/infra/database/migrate';
import { resolveDatabaseSettings } from '../../src/infra/database/server-flavor';

/** MariaDB of this machine (and of CI): override with TEST_MARIADB_URL. */
const MARIADB_URL = process.env.TEST_MARIADB_URL ?? 'mysql://root@127.0.0.1:3306/test';

export type TestEngine = 'sqlite' | 'mariadb';

export interface TestDatabase {
  engine: TestEngine;
  url: string;
  drop(): Promise<void>;
}

/**
 * The migrated template of one engine, made once per jest run (global-setup.ts) and named to the workers by an
 * environment variable: SQLite, the path of a migrated file; MariaDB, the path of a JSON file with the template
 * database's name, its `SHOW CREATE TABLE` statements and the tables migrations put rows in.
 */
const TEMPLATE_ENV: Record<TestEngine, string> = { sqlite: 'CM_TEST_TEMPLATE_SQLITE', mariadb: 'CM_TEST_TEMPLATE_MARIADB' };

interface MariadbTemplate {
  database: string;
  /** CREATE TABLE statements of every table, foreign keys included (replayed with the key checks off). */
  tables: string[];
  /** Tables that hold rows after the migrations (the migrations table, seeded state), copied row by row. */
  tablesWithRows: string[];
}

/**
 * A database of its own for one test file, on the engine the jest project chose (TEST_DB). Migrated (a copy
 * of the run's template, so the app finds no migration pending) unless `migrated: false` asks for an empty one.
 */
export async function createTestDatabase({ migrated = true }: { migrated?: boolean } = {}): Promise<TestDatabase> {
  const name = `cm_test_${process.env.JEST_WORKER_ID ?? '0'}_${randomBytes(4).toString('hex')}`;
  const template = migrated ? process.env[TEMPLATE_ENV[engineUnderTest()]] : undefined;
  if (engineUnderTest() === 'mariadb') {
    const server = new URL(MARIADB_URL);
    const admin = await connectMariadb(server, true);
    try {
      await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      if (template) await admin.query(copySql(JSON.parse(readFileSync(template, 'utf8')) as MariadbTemplate, name));
    } finally {
      await admin.end();
    }
    server.pathname = `/${name}`;
    return {
      engine: 'mariadb',
      url: server.toString(),
      drop: async () => {
        const conn = await connectMariadb(server, false);
        await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
        await conn.end();
      },
    };
  }
  const file = join(tmpdir(), `${name}.sqlite`);
  if (template) copyFileSync(template, file);
  return {
    engine: 'sqlite',
    url: `sqlite:${file}`,
    drop: async () => removeSqlite(file),
  };
}

function engineUnderTest(): TestEngine {
  return process.env.TEST_DB === 'mariadb' ? 'mariadb' : 'sqlite';
}

/** One round trip: the tables of the template (foreign keys checked again once all exist) and its rows. */
function copySql(template: MariadbTemplate, target: string): string {
  return [
    `USE \`${target}\``,
    'SET FOREIGN_KEY_CHECKS = 0',
    ...template.tables,
    ...template.tablesWithRows.map((table) => `INSERT INTO \`${target}\`.\`${table}\` SELECT * FROM \`${template.database}\`.\`${table}\``),
    'SET FOREIGN_KEY_CHECKS = 1',
  ].join(';\n');
}

function connectMariadb(server: URL, multipleStatements: boolean): Promise<Connection> {
  return createConnection({
    host: server.hostname,
    port: Number(server.port || 3306),
    user: decodeURIComponent(server.username),
    password: decodeURIComponent(server.password),
    multipleStatements,
  });
}

function removeSqlite(file: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(file + suffix, { force: true });
}

/** A short hash of the migrations folder, in the template's name (a stale template is never mistaken for this one). */
function migrationsHash(): string {
  const folder = join(__dirname, '../../src/infra/database/migrations');
  const hash = createHash('sha256');
  for (const entry of readdirSync(folder).sort()) hash.update(entry).update(readFileSync(join(folder, entry)));
  return hash.digest('hex').slice(0, 10);
}

/** Runs the app's migrations (the production code path, migrateUnderLock) on an empty database. */
async function migrate(url: string): Promise<void> {
  const settings = await resolveDatabaseSettings(parseDatabaseUrl(url, tmpdir()));
  const dataSource = await new DataSource(dataSourceOptions(settings, false)).initialize();
  try {
    await migrateUnderLock(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

/**
 * Jest global setup (per API project): migrates a template of the engine once and names it to the workers.
 * Answers the environment variable it set.
 */
export async function prepareTemplate(engine: TestEngine): Promise<string> {
  const label = `cm_tpl_${migrationsHash()}_${process.pid}_${randomBytes(3).toString('hex')}`;
  if (engine === 'sqlite') {
    const file = join(tmpdir(), `${label}.sqlite`);
    await migrate(`sqlite:${file}`);
    // Closing the last connection checkpoints the WAL into the file: a plain copy is then the whole database.
    if (existsSync(`${file}-wal`)) throw new Error(`the SQLite template ${file} still has a WAL after closing`);
    process.env[TEMPLATE_ENV.sqlite] = file;
    return file;
  }
  const server = new URL(MARIADB_URL);
  const admin = await connectMariadb(server, false);
  try {
    await admin.query(`CREATE DATABASE \`${label}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    const url = new URL(MARIADB_URL);
    url.pathname = `/${label}`;
    await migrate(url.toString());
    const [names] = await admin.query<RowDataPacket[]>(
      `SELECT TABLE_NAME AS name, TABLE_ROWS AS estimate FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME`,
      [label],
    );
    if (names.length === 0) throw new Error(`the migrations made no table in ${label}`);
    const tables: string[] = [];
    const tablesWithRows: string[] = [];
    for (const { name } of names as { name: string }[]) {
      const [[created]] = await admin.query<RowDataPacket[]>(`SHOW CREATE TABLE \`${label}\`.\`${name}\``);
      tables.push(String(created['Create Table']));
      const [[count]] = await admin.query<RowDataPacket[]>(`SELECT COUNT(*) AS n FROM \`${label}\`.\`${name}\``);
      if (Number(count.n) > 0) tablesWithRows.push(name);
    }
    const views = await admin.query<RowDataPacket[]>(`SELECT COUNT(*) AS n FROM information_schema.VIEWS WHERE TABLE_SCHEMA = ?`, [label]);
    const triggers = await admin.query<RowDataPacket[]>(`SELECT COUNT(*) AS n FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = ?`, [label]);
    if (Number(views[0][0].n) + Number(triggers[0][0].n) > 0) {
      throw new Error('the migrations made views or triggers, which the test template does not copy: teach test-database.ts to');
    }
    const file = join(tmpdir(), `${label}.json`);
    writeFileSync(file, JSON.stringify({ database: label, tables, tablesWithRows } satisfies MariadbTemplate));
    process.env[TEMPLATE_ENV.mariadb] = file;
    return file;
  } finally {
    await admin.end();
  }
}

/** Jest global teardown: removes the run's template of the engine (the file, or the database and its JSON). */
export async function dropTemplate(engine: TestEngine): Promise<void> {
  const template = process.env[TEMPLATE_ENV[engine]];
  if (!template) return;
  delete process.env[TEMPLATE_ENV[engine]];
  if (engine === 'sqlite') return removeSqlite(template);
  const { database } = JSON.parse(readFileSync(template, 'utf8')) as MariadbTemplate;
  const admin = await connectMariadb(new URL(MARIADB_URL), false);
  try {
    await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
  } finally {
    await admin.end();
    rmSync(template, { force: true });
  }
}
