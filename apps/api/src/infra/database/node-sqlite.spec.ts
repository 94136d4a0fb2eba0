import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { sqliteCodeName, SqliteDatabase } from '@app/shared/server';
import { isDatabaseUnavailable } from './unavailable-errors';

describe('SqliteDatabase (better-sqlite3 behaviour on node:sqlite)', () => {
  let db: SqliteDatabase;
  beforeEach(() => {
    db = new SqliteDatabase(':memory:');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE, data BLOB)');
  });
  afterEach(() => db.close());

  it('answers rows as plain objects with Buffers for BLOBs', () => {
    db.prepare('INSERT INTO t (name, data) VALUES (?, ?)').run('a', Buffer.from('hi'));
    const row = db.prepare('SELECT * FROM t').get() as { id: number; name: string; data: Buffer };
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Buffer.isBuffer(row.data)).toBe(true);
    expect(row.data.toString()).toBe('hi');
    expect(row).toStrictEqual({ id: 1, name: 'a', data: Buffer.from('hi') });
  });

  it('tells statements that answer rows (reader) from the others', () => {
    expect(db.prepare('SELECT 1').reader).toBe(true);
    expect(db.prepare('INSERT INTO t (name) VALUES (?) RETURNING id').reader).toBe(true);
    expect(db.prepare('UPDATE t SET name = ?').reader).toBe(false);
  });

  it('answers changes and the last row id, and binds an array as its elements', () => {
    expect(db.prepare('INSERT INTO t (name) VALUES (?), (?)').run(['x', 'y'])).toEqual({ changes: 2, lastInsertRowid: 2 });
    expect(db.prepare('SELECT name FROM t WHERE id IN (?, ?) ORDER BY id').all(1, 2)).toEqual([{ name: 'x' }, { name: 'y' }]);
  });

  it("gives errors better-sqlite3's codes, which the error mapping reads", () => {
    db.prepare('INSERT INTO t (name) VALUES (?)').run('dup');
    let caught: unknown;
    try {
      db.prepare('INSERT INTO t (name) VALUES (?)').run('dup');
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE', errcode: 2067 });
    expect(sqliteCodeName(5)).toBe('SQLITE_BUSY');
    expect(sqliteCodeName(773)).toBe('SQLITE_BUSY_TIMEOUT');
    expect(sqliteCodeName(4874)).toBe('SQLITE_IOERR'); // an extended I/O code the table does not name
    expect(isDatabaseUnavailable({ driverError: { code: sqliteCodeName(773) } })).toBe(true);
  });

  it('reads pragmas, whole or simple', () => {
    expect(db.pragma('user_version', { simple: true })).toBe(0);
    db.pragma('user_version = 7');
    expect(db.pragma('user_version')).toEqual([{ user_version: 7 }]);
  });

  it('rolls a transaction back when its function throws', () => {
    const insertBoth = db.transaction((a: string, b: string) => {
      db.prepare('INSERT INTO t (name) VALUES (?)').run(a);
      db.prepare('INSERT INTO t (name) VALUES (?)').run(b);
    });
    expect(() => insertBoth('same', 'same')).toThrow(expect.objectContaining({ code: 'SQLITE_CONSTRAINT_UNIQUE' }) as Error);
    expect(db.inTransaction).toBe(false);
    expect(db.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 0 });
    insertBoth('one', 'two');
    expect(db.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 2 });
  });

  it('runs user functions, FTS5 and the math functions the search uses', () => {
    db.function('twice', { deterministic: true }, ((x: number) => x * 2) as (...args: never[]) => unknown);
    expect(db.prepare('SELECT twice(21) AS v, asin(1) AS a').get()).toEqual({ v: 42, a: Math.PI / 2 });
    db.exec("CREATE VIRTUAL TABLE f USING fts5(body); INSERT INTO f VALUES ('porsche carrera')");
    expect(db.prepare("SELECT body FROM f WHERE f MATCH 'carr*'").all()).toEqual([{ body: 'porsche carrera' }]);
  });

  it('refuses a missing file with fileMustExist, and opens read-only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'node-sqlite-'));
    try {
      const file = join(dir, 'x.sqlite');
      expect(() => new SqliteDatabase(file, { fileMustExist: true })).toThrow(expect.objectContaining({ code: 'SQLITE_CANTOPEN' }) as Error);
      new SqliteDatabase(file).exec('CREATE TABLE a (x)').close();
      const readonly = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
      expect(() => readonly.exec('INSERT INTO a VALUES (1)')).toThrow(expect.objectContaining({ code: 'SQLITE_READONLY' }) as Error);
      readonly.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("is TypeORM's better-sqlite3 driver: queries, unique violations as QueryFailedError with the code", async () => {
    const ds = new DataSource({ type: 'better-sqlite3', driver: SqliteDatabase, database: ':memory:' });
    await ds.initialize();
    try {
      await ds.query('CREATE TABLE u (id INTEGER PRIMARY KEY AUTOINCREMENT, email TEXT UNIQUE, flag BOOLEAN)');
      await ds.query('INSERT INTO u (email, flag) VALUES (?, ?)', ['a@b.c', true]);
      expect(await ds.query('SELECT * FROM u')).toEqual([{ id: 1, email: 'a@b.c', flag: 1 }]);
      await expect(ds.query('INSERT INTO u (email) VALUES (?)', ['a@b.c'])).rejects.toMatchObject({ driverError: { code: 'SQLITE_CONSTRAINT_UNIQUE' } });
      await ds.transaction(async (manager) => {
        await manager.query('INSERT INTO u (email) VALUES (?)', ['in@tx.c']);
      });
      expect(await ds.query('SELECT COUNT(*) AS n FROM u')).toEqual([{ n: 2 }]);
    } finally {
      await ds.destroy();
    }
  });
});
