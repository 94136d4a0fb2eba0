import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DataSource } from 'typeorm';

/** The pool of mysql2 as TypeORM holds it (not part of its typings). */
interface Mysql2Pool {
  config?: { connectionLimit?: number };
  _allConnections?: { length: number };
  _freeConnections?: { length: number };
  _connectionQueue?: { length: number };
}

/**
 * The API's Prometheus metrics (prom-client), in a registry of its own: HTTP requests by route pattern,
 * method and status (count and latency), the database pool, the derived-data cache's lookups, scheduled
 * job runs by result, the e-mail outbox by status, and the process's own metrics (CPU, memory, event loop lag, GC).
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status code',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern, method and status code',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly cacheLookups = new Counter({
    name: 'cache_lookups_total',
    help: 'Lookups in the derived-data cache (search totals, facets), by data set and result (hit or miss)',
    labelNames: ['data_set', 'result'] as const,
    registers: [this.registry],
  });

  readonly jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Scheduled job runs, by job and result (ran, skipped: another run or instance held the lock, failed)',
    labelNames: ['job', 'result'] as const,
    registers: [this.registry],
  });

  readonly searchCounts = new Counter({
    name: 'search_counts_total',
    help: 'Search totals and facets counted, by source: memory (the counts snapshot of the current listings version) or database',
    labelNames: ['source'] as const,
    registers: [this.registry],
  });

  readonly searchPages = new Counter({
    name: 'search_pages_total',
    help: 'Search result pages found, by source: memory (the counts snapshot, in the sort order it holds) or database (a page query)',
    labelNames: ['source'] as const,
    registers: [this.registry],
  });

  readonly searchCountsRead = new Counter({
    name: 'search_counts_memory_reads_total',
    help: 'Search counts in memory, by what they read: every listing of the snapshot (all), only the listings changed since the same counts in the snapshot before (changes), or nothing (kept: counted in this snapshot already)',
    labelNames: ['read'] as const,
    registers: [this.registry],
  });

  readonly countsSnapshotBuild = new Histogram({
    name: 'search_counts_snapshot_build_seconds',
    help: 'Time to bring the in-memory search counts to a new listings version, by what was read: the listings changed since (changes) or every public listing (all)',
    labelNames: ['read'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  readonly rateLimitStore = new Gauge({
    name: 'rate_limit_store',
    help: 'Where the rate limits, sign-in throttle and upload quota count: 1 for the store in use (redis, or memory: without REDIS_URL, or while Redis does not answer), 0 for the other',
    labelNames: ['store'] as const,
    registers: [this.registry],
  });

  readonly rateLimitFallbacks = new Counter({
    name: 'rate_limit_store_fallbacks_total',
    help: 'Times the rate limits fell back from Redis to counting in this process because Redis did not answer',
    registers: [this.registry],
  });

  constructor(dataSource: DataSource) {
    collectDefaultMetrics({ register: this.registry });
    const pool = () => (dataSource.driver as unknown as { pool?: Mysql2Pool }).pool;
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database connections by state (open, idle, waiting requests, limit); SQLite: one open connection',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const p = pool();
        if (!p) {
          this.set({ state: 'open' }, dataSource.isInitialized ? 1 : 0);
          return;
        }
        this.set({ state: 'open' }, p._allConnections?.length ?? 0);
        this.set({ state: 'idle' }, p._freeConnections?.length ?? 0);
        this.set({ state: 'waiting' }, p._connectionQueue?.length ?? 0);
        this.set({ state: 'limit' }, p.config?.connectionLimit ?? 0);
      },
    });
  }

  /**
   * The e-mail outbox by status, read from the database at each scrape: `pending` is the backlog, `failed`
   * what staff must look at (alert on either growing).
   */
  registerMailOutbox(counts: () => Promise<Record<string, number>>): void {
    new Gauge({
      name: 'mail_outbox_messages',
      help: 'E-mails in the outbox by status (pending: waiting or retrying; failed: given up, listed for staff; sent: kept 30 days)',
      labelNames: ['status'] as const,
      registers: [this.registry],
      async collect() {
        for (const [status, count] of Object.entries(await counts())) this.set({ status }, count);
      },
    });
  }

  /** Records one answered request; `route` is the matched pattern (never the raw URL, which would explode the label set). */
  observeRequest(route: string, method: string, status: number, seconds: number): void {
    const labels = { route, method, status: String(status) };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, seconds);
  }
}
