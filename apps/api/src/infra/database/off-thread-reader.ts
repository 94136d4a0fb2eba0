import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Worker } from 'node:worker_threads';
import { DataSource } from 'typeorm';
import { bindable, sqliteCodeName } from '@app/shared/server';
import { sqlEngineOf } from './sql-engine';
import { QUIET_NODE_SQLITE_SOURCE } from './sqlite-checkpointer';
import { usesAppFunctions } from './sqlite-functions';

/**
 * The reader thread, plain JavaScript run by `new Worker(…, { eval: true })` (as the checkpointer's): a connection
 * of its own to the database file that only reads (`query_only`), running one statement at a time and answering
 * its rows (`rows`), or their first column as whole numbers in an Int32Array handed over without a copy.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
${QUIET_NODE_SQLITE_SOURCE}
const db = new DatabaseSync(workerData.path, { timeout: 5000 });
db.exec('PRAGMA query_only = 1');
const statements = new Map();
parentPort.on('message', (message) => {
  if (message === 'stop') {
    db.close();
    parentPort.close();
    return;
  }
  const { id, sql, params, rows: asRows } = message;
  try {
    const key = (asRows ? 'rows ' : 'ids ') + sql;
    let statement = statements.get(key);
    if (!statement) {
      // Statements are built from a few shapes of search (their values are parameters): a bounded cache all the same.
      if (statements.size >= 200) statements.clear();
      statement = db.prepare(sql);
      statement.setReturnArrays(!asRows);
      statements.set(key, statement);
    }
    const rows = statement.all(...params);
    if (asRows) {
      parentPort.postMessage({ id, rows });
      return;
    }
    const ids = new Int32Array(rows.length);
    for (let k = 0; k < rows.length; k += 1) ids[k] = Number(rows[k][0]);
    parentPort.postMessage({ id, ids }, [ids.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: { message: String(error && error.message), errcode: error && error.errcode } });
  }
});
`;

type Row = Record<string, unknown>;
type Answer = { id: number; ids: Int32Array } | { id: number; rows: Row[] } | { id: number; error: { message: string; errcode?: number } };
/** A statement waiting for the thread: what it asks, and what to answer with (an Int32Array or rows). */
type Waiting = { sql: string; params: readonly unknown[]; rows: boolean; resolve: (answer: Int32Array | Row[]) => void; reject: (error: Error) => void };

/**
 * Statements that read much, run without holding the thread that answers requests: those that answer listing ids
 * (a keyword's or a radius's matches, "Best match"'s ranking of every match, every public listing), and the
 * counts snapshot's reads (its catch-ups' changed listings with the count of public ones, every public listing at
 * start). node:sqlite runs a statement on the thread that calls it: the first kind take 15 to 80 ms each at
 * 100,000 listings on SQLite (a common word's every match, ranked), the count of public listings 40 ms at a
 * million, and every request in flight waited for them. On a SQLite file they run on a thread of their own with its own connection,
 * which reads what is committed (WAL), as another MariaDB connection would; on MariaDB (whose driver already
 * waits off the thread), on an in-memory SQLite database (no other connection can open it) and for a statement
 * that calls a function the app registers on its own connection (sqlite-functions.ts), on the app's connection.
 */
@Injectable()
export class OffThreadReader implements OnModuleDestroy {
  private readonly logger = new Logger(OffThreadReader.name);
  private worker?: Worker;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 0;
  /** Shut down, or the thread failed: statements run on the app's connection from then on. */
  private onConnection = false;

  constructor(private readonly dataSource: DataSource) {}

  /** The first column of every row `sql` answers, as whole numbers, in order. */
  ids(sql: string, params: readonly unknown[] = []): Promise<Int32Array> {
    return this.read(sql, params, false) as Promise<Int32Array>;
  }

  /**
   * The rows `sql` answers, as the connection answers them (plain objects; a statement here reads no BLOB, which
   * would come as a Uint8Array from the thread). One statement is one consistent read, on either connection.
   */
  rows<T = Row>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    return this.read(sql, params, true) as Promise<T[]>;
  }

  private read(sql: string, params: readonly unknown[], rows: boolean): Promise<Int32Array | Row[]> {
    const worker = usesAppFunctions(sql) ? undefined : this.thread();
    if (!worker) return this.onAppConnection(sql, params, rows);
    const id = (this.nextId += 1);
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { sql, params, rows, resolve, reject });
      worker.postMessage({ id, sql, params: bindable([...params]), rows });
    });
  }

  private async onAppConnection(sql: string, params: readonly unknown[], asRows: boolean): Promise<Int32Array | Row[]> {
    const rows = (await this.dataSource.query(sql, [...params])) as Row[];
    if (asRows) return rows;
    const first = rows.length > 0 ? Object.keys(rows[0])[0] : '';
    return Int32Array.from(rows, (row) => Number(row[first]));
  }

  /** Whether statements run on the reader thread (a SQLite file, until shutdown or a failure of the thread). */
  get offThread(): boolean {
    const path = this.dataSource.options.database;
    return !this.onConnection && sqlEngineOf(this.dataSource) === 'sqlite' && typeof path === 'string' && path !== ':memory:';
  }

  async onModuleDestroy(): Promise<void> {
    this.onConnection = true;
    const worker = this.worker;
    this.worker = undefined;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('stop');
    // A statement runs for milliseconds; a thread that has not stopped by then is ended.
    const stopping = setTimeout(() => void worker.terminate(), 5000);
    await exited;
    clearTimeout(stopping);
  }

  /** The reader thread, started when first needed; undefined where statements run on the app's connection. */
  private thread(): Worker | undefined {
    if (this.worker || !this.offThread) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { path: this.dataSource.options.database } });
    // The thread never keeps the process alive: the app's shutdown stops it, and it holds nothing to lose.
    worker.unref();
    worker.on('message', (answer: Answer) => {
      const waiting = this.waiting.get(answer.id);
      if (!waiting) return;
      this.waiting.delete(answer.id);
      if ('ids' in answer) waiting.resolve(answer.ids);
      else if ('rows' in answer) waiting.resolve(answer.rows);
      else waiting.reject(Object.assign(new Error(answer.error.message), typeof answer.error.errcode === 'number' ? { code: sqliteCodeName(answer.error.errcode), errcode: answer.error.errcode } : {}));
    });
    // A thread that cannot open the file (or crashed) would fail the same way again: the app's connection answers
    // from then on, what was waiting too.
    worker.on('error', (error) => {
      this.logger.warn(`SQLite reader thread failed, its statements run on the app's connection from now on: ${error.message}`);
      this.onConnection = true;
    });
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = undefined;
      this.onConnection = true;
      for (const { sql, params, rows, resolve, reject } of this.waiting.values()) this.onAppConnection(sql, params, rows).then(resolve, reject);
      this.waiting.clear();
    });
    this.worker = worker;
    return worker;
  }
}
