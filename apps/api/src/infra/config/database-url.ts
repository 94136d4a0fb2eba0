import { isAbsolute, resolve } from 'node:path';
import { ConfigError } from './config-error';

export type DatabaseSettings =
  | { type: 'sqlite'; path: string }
  | { type: 'mysql'; host: string; port: number; username: string; password: string; database: string };

/** Connection settings once the server has been asked what it is (MySQL or MariaDB). */
export type ResolvedDatabaseSettings =
  | { type: 'sqlite'; path: string }
  | (Extract<DatabaseSettings, { type: 'mysql' }> & { flavor: 'mysql' | 'mariadb' });

/**
 * `DATABASE_URL`: unset or `sqlite:<path>` is the embedded SQLite file (default under the data folder);
 * `mysql://user:pass@host:port/db` (or `mariadb://`) is MySQL 8 / MariaDB.
 */
export function parseDatabaseUrl(url: string | undefined, dataDir: string): DatabaseSettings {
  if (url === undefined) return { type: 'sqlite', path: resolve(dataDir, 'carmarket.sqlite') };
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length).replace(/^\/\//, '');
    if (path === '') throw new ConfigError('DATABASE_URL', 'sqlite: needs a file path, e.g. sqlite:./data/app.sqlite');
    return { type: 'sqlite', path: path === ':memory:' ? path : isAbsolute(path) ? path : resolve(path) };
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError('DATABASE_URL', 'is not a valid URL: use sqlite:<path> or mysql://user:pass@host:port/db');
  }
  if (parsed.protocol !== 'mysql:' && parsed.protocol !== 'mariadb:') {
    throw new ConfigError(
      'DATABASE_URL',
      `has an unsupported scheme "${parsed.protocol.replace(':', '')}": use sqlite:<path> or mysql://user:pass@host:port/db`,
    );
  }
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
  if (!parsed.hostname || !database) {
    throw new ConfigError('DATABASE_URL', 'must name a host and a database: mysql://user:pass@host:port/db');
  }
  return {
    type: 'mysql',
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : 3306,
    username: decodeURIComponent(parsed.username || 'root'),
    password: decodeURIComponent(parsed.password),
    database,
  };
}
