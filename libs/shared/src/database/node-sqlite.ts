/**
 * SQLite through Node's own `node:sqlite` (SQLite 3.5x built into Node 22+), with the small part of
 * better-sqlite3's API that TypeORM's `better-sqlite3` driver and this code base use. Why: better-sqlite3 has no
 * prebuilt binary reachable from here, so every install compiled SQLite's amalgamation from source (112 s of CPU
 * on these machines, most of a fresh `npm install`); Node ships the same engine (with FTS5 and the math functions
 * the radius search needs). package.json's `allowScripts` therefore no longer builds better-sqlite3 (it stays
 * installed as a dependency of TypeORM and of the VIN decoder, whose JavaScript loads its binary only when a
 * database is opened through it: never here).
 *
 * What differs from better-sqlite3 and is mended here:
 * - rows come back as null-prototype objects and BLOBs as Uint8Array: rows are plain objects, BLOBs Buffers;
 * - errors carry `errcode` (SQLite's extended result code): they get better-sqlite3's `code`
 *   (`SQLITE_CONSTRAINT_UNIQUE`, `SQLITE_BUSY`…), which the error mapping reads;
 * - `stmt.reader`, `db.pragma()`, `db.transaction()` and the `fileMustExist` option are provided.
 * Passed to TypeORM as its driver (apps/api `data-source-options.ts`), so TypeORM's better-sqlite3 dialect runs on
 * it; the VIN decoder's database and the catalog generator open files with it too. Server only (`@app/shared/server`).
 */
import { existsSync } from 'node:fs';
import type * as NodeSqlite from 'node:sqlite';

/** `node:sqlite` warns that it is experimental when first loaded (Node 22; stable in Node 24): load it quietly once. */
function loadNodeSqlite(): typeof NodeSqlite {
  const emit = process.emitWarning;
  process.emitWarning = function quiet(this: unknown, warning: string | Error, ...rest: unknown[]) {
    if (String(warning).includes('SQLite is an experimental feature')) return;
    return (emit as (...args: unknown[]) => void).call(process, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require('node:sqlite') as typeof NodeSqlite;
  } finally {
    process.emitWarning = emit;
  }
}
const sqlite = loadNodeSqlite();

/** SQLite's primary result codes by number (the low byte of an extended code). */
const PRIMARY_CODES: Record<number, string> = {
  1: 'ERROR', 2: 'INTERNAL', 3: 'PERM', 4: 'ABORT', 5: 'BUSY', 6: 'LOCKED', 7: 'NOMEM', 8: 'READONLY', 9: 'INTERRUPT',
  10: 'IOERR', 11: 'CORRUPT', 12: 'NOTFOUND', 13: 'FULL', 14: 'CANTOPEN', 15: 'PROTOCOL', 16: 'EMPTY', 17: 'SCHEMA',
  18: 'TOOBIG', 19: 'CONSTRAINT', 20: 'MISMATCH', 21: 'MISUSE', 22: 'NOLFS', 23: 'AUTH', 24: 'FORMAT', 25: 'RANGE',
  26: 'NOTADB', 27: 'NOTICE', 28: 'WARNING',
};
/** The extended codes the app tells apart (sqlite3.h); any other is named by its primary code. */
const EXTENDED_CODES: Record<number, string> = {
  275: 'CONSTRAINT_CHECK', 531: 'CONSTRAINT_COMMITHOOK', 787: 'CONSTRAINT_FOREIGNKEY', 1043: 'CONSTRAINT_FUNCTION',
  1299: 'CONSTRAINT_NOTNULL', 1555: 'CONSTRAINT_PRIMARYKEY', 1811: 'CONSTRAINT_TRIGGER', 2067: 'CONSTRAINT_UNIQUE',
  2323: 'CONSTRAINT_VTAB', 2579: 'CONSTRAINT_ROWID', 261: 'BUSY_RECOVERY', 517: 'BUSY_SNAPSHOT', 773: 'BUSY_TIMEOUT',
  262: 'LOCKED_SHAREDCACHE', 264: 'READONLY_RECOVERY', 520: 'READONLY_CANTLOCK', 1032: 'READONLY_DBMOVED',
  266: 'IOERR_READ', 522: 'IOERR_SHORT_READ', 778: 'IOERR_WRITE', 1034: 'IOERR_FSYNC', 3338: 'IOERR_NOMEM',
  270: 'CANTOPEN_NOTEMPDIR', 526: 'CANTOPEN_ISDIR', 782: 'CANTOPEN_FULLPATH',
};

/** better-sqlite3's name for a result code: `SQLITE_` and the extended name, else the primary one. */
export function sqliteCodeName(errcode: number): string {
  return `SQLITE_${EXTENDED_CODES[errcode] ?? PRIMARY_CODES[errcode & 0xff] ?? 'ERROR'}`;
}

/** Gives a `node:sqlite` error better-sqlite3's `code` (Node's own `ERR_SQLITE_ERROR` stays as `nodeCode`). */
function translated(error: unknown): unknown {
  const e = error as Error & { code?: string; errcode?: number; nodeCode?: string };
  if (e && typeof e === 'object' && e.code === 'ERR_SQLITE_ERROR' && typeof e.errcode === 'number') {
    e.nodeCode = e.code;
    e.code = sqliteCodeName(e.errcode);
  }
  return error;
}

function guarded<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    throw translated(error);
  }
}

