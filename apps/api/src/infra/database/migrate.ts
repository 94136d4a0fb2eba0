import { Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource, type Migration, MigrationExecutor } from 'typeorm';
import { databaseLockName } from './lock-name';
import { sqlEngineOf } from './sql-engine';

/** How long an instance waits for another one's migrations before giving up. */
const LOCK_WAIT_SECONDS = 300;

const logger = new Logger('Migrations');

/**
 * Applies pending migrations so that instances starting together migrate once: the first takes the lock
 * and migrates, the others wait for it and then find nothing pending.
 * - MySQL/MariaDB: a named lock (GET_LOCK) held on a connection of its own while the migrations run (each
 *   in its own transaction where the engine allows one; DDL commits implicitly there anyway).
 * - SQLite: every pending migration inside one `BEGIN EXCLUSIVE` transaction on the single connection;
 *   another process on the same file waits for it (busy timeout, retried) and then sees them applied.
 */
export async function migrateUnderLock(dataSource: DataSource): Promise<Migration[]> {
  return sqlEngineOf(dataSource) === 'sqlite' ? migrateSqlite(dataSource) : migrateWithNamedLock(dataSource);
}

/** Names of migrations the database has not applied yet. */
export async function pendingMigrationNames(dataSource: DataSource): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  try {
    const executor = new MigrationExecutor(dataSource, runner);
    return (await executor.getPendingMigrations()).map((m) => m.name);
  } finally {
    await runner.release();
  }
}

async function migrateWithNamedLock(dataSource: DataSource): Promise<Migration[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  // Named after the database: instances of this database wait for each other, other databases do not.
  const lock = databaseLockName(String(dataSource.options.database), 'migrations');
  try {
    const [row] = (await runner.query('SELECT GET_LOCK(?, ?) AS acquired', [lock, LOCK_WAIT_SECONDS])) as { acquired: number | string | null }[];
    if (Number(row?.acquired) !== 1) {
      throw new Error(`Another instance held the migration lock for ${LOCK_WAIT_SECONDS} s; not starting on a half-migrated schema`);
    }
    try {
      return logApplied(await dataSource.runMigrations({ transaction: 'each' }));
    } finally {
      await runner.query('SELECT RELEASE_LOCK(?)', [lock]);
    }
  } finally {
    await runner.release();
  }
}

async function migrateSqlite(dataSource: DataSource): Promise<Migration[]> {
  const runner = dataSource.createQueryRunner();
  try {
    // Outside a transaction only: table rebuilds of SQLite migrations must not cascade.
    await runner.query('PRAGMA foreign_keys = OFF');
    await beginExclusive(runner);
    try {
      // The executor sees no active TypeORM transaction but is told not to open one: ours holds them all.
      const executor = new MigrationExecutor(dataSource, runner);
      executor.transaction = 'none';
      const applied = await executor.executePendingMigrations();
      await runner.query('COMMIT');
      return logApplied(applied);
    } catch (error) {
      await runner.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    await runner.query('PRAGMA foreign_keys = ON');
    await runner.release();
  }
}

/** BEGIN EXCLUSIVE, retried while another process holds the file (each try waits the busy timeout). */
async function beginExclusive(runner: ReturnType<DataSource['createQueryRunner']>): Promise<void> {
  const deadline = Date.now() + LOCK_WAIT_SECONDS * 1000;
  for (;;) {
    try {
      await runner.query('BEGIN EXCLUSIVE');
      return;
    } catch (error) {
      const busy = /SQLITE_BUSY|database is locked/i.test(String((error as Error).message)) || (error as { driverError?: { code?: string } }).driverError?.code === 'SQLITE_BUSY';
      if (!busy || Date.now() > deadline) throw error;
      await sleep(100);
    }
  }
}

function logApplied(applied: Migration[]): Migration[] {
  if (applied.length > 0) logger.log(`Applied ${applied.length} migration(s): ${applied.map((m) => m.name).join(', ')}`);
  return applied;
}
