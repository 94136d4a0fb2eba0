import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';

/** MariaDB of this machine (and of CI): override with TEST_MARIADB_URL. */
const MARIADB_URL = process.env.TEST_MARIADB_URL ?? 'mysql://root@127.0.0.1:3306/test';

export interface TestDatabase {
  engine: 'sqlite' | 'mariadb';
  url: string;
  drop(): Promise<void>;
}

/** A database of its own for one test file, on the engine the jest project chose (TEST_DB). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `cm_test_${process.env.JEST_WORKER_ID ?? '0'}_${randomBytes(4).toString('hex')}`;
  if (process.env.TEST_DB === 'mariadb') {
    const server = new URL(MARIADB_URL);
    const admin = await createConnection({ host: server.hostname, port: Number(server.port || 3306), user: decodeURIComponent(server.username), password: decodeURIComponent(server.password) });
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await admin.end();
    server.pathname = `/${name}`;
    return {
      engine: 'mariadb',
      url: server.toString(),
      drop: async () => {
        const conn = await createConnection({ host: server.hostname, port: Number(server.port || 3306), user: decodeURIComponent(server.username), password: decodeURIComponent(server.password) });
        await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
        await conn.end();
      },
    };
  }
  const file = join(tmpdir(), `${name}.sqlite`);
  return {
    engine: 'sqlite',
    url: `sqlite:${file}`,
    drop: async () => {
      for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    },
  };
}