type Row = Record<string, unknown>;

/** better-sqlite3 binds an array argument as its elements (`stmt.run([a, b])`); node:sqlite takes them spread. */
export function bindable(params: unknown[]): NodeSqlite.SQLInputValue[] {
  return (params.some(Array.isArray) ? params.flat() : params) as NodeSqlite.SQLInputValue[];
}

/** A plain object with Buffers for BLOBs, as better-sqlite3 answers rows. */
function plainRow(row: Row): Row {
  const out: Row = {};
  for (const key in row) {
    const value = row[key];
    out[key] = value instanceof Uint8Array ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : value;
  }
  return out;
}

export interface RunResult {
  changes: number | bigint;
  lastInsertRowid: number | bigint;
}

export class SqliteStatement {
  /** True when the statement answers rows (a SELECT, a PRAGMA that reads, an INSERT … RETURNING). */
  readonly reader: boolean;

  constructor(private readonly statement: NodeSqlite.StatementSync) {
    this.reader = statement.columns().length > 0;
  }

  /** Every row, as plain objects (typed `unknown` as better-sqlite3 does: callers say what they read). */
  all(...params: unknown[]): unknown[] {
    return guarded(() => (this.statement.all(...bindable(params)) as Row[]).map(plainRow));
  }

  get(...params: unknown[]): unknown {
    return guarded(() => {
      const row = this.statement.get(...bindable(params)) as Row | undefined;
      return row === undefined ? undefined : plainRow(row);
    });
  }

  run(...params: unknown[]): RunResult {
    return guarded(() => this.statement.run(...bindable(params)));
  }

  /** Rows as arrays of values, with the column names (what the VIN decoder's adapter answers). */
  rawRows(params: readonly unknown[]): { columns: string[]; values: unknown[][] } {
    return guarded(() => {
      this.statement.setReturnArrays(true);
      try {
        const values = this.statement.all(...bindable([...params])) as unknown as unknown[][];
        return { columns: this.statement.columns().map((c) => c.name), values };
      } finally {
        this.statement.setReturnArrays(false);
      }
    });
  }
}

export interface SqliteOpenOptions {
  readonly?: boolean;
  /** Refuse to create the file (better-sqlite3's option; SQLite itself would create it). */
  fileMustExist?: boolean;
  /** Busy timeout in milliseconds. */
  timeout?: number;
}

/** A SQLite database file (or `:memory:`), opened at once. */
export class SqliteDatabase {
  private readonly db: NodeSqlite.DatabaseSync;

  constructor(readonly name: string, options: SqliteOpenOptions = {}) {
    if (options.fileMustExist && name !== ':memory:' && !existsSync(name)) {
      throw Object.assign(new Error(`unable to open database file: ${name} does not exist`), { code: 'SQLITE_CANTOPEN' });
    }
    this.db = guarded(() => new sqlite.DatabaseSync(name, { readOnly: options.readonly ?? false, timeout: options.timeout ?? 5000 }));
  }

  get open(): boolean {
    return this.db.isOpen;
  }

  get inTransaction(): boolean {
    return this.db.isTransaction;
  }

  prepare(sql: string): SqliteStatement {
    return guarded(() => new SqliteStatement(this.db.prepare(sql)));
  }

  exec(sql: string): this {
    guarded(() => this.db.exec(sql));
    return this;
  }

  /** `PRAGMA <source>`: every row, or with `simple` the first column of the first row (as better-sqlite3). */
  pragma(source: string, options: { simple?: boolean } = {}): unknown {
    const rows = this.prepare(`PRAGMA ${source}`).all();
    if (!options.simple) return rows;
    const first = rows[0] as Row | undefined;
    return first === undefined ? undefined : Object.values(first)[0];
  }

  function(name: string, options: { deterministic?: boolean; varargs?: boolean }, fn: (...args: never[]) => unknown): this {
    guarded(() => this.db.function(name, { deterministic: options.deterministic ?? false, varargs: options.varargs ?? false }, fn as (...args: NodeSqlite.SQLOutputValue[]) => NodeSqlite.SQLInputValue));
    return this;
  }

  /** Wraps `fn` in BEGIN … COMMIT (ROLLBACK when it throws), as better-sqlite3's `transaction`. */
  transaction<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
    return (...args: A): R => {
      this.exec('BEGIN');
      try {
        const result = fn(...args);
        this.exec('COMMIT');
        return result;
      } catch (error) {
        if (this.inTransaction) this.exec('ROLLBACK');
        throw error;
      }
    };
  }

  close(): this {
    if (this.db.isOpen) this.db.close();
    return this;
  }
}
