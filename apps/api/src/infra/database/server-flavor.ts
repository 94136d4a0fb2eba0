import { createConnection } from 'mysql2/promise';
import type { DatabaseSettings, ResolvedDatabaseSettings } from '../config/database-url';

/**
 * `mysql://` may point at MySQL 8 or MariaDB; TypeORM reads MariaDB's schema correctly only with its
 * `mariadb` driver type, so the server is asked once, at start.
 */
export async function resolveDatabaseSettings(db: DatabaseSettings): Promise<ResolvedDatabaseSettings> {
  if (db.type === 'sqlite') return db;
  const connection = await createConnection({
    host: db.host,
    port: db.port,
    user: db.username,
    password: db.password,
    database: db.database,
    connectTimeout: 10_000,
  });
  try {
    const [rows] = await connection.query<{ version: string }[] & import('mysql2').RowDataPacket[]>('SELECT VERSION() AS version');
    return { ...db, flavor: /mariadb/i.test(rows[0]?.version ?? '') ? 'mariadb' : 'mysql' };
  } finally {
    await connection.end();
  }
}
