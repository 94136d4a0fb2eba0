import type { DataSource } from 'typeorm';

/** The two SQL dialects the API runs on: SQLite (better-sqlite3) and MySQL/MariaDB. */
export type SqlEngine = 'sqlite' | 'mysql';

/** The SQL dialect of a connection. */
export function sqlEngineOf(dataSource: DataSource): SqlEngine {
  return dataSource.options.type === 'better-sqlite3' ? 'sqlite' : 'mysql';
}
