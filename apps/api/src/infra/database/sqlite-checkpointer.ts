import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Worker } from 'node:worker_threads';
import { DataSource } from 'typeorm';
import { sqlEngineOf } from './sql-engine';

/** How often the checkpointer copies the write-ahead log's committed pages into the database file. */
export const CHECKPOINT_INTERVAL_MS = 250;
/** SQLite's own default: a connection that checkpoints itself does so after a commit leaves this many pages in the log. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;
/** The log file is cut back to this size when a writer starts it again from the top (it would keep its largest size). */
const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

/** How long shutdown waits for the thread to finish its checkpoint and close its connection. */
const STOP_WAIT_MS = 5000;

/** What the checkpointer last did: SQLite's answer to `PRAGMA wal_checkpoint(PASSIVE)` (frames in the log, frames copied). */
export interface CheckpointReport {
  log: number;
  checkpointed: number;
}

/**
 * A worker thread's `DatabaseSync`, `node:sqlite` loaded without its experimental warning (as node-sqlite.ts loads
 * it): the start of the SQLite threads' sources (this one's, IdReader's).
 */
export const QUIET_NODE_SQLITE_SOURCE = `
const emit = process.emitWarning;
process.emitWarning = function (warning, ...rest) {
  if (String(warning).includes('SQLite is an experimental feature')) return;
  return emit.call(process, warning, ...rest);
};
const { DatabaseSync } = require('node:sqlite');
process.emitWarning = emit;`;

/**
 * The checkpointer thread, plain JavaScript run by `new Worker(…, { eval: true })`: the same source under tsc, the
 * Nest build and Jest, with no file of its own to ship. Loads `node:sqlite` quietly (QUIET_NODE_SQLITE_SOURCE),
 * opens the database file on a connection of its own and, every `intervalMs`, runs a PASSIVE checkpoint: it
 * copies what it can without waiting for any reader or writer, and never makes one wait.
 * It reports a checkpoint that copied frames, and a checkpoint that failed (once, until one succeeds: the next
 * tick tries again), and stops on 'stop'.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
${QUIET_NODE_SQLITE_SOURCE}
const db = new DatabaseSync(workerData.path);
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
let copied = -1;
let failing = false;
const timer = setInterval(() => {
  let row;
  try {
    row = checkpoint.get();
  } catch (error) {
    // A file another process holds or that cannot be read now: tried again at the next tick, told once.
    if (!failing) parentPort.postMessage({ failed: String(error && error.message) });
    failing = true;
    return;
  }
  failing = false;
  if (row.checkpointed > 0 && row.checkpointed !== copied) parentPort.postMessage({ log: row.log, checkpointed: row.checkpointed });
  copied = row.checkpointed;
}, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * SQLite's checkpoints on a thread of their own. In WAL mode a commit appends pages to the log, and by default
 * the committing connection copies the log back into the database file once it holds 1,000 pages: on the API's
 * one thread, which serves every request meanwhile. A market refit's 500 estimates a transaction spent 30 of its
 * 45 ms there (100,000 listings); a seller's edit paid it now and then. Here the API's connection never checkpoints
 * (`wal_autocheckpoint = 0`) and a worker thread does, every CHECKPOINT_INTERVAL_MS, PASSIVE (waiting for nobody).
 * If the worker stops or fails, the API's connection checkpoints itself again, so the log never grows without end.
 * MariaDB and an in-memory database have nothing to do.
 */
@Injectable()
export class SqliteCheckpointer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(SqliteCheckpointer.name);
  private worker: Worker | null = null;
  /** The last checkpoint that copied frames, for the health of the log (and its tests). */
  lastCheckpoint: CheckpointReport | null = null;

  constructor(private readonly dataSource: DataSource) {}

  /** Whether a checkpointer thread is running. */
  get running(): boolean {
    return this.worker !== null;
  }

  async onApplicationBootstrap(): Promise<void> {
    const path = this.dataSource.options.database;
    if (sqlEngineOf(this.dataSource) !== 'sqlite' || typeof path !== 'string' || path === ':memory:') return;
    await this.dataSource.query(`PRAGMA journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { path, intervalMs: CHECKPOINT_INTERVAL_MS } });
    // The thread never keeps the process alive: the app's shutdown stops it, and a process that ends without one loses nothing.
    worker.unref();
    worker.on('message', (report: CheckpointReport | { failed: string }) => {
      if ('failed' in report) this.logger.warn(`SQLite checkpoint failed, tried again every ${CHECKPOINT_INTERVAL_MS} ms: ${report.failed}`);
      else this.lastCheckpoint = report;
    });
    worker.on('error', (error) => {
      this.logger.warn(`SQLite checkpointer failed, the connection checkpoints itself again: ${error.message}`);
      void this.selfCheckpointing();
    });
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = null;
    });
    this.worker = worker;
    await this.dataSource.query('PRAGMA wal_autocheckpoint = 0');
  }

  /** Stops the thread before the connection closes (closing the last connection checkpoints what is left). */
  async onModuleDestroy(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = null;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage('stop');
    // A checkpoint copies at most what a refit wrote in CHECKPOINT_INTERVAL_MS; a thread that does not stop by then is ended.
    const stopping = setTimeout(() => void worker.terminate(), STOP_WAIT_MS);
    await exited;
    clearTimeout(stopping);
    await this.selfCheckpointing();
  }

  private async selfCheckpointing(): Promise<void> {
    this.worker = null;
    if (this.dataSource.isInitialized) await this.dataSource.query(`PRAGMA wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
  }
}
