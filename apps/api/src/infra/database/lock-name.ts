import { createHash } from 'node:crypto';

/**
 * The name of a MySQL/MariaDB named lock (GET_LOCK) for one purpose (migrations, a job) on one database. Lock
 * names are server-wide, so the name carries the database's: instances of one database exclude each other, and
 * other databases on the same server (staging beside production, each test file's own) neither wait nor skip.
 * At most 64 characters, as GET_LOCK accepts: a long database name is hashed.
 */
export function databaseLockName(database: string, purpose: string): string {
  const name = `carmarket:${purpose}:${database}`;
  return name.length <= 64 ? name : `carmarket:${purpose}:${createHash('sha256').update(database).digest('hex').slice(0, Math.max(16, 53 - purpose.length))}`;
}
