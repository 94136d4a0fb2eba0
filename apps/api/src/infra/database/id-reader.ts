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
 * its rows' first column as whole numbers, in an Int32Array handed over without a copy (and, asked for `scored`
 * rows, their second column as numbers in a Float64Array).
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
  const { id, sql, params, scored } = message;
  try {
    let statement = statements.get(sql);
    if (!statement) {
      // Statements are built from a few shapes of search (their values are parameters): a bounded cache all the same.
      if (statements.size >= 200) statements.clear();
      statement = db.prepare(sql);
      statement.setReturnArrays(true);
      statements.set(sql, statement);
    }
    const rows = statement.all(...params);
    const ids = new Int32Array(rows.length);
    for (let k = 0; k < rows.length; k += 1) ids[k] = Number(rows[k][0]);
    if (!scored) {
      parentPort.postMessage({ id, ids }, [ids.buffer]);
      return;
    }
    const scores = new Float64Array(rows.length);
    for (let k = 0; k < rows.length; k += 1) scores[k] = Number(rows[k][1]);
    parentPort.postMessage({ id, ids, scores }, [ids.buffer, scores.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: { message: String(error && error.message), errcode: error && error.errcode } });
  }
});
`;

type Answer = { id: number; ids: Int32Array; scores?: Float64Array } | { id: number; error: { message: string; errcode?: number } };

/** Rows of an id and a score ("Best match"'s ranking: a listing and its relevance), in the statement's order. */
export interface ScoredIds {
  ids: Int32Array;
  scores: Float64Array;
}

/**
 * Statements that answer listing ids (a keyword's or a radius's matches, "Best match"'s ranking of every match),
 * read without holding the thread that answers requests. node:sqlite runs a statement on the thread that calls
 * it, and these take 15 to 80 ms each at 100,000 listings on SQLite (a common word's every match, ranked): every
 * request in flight waited for one. On a SQLite file they run on a thread of their own with its own connection,
 * which reads what is committed (WAL), as another MariaDB connection would; on MariaDB (whose driver already
 * waits off the thread), on an in-memory SQLite database (no other connection can open it) and for a statement
 * that calls a function the app registers on its own connection (sqlite-functions.ts), on the app's connection.
 */
@Injectable()
export class IdReader implements OnModuleDestroy {
  private readonly logger = new Logger(IdReader.name);
  private worker?: Worker;
  private readonly waiting = new Map<number, { sql: string; params: readonly unknown[]; scored: boolean; resolve: (rows: Partial<ScoredIds> & { ids: Int32Array }) => void; reject: (error: Error) => void }>();
  private nextId = 0;
  /** Shut down, or the thread failed: statements run on the app's connection from then on. */
  private onConnection = false;

  constructor(private readonly dataSource: DataSource) {}

  /** The first column of every row `sql` answers, as whole numbers, in order. */
  async ids(sql: string, params: readonly unknown[] = []): Promise<Int32Array> {
    return (await this.read(sql, params, false)).ids;
  }

  /** The first two columns of every row `sql` answers: whole numbers (ids) and numbers (scores), in order. */
  async scored(sql: string, params: readonly unknown[] = []): Promise<ScoredIds> {
    const { ids, scores } = await this.read(sql, params, true);
    return { ids, scores: scores ?? new Float64Array(0) };
  }

  private read(sql: string, params: readonly unknown[], scored: boolean): Promise<Partial<ScoredIds> & { ids: Int32Array }> {
    const worker = this.runsOffThread(sql) ? this.thread() : undefined;
    if (!worker) return this.onAppConnection(sql, params, scored);
    const id = (this.nextId += 1);
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { sql, params, scored, resolve, reject });
      worker.postMessage({ id, sql, params: bindable([...params]), scored });
    });
  }

  private async onAppConnection(sql: string, params: readonly unknown[], scored: boolean): Promise<Partial<ScoredIds> & { ids: Int32Array }> {
    const rows = (await this.dataSource.query(sql, [...params])) as Record<string, unknown>[];
    const [first, second] = rows.length > 0 ? Object.keys(rows[0]) : [];
    const ids = Int32Array.from(rows, (row) => Number(row[first]));
    return scored ? { ids, scores: Float64Array.from(rows, (row) => Number(row[second])) } : { ids };
  }

  /** Whether statements run on the reader thread (a SQLite file, until shutdown or a failure of the thread). */
  get offThread(): boolean {
    const path = this.dataSource.options.database;
    return !this.onConnection && sqlEngineOf(this.dataSource) === 'sqlite' && typeof path === 'string' && path !== ':memory:';
  }

  /** Whether `sql` runs on the reader thread now (not when it calls a function the app registers on its connection). */
  runsOffThread(sql: string): boolean {
    return this.offThread && !usesAppFunctions(sql);
  }

  async onModuleDestroy(): Promise<void> {
    this.onConnection = true;
    const worker = this.worker;
    this.worker = undefined;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('stop');
    // What is queued ends within seconds (a common word's every match at a million listings: about one); a thread
    // that has not stopped by then is ended, and what waited is asked of the app's connection.
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
      if ('ids' in answer) waiting.resolve(answer);
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
      for (const { sql, params, scored, resolve, reject } of this.waiting.values()) this.onAppConnection(sql, params, scored).then(resolve, reject);
      this.waiting.clear();
    });
    this.worker = worker;
    return worker;
  }
}
