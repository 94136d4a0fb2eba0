import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../infra/config/app-config';
import { floorToSecond, toSqlDateTime } from './analytics-time';

export interface PageVisitRow {
  visitorId: string;
  userId: number | null;
  ipAddress: string | null;
  userAgent: string | null;
  page: string;
  timestamp: Date;
}

/** Rows per INSERT statement (7 parameters each, far below either engine's limit). */
const BATCH_ROWS = 1000;
/** A buffer this full is written at once instead of waiting for the timer. */
const FLUSH_AT_ROWS = 500;
/** While the database is unreachable, at most this many views wait; older ones are dropped (and logged). */
const MAX_PENDING_ROWS = 50_000;

/**
 * Writes page views. With ANALYTICS_FLUSH_MS > 0 they are buffered in memory and written every
 * ANALYTICS_FLUSH_MS (or at 500 rows) as multi-row INSERTs, one per 1,000 rows; the buffer is written out
 * before the app shuts down. With 0, each view is written before the request is answered.
 */
@Injectable()
export class PageVisitWriter implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger(PageVisitWriter.name);
  private buffer: PageVisitRow[] = [];
  private timer?: NodeJS.Timeout;
  private writing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get buffered(): boolean {
    return this.config.analytics.flushMs > 0 && !this.closed;
  }

  onModuleInit(): void {
    if (this.config.analytics.flushMs > 0) {
      this.timer = setInterval(() => void this.flush(), this.config.analytics.flushMs);
      this.timer.unref();
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }

  /** Records one view: buffered, or written at once (then the promise settles when it is stored). */
  async add(row: PageVisitRow): Promise<void> {
    if (!this.buffered) {
      await this.insert([row]);
      return;
    }
    this.buffer.push(row);
    if (this.buffer.length >= FLUSH_AT_ROWS) void this.flush();
  }

  /** Writes out everything buffered so far; settles when it is stored (or logged as failed). */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.writeBuffer());
    return this.writing;
  }

  get pending(): number {
    return this.buffer.length;
  }

  /** Multi-row INSERTs of page views, BATCH_ROWS per statement, in one transaction. */
  async insert(rows: readonly PageVisitRow[]): Promise<void> {
    if (rows.length === 0) return;
    const run = async (query: (sql: string, params: unknown[]) => Promise<unknown>) => {
      for (let i = 0; i < rows.length; i += BATCH_ROWS) {
        const batch = rows.slice(i, i + BATCH_ROWS);
        const params: unknown[] = [];
        for (const r of batch) {
          params.push(r.visitorId, r.userId, r.ipAddress, r.userAgent, r.page, toSqlDateTime(floorToSecond(r.timestamp)));
        }
        await query(
          `INSERT INTO page_visits (sessionId, userId, ipAddress, userAgent, page, timestamp) VALUES ${batch.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')}`,
          params,
        );
      }
    };
    if (rows.length <= BATCH_ROWS) await run((sql, params) => this.dataSource.query(sql, params));
    else await this.dataSource.transaction((manager) => run((sql, params) => manager.query(sql, params)));
  }

  private async writeBuffer(): Promise<void> {
    if (this.buffer.length === 0) return;
    const rows = this.buffer;
    this.buffer = [];
    try {
      await this.insert(rows);
    } catch (error) {
      const kept = rows.concat(this.buffer);
      const dropped = Math.max(0, kept.length - MAX_PENDING_ROWS);
      this.buffer = kept.slice(dropped);
      this.logger.error(
        `Could not write ${rows.length} page view(s); kept for the next flush${dropped ? `, ${dropped} oldest dropped` : ''}: ${(error as Error).message}`,
      );
    }
  }
}
