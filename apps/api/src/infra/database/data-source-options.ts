import type { DataSourceOptions } from 'typeorm';
import type { ResolvedDatabaseSettings } from '../config/database-url';
import { MIGRATIONS } from './migrations';
import { SqliteDatabase } from '@app/shared/server';
import { registerSqliteFunctions } from './sqlite-functions';

/**
 * TypeORM options for either engine. Schema changes always go through migrations
 * (`synchronize` is never on); they run at start and by `npm run migration:run`. The app's connection
 * gets its entities from the modules (each registers its own with TypeOrmModule.forFeature); a
 * stand-alone connection (migrations, tests) names the few it reads, if any.
 */
export function dataSourceOptions(db: ResolvedDatabaseSettings, logErrors = true, entities: DataSourceOptions['entities'] = []): DataSourceOptions {
  const common = {
    entities,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    migrationsRun: false,
    synchronize: false,
    logging: logErrors ? (['error', 'warn'] as ('error' | 'warn')[]) : false,
  };
  if (db.type === 'sqlite') {
    return {
      ...common,
      // TypeORM's better-sqlite3 dialect, on Node's own SQLite (node-sqlite.ts says why).
      type: 'better-sqlite3',
      driver: SqliteDatabase,
      database: db.path,
      enableWAL: db.path !== ':memory:',
      prepareDatabase: (conn: SqliteDatabase) => {
        conn.pragma('busy_timeout = 5000');
        conn.pragma('synchronous = NORMAL');
        registerSqliteFunctions(conn);
      },
    };
  }
  return {
    ...common,
    type: db.flavor,
    host: db.host,
    port: db.port,
    username: db.username,
    password: db.password,
    database: db.database,
    charset: 'utf8mb4_unicode_ci',
    timezone: 'Z',
    extra: { connectionLimit: 20, waitForConnections: true, enableKeepAlive: true },
  };
}
