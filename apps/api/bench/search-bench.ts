/**
 * Search speed bench (issue 3, item 4): for each engine, seeds N listings, starts the real app in a child
 * process on loopback and measures a realistic mix of searches with autocannon, then the same page queries
 * straight on the driver; ends with both engines' figures side by side.
 *
 *   npm run bench:search -- [--n 100000] [--engines sqlite,mysql] [--mysql mysql://root@127.0.0.1:3306/cm_bench]
 *                           [--db mysql://…] [--duration 10] [--connections 16] [--searches 20000] [--reuse] [--reset]
 *                           [--mixes-only | --sql-only] [--profile <dir>] [--buffer-pool-mb <n>]
 *
 * The realistic mix draws from --searches distinct searches (20,000) with Zipf-like popularity and reports the
 * share answered from kept answers (its cache hit rate); then the same while the market moves: an edit a second,
 * and 10 edits a second while buyers' listing views are counted (goal p95 < 25 ms, p99 < 50 ms). An edit is
 * written as another API instance would (the change log), so the server drops only the answers it alters. A
 * fourth mix is a live market: 10 writes a second of every kind (price rises, rewritten descriptions, listings
 * approved and sold), with views counted.
 *
 * Both engines by default, one after the other: SQLite in a fresh file in the temp folder (--reuse keeps a
 * seeded one) and MySQL / MariaDB in the scratch database `cm_bench` (dropped and seeded again unless
 * --reuse). `--engines sqlite` or `--engines mysql` measures one. `--db <mysql URL>` measures that database
 * only; it is created if missing, and an existing one must be empty unless --reuse (measure its listings as
 * they are) or --reset (drop and recreate it). `--mixes-only` measures the three mixes alone (after the cold passes),
 * without each kind on its own nor the bare reference: for iterating on the mixes. `--sql-only` measures the bare
 * reference alone (each kind's page queries straight on the driver, no server): for iterating on the page queries.
 * `--profile <dir>` takes the server's CPU profile over each mix, writes it to that folder and prints where the time
 * went, by package or folder and by function (the profiler costs the server a little speed: compare like with like).
 */
import autocannon from 'autocannon';
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection, createPool } from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { parseDatabaseUrl } from '../src/infra/config/database-url';
import { dataSourceOptions } from '../src/infra/database/data-source-options';
import { SqliteDatabase, type SqliteStatement } from '@app/shared/server';
import { registerSqliteFunctions } from '../src/infra/database/sqlite-functions';
import { VERSION_TTL_MS } from '../src/infra/cache/versioned-cache.service';
import { DataChangeEntity } from '../src/infra/cache/data-change.entity';
import { PUBLIC_COLUMNS } from '../src/modules/vehicles/vehicle.mapper';
import type { VehicleEntity } from '../src/modules/vehicles/entities/vehicle.entity';
import { listingChangeFacts } from '../src/modules/vehicles/search/search-invalidation';
import { sqlEngineOf, type SqlEngine } from '../src/infra/database/sql-engine';
import { writeKeywordIndex } from '../src/modules/vehicles/search/keyword-match';
import { deriveListingColumns } from '../src/modules/vehicles/vehicle-derived';
import { snapshotSorts } from '../src/modules/vehicles/search/counts-snapshot';
import { resolveDatabaseSettings } from '../src/infra/database/server-flavor';
import {
  nearestPageQueries,
  pageIndex,
  pageQuery,
  rowsQuery,
  vehiclesByPrimaryKey,
  whereOf,
  withoutDimension,
  toSearchRequest,
  type NormalizedSearchFilters,
} from '../src/modules/vehicles/search/search-filters';
import { VehicleSearchDto } from '@app/shared';
import { plainToInstance } from 'class-transformer';
import { databaseServerCpu, metricValue, metricValues } from './metrics';
import { profileLines, summariseProfile, type CpuProfile } from './cpu-profile';
import type { ServeMessage, ServeRequest } from './serve';
import { queryKinds, requestOf, searchMix, type QueryKind, type SearchMix } from './queries';
import { seedListings } from './seed';

type Engine = 'sqlite' | 'mysql';
const DEFAULT_MYSQL = 'mysql://root@127.0.0.1:3306/cm_bench';
const REPO_ROOT = join(__dirname, '..', '..', '..');
const { SERVER_NODE_OPTIONS } = require(join(REPO_ROOT, 'scripts/lib/server-node-options.js')) as { SERVER_NODE_OPTIONS: string[] };

interface Options {
  n: number;
  engines: Engine[];
  /** The MySQL/MariaDB database measured, and whether it is the bench's own scratch one. */
  mysql: string;
  scratchMysql: boolean;
  duration: number;
  connections: number;
  reuse: boolean;
  reset: boolean;
  /** Distinct searches in the realistic mix's population. */
  searches: number;
  mixesOnly: boolean;
  sqlOnly: boolean;
  /** Where the server's CPU profile of each mix is written (--profile), if it is taken. */
  profile?: string;
  /** The MySQL/MariaDB server's InnoDB buffer pool for the run (--buffer-pool-mb), if it is to be changed. */
  bufferPoolMb?: number;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { n: 100_000, engines: ['sqlite', 'mysql'], mysql: DEFAULT_MYSQL, scratchMysql: true, duration: 10, connections: 16, reuse: false, reset: false, searches: 20_000, mixesOnly: false, sqlOnly: false };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    switch (flag) {
      case '--n': options.n = Number(value()); break;
      case '--db': options.mysql = value(); options.scratchMysql = false; options.engines = ['mysql']; break;
      case '--mysql': options.mysql = value(); options.scratchMysql = false; break;
      case '--engines': options.engines = value().split(',').map((e) => e.trim()) as Engine[]; break;
      case '--duration': options.duration = Number(value()); break;
      case '--connections': options.connections = Number(value()); break;
      case '--reuse': options.reuse = true; break;
      case '--reset': options.reset = true; break;
      case '--searches': options.searches = Number(value()); break;
      case '--mixes-only': options.mixesOnly = true; break;
      case '--sql-only': options.sqlOnly = true; break;
      case '--profile': options.profile = value(); break;
      case '--buffer-pool-mb': options.bufferPoolMb = Number(value()); break;
      default: throw new Error(`Unknown option ${argv[i]}`);
    }
  }
  if (!Number.isInteger(options.n) || options.n < 1) throw new Error('--n must be a positive whole number');
  if (!Number.isInteger(options.searches) || options.searches < 1) throw new Error('--searches must be a positive whole number');
  if (options.profile !== undefined) mkdirSync(options.profile, { recursive: true });
  if (options.bufferPoolMb !== undefined && !(Number.isInteger(options.bufferPoolMb) && options.bufferPoolMb >= 128)) throw new Error('--buffer-pool-mb must be a whole number of MB, 128 or more');
  if (options.mixesOnly && options.sqlOnly) throw new Error('--mixes-only and --sql-only measure different things: pass one');
  if (options.engines.length === 0 || options.engines.some((e) => e !== 'sqlite' && e !== 'mysql')) throw new Error('--engines takes sqlite, mysql or both');
  // The scratch database is the bench's own: seeded afresh each run unless its listings are reused.
  if (options.scratchMysql && !options.reuse) options.reset = true;
  return options;
}

const log = (line = '') => console.log(line);

async function prepareDatabase(target: Engine, options: Options): Promise<{ url: string; engine: string }> {
  if (target === 'sqlite') {
    const file = join(tmpdir(), `carmarket-bench-${options.n}.sqlite`);
    if (!options.reuse) for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
    return { url: `sqlite:${file}`, engine: 'SQLite' };
  }
  const settings = parseDatabaseUrl(options.mysql, tmpdir());
  if (settings.type !== 'mysql') throw new Error('--db and --mysql take a mysql:// URL');
  const connect = () => createConnection({ host: settings.host, port: settings.port, user: settings.username, password: settings.password });
  if (options.bufferPoolMb !== undefined) await resizeBufferPool(connect, options.bufferPoolMb);
  const server = await connect();
  try {
    if (options.reset) await server.query(`DROP DATABASE IF EXISTS \`${settings.database}\``);
    await server.query(`CREATE DATABASE IF NOT EXISTS \`${settings.database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    const [[version]] = (await server.query('SELECT VERSION() AS v')) as unknown as [{ v: string }[]];
    return { url: options.mysql, engine: `MySQL/MariaDB ${version.v}` };
  } finally {
    await server.end();
  }
}

/**
 * --buffer-pool-mb: the database server's InnoDB buffer pool (its cache of data and index pages) set for the run and
 * put back as it was when the bench ends. With a pool smaller than the listings' data and indexes (Debian's default,
 * 128 MB, against 260 MB at 100,000 listings), what the mixes measure depends on which pages the runs before left in
 * it: after a fresh seed, the realistic mix cost the database 0.25 ms of CPU a search, against 0.05 ms when earlier
 * runs had left the pages it reads. A production server's pool is sized to hold its data.
 */
let restoreBufferPool: (() => Promise<void>) | undefined;

type MysqlConnection = Awaited<ReturnType<typeof createConnection>>;

async function resizeBufferPool(connect: () => Promise<MysqlConnection>, mb: number): Promise<void> {
  const server = await connect();
  try {
    const bytes = async () => Number(((await server.query('SELECT @@innodb_buffer_pool_size AS bytes')) as unknown as [{ bytes: number | string }[]])[0][0].bytes);
    const before = await bytes();
    restoreBufferPool ??= async () => {
      const again = await connect();
      try {
        await again.query(`SET GLOBAL innodb_buffer_pool_size = ${before}`);
        log(`The database server's InnoDB buffer pool put back to ${(before / 1024 / 1024).toFixed(0)} MB`);
      } finally {
        await again.end();
      }
    };
    await server.query(`SET GLOBAL innodb_buffer_pool_size = ${mb * 1024 * 1024}`);
    // The server resizes the pool in the background (to a whole number of its chunks): wait until it says it has.
    const resizing = async () => {
      const [[status]] = (await server.query("SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_resize_status'")) as unknown as [{ Value: string }[]];
      return status !== undefined && status.Value !== '' && !/^Completed/i.test(status.Value);
    };
    for (let waited = 0; (await resizing()) && waited < 60_000; waited += 250) await new Promise((resolve) => setTimeout(resolve, 250));
    log(`The database server's InnoDB buffer pool: ${(before / 1024 / 1024).toFixed(0)} MB, set to ${((await bytes()) / 1024 / 1024).toFixed(0)} MB for this run (--buffer-pool-mb)`);
  } finally {
    await server.end();
  }
}

async function seed(url: string, options: Options): Promise<DataSource> {
  const settings = await resolveDatabaseSettings(parseDatabaseUrl(url, tmpdir()));
  const dataSource = new DataSource(dataSourceOptions(settings, false));
  await dataSource.initialize();
  await dataSource.runMigrations();
  const [{ n }] = (await dataSource.query('SELECT COUNT(*) AS n FROM vehicles')) as { n: number | string }[];
  if (Number(n) > 0) {
    if (!options.reuse) throw new Error(`The database already has ${n} listings: pass --reuse to measure them, or --reset to start afresh`);
    log(`Reusing ${Number(n).toLocaleString('en-US')} listings`);
  } else {
    await dataSource.query(`INSERT INTO users (email, password, firstName, lastName) VALUES (?, ?, 'Bench', 'Seller')`, [
      `bench-${randomBytes(4).toString('hex')}@example.com`,
      'not-a-password-hash: this account cannot sign in',
    ]);
    const [{ id }] = (await dataSource.query('SELECT MAX(id) AS id FROM users')) as { id: number }[];
    log(`Seeding ${options.n.toLocaleString('en-US')} listings…`);
    await seedListings(dataSource, options.n, Number(id), log);
    await dataSource.query(`INSERT INTO data_changes (dataSet, facts) VALUES ('listings', NULL)`);
  }
  const started = Date.now();
  await dataSource.query(dataSource.options.type === 'better-sqlite3' ? 'ANALYZE' : 'ANALYZE TABLE vehicles, vehicle_features');
  log(`ANALYZE: ${Date.now() - started} ms`);
  return dataSource;
}

/** What the listings take on disk: the SQLite file (with its write-ahead log), or MariaDB's data and indexes. */
async function databaseSize(dataSource: DataSource, url: string): Promise<string> {
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  if (dataSource.options.type === 'better-sqlite3') {
    const file = url.slice('sqlite:'.length);
    const wal = existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0;
    return `${mb(statSync(file).size + wal)} (SQLite file and its log)`;
  }
  const [row] = (await dataSource.query('SELECT SUM(data_length) AS data, SUM(index_length) AS indexes FROM information_schema.TABLES WHERE table_schema = DATABASE()')) as { data: number; indexes: number }[];
  // The server's page cache for them: with less than they take, a read of a row or an index page may go to the disk.
  const [pool] = (await dataSource.query('SELECT @@innodb_buffer_pool_size AS bytes')) as { bytes: number | string }[];
  return `${mb(Number(row.data) + Number(row.indexes))} (data ${mb(Number(row.data))}, indexes ${mb(Number(row.indexes))}; the server's InnoDB buffer pool: ${mb(Number(pool.bytes))})`;
}

/** The query plans of the main search shapes, as the engine chooses them on this data. */
async function explain(dataSource: DataSource): Promise<void> {
  const isSqlite = dataSource.options.type === 'better-sqlite3';
  const shapes: [string, Record<string, string>][] = [
    ['no filter, newest first', {}],
    ['make, newest first', { make: 'toyota' }],
    ['make + model, price ascending', { make: 'honda', model: 'civic', sortBy: 'price_asc' }],
    ['price range, newest first', { minPrice: '20000', maxPrice: '30000' }],
    ['cheap cars, newest first', { maxPrice: '5000' }],
    ['body type + year, mileage ascending', { bodyType: 'suv', minYear: '2020', sortBy: 'mileage_asc' }],
    ['keyword', { query: 'turbo' }],
    ['radius 50 mi', { zipCode: '60601', radius: '50' }],
  ];
  const run = async (sql: string, params: unknown[]) => {
    const rows = (await dataSource.query(`${isSqlite ? 'EXPLAIN QUERY PLAN' : 'EXPLAIN'} ${sql}`, params)) as Record<string, unknown>[];
    return rows.map((r) => (isSqlite ? `    ${String(r.detail)}` : `    table=${r.table} type=${r.type} key=${r.key} rows=${r.rows} ${r.Extra ?? ''}`)).join('\n');
  };
  log('\nQuery plans (page query: ids in sort order; then COUNT and one facet, which are cached):');
  for (const [name, query] of shapes) {
    const { filters, sortBy } = toSearchRequest(plainToInstance(VehicleSearchDto, query));
    const where = whereOf(filters, isSqlite ? 'sqlite' : 'mysql');
    const count = async (sql: string, params: unknown[]) => Number(((await dataSource.query(`SELECT COUNT(*) AS n FROM vehicles WHERE ${sql}`, params)) as { n: number }[])[0].n);
    const matching = await count(where.sql, where.params);
    const index = pageIndex(filters, sortBy, matching, await count('isPublic = 1', []), 24);
    log(`  ${name}  ${JSON.stringify(query)}: ${matching.toLocaleString('en-US')} matching, index ${index ?? "(planner's choice)"}`);
    const page = pageQuery({ filters, sortBy, index, limit: 24, offset: 0, engine: isSqlite ? 'sqlite' : 'mysql', columns: 'id' });
    log(await run(page.sql, page.params));
    if (name === 'make, newest first' || name === 'no filter, newest first') {
      log('   COUNT:');
      log(await run(`SELECT COUNT(*) FROM vehicles WHERE ${where.sql}`, where.params));
      const facet = whereOf(withoutDimension(filters as NormalizedSearchFilters, 'make'), isSqlite ? 'sqlite' : 'mysql');
      log('   make facet:');
      log(await run(`SELECT makeKey, COUNT(*) FROM vehicles WHERE ${facet.sql} GROUP BY makeKey`, facet.params));
    }
  }
}

/** The goal for a server over a million listings: ready (/api/ready 200) within this long of its start (issue 28). */
const READY_GOAL_S = 60;

async function startServer(url: string): Promise<{ child: ChildProcess; base: string; readySeconds: number }> {
  const started = performance.now();
  const port = 31000 + Math.floor(Math.random() * 900);
  const dataDir = mkdtempSync(join(tmpdir(), 'cm-bench-'));
  const child = fork(join(__dirname, 'run.js'), ['--serve'], {
    // The options the server is started with (scripts/lib/server-node-options.js).
    execArgv: [...process.execArgv, ...SERVER_NODE_OPTIONS],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      SEED_DEMO: 'false',
      SESSION_SECRET: randomBytes(48).toString('base64url'),
      // Every request comes from this one address: a kind measured alone sends over a million a minute on a fast
      // machine, which at a limit of a million was answered 429 (pages 2-5 and radius, 205,420 and 208,310 of them).
      RATE_LIMIT_PER_MINUTE: '100000000',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.on('message', (message: ServeMessage) => {
      if ('ready' in message) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const answeringSeconds = (performance.now() - started) / 1000;
  const base = `http://127.0.0.1:${port}`;
  // Then ready as a load balancer asks it (/api/ready: 503 while the search counts snapshot is first read).
  for (const give = performance.now() + 2 * READY_GOAL_S * 1000; ; ) {
    if ((await fetch(`${base}/api/ready`).catch(() => undefined))?.ok) break;
    if (performance.now() > give) throw new Error(`the server was not ready within ${2 * READY_GOAL_S} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const readySeconds = (performance.now() - started) / 1000;
  log(`\nServer answering ${answeringSeconds.toFixed(1)} s and ready ${readySeconds.toFixed(1)} s after its start (goal ${READY_GOAL_S} s: ${readySeconds <= READY_GOAL_S ? 'met' : 'NOT met'})`);
  return { child, base, readySeconds };
}

/** Asks the bench's server something besides HTTP (serve.ts) and waits for the answer `answerOf` recognises. */
function askServer<T>(child: ChildProcess, request: ServeRequest, answerOf: (message: ServeMessage) => T | undefined): Promise<T> {
  return new Promise((resolve) => {
    const listen = (message: ServeMessage) => {
      const answer = answerOf(message);
      if (answer === undefined) return;
      child.off('message', listen);
      resolve(answer);
    };
    child.on('message', listen);
    child.send(request);
  });
}

/** A market refit in the server, as the 10-minute job runs one: how long it took and what it wrote. */
async function refit(child: ChildProcess): Promise<{ seconds: number; rated: number; changed: number }> {
  const done = await askServer(child, { refit: true }, (message) => ('refit' in message ? message.refit : undefined));
  if ('error' in done) throw new Error(`refit failed: ${done.error}`);
  return done;
}

/**
 * With --profile: the server's CPU profile over a mix, written to `<dir>/<engine>-<mix>.cpuprofile` (for Chrome's
 * DevTools or speedscope) and summarised: where the thread that answers every request spends its time.
 */
async function profiled(child: ChildProcess, options: Options, file: string, work: () => Promise<Measured>): Promise<Measured> {
  if (!options.profile) return work();
  const started = await askServer(child, { profile: 'start' }, (message) => ('profiled' in message ? message.profiled : undefined));
  if (started !== 'started') throw new Error(`profile not started: ${JSON.stringify(started)}`);
  const measured = await work();
  const path = join(options.profile, `${file}.cpuprofile`);
  const written = await askServer(child, { profile: 'stop', file: path }, (message) => ('profiled' in message ? message.profiled : undefined));
  if (typeof written === 'string' || 'error' in written) throw new Error(`profile not written: ${JSON.stringify(written)}`);
  const summary = summariseProfile(JSON.parse(readFileSync(path, 'utf8')) as CpuProfile, REPO_ROOT);
  log(`\nCPU profile of the server over ${measured.name.toLowerCase()} (${path}):`);
  for (const line of profileLines(summary, measured.requests)) log(`  ${line}`);
  return measured;
}

/**
 * The market refit while buyers search: the first one (it rates every seeded listing) with the realistic mix
 * measured beside it for as long as it runs, then a second, which should write little (only estimates that moved).
 * The same mix is measured just before it, on the same server: the server has just started, and at a million
 * listings each search not asked before counts in a pass over every row, so the mix then measured the cold cache
 * as much as the refit.
 */
async function refitsWhileSearching(child: ChildProcess, base: string, next: () => string, options: Options, target: Engine): Promise<Measured> {
  const before = await measure(base, 'mix before the refit', next, options.duration * 2, options.connections);
  // prom-client's event-loop delay gauges cover the time since the last scrape: this read starts them afresh.
  await metricValue(base, /^nodejs_eventloop_lag_max_seconds /);
  let refitting = true;
  const first = refit(child).finally(() => (refitting = false));
  // As long as the refit runs (reading, fitting, estimating, then writing what moved), up to REFIT_MIX_MAX_S.
  const during = await profiled(child, options, `${target}-during-refit`, () => measure(base, MIX_REFIT, next, options.duration * 2, options.connections, () => refitting, REFIT_MIX_MAX_S));
  const whole = !refitting;
  const [p99, max] = await metricValues(base, [/^nodejs_eventloop_lag_p99_seconds /, /^nodejs_eventloop_lag_max_seconds /]);
  const lag = { p99, max };
  const done = await first;
  const line = (m: Measured) => `p50 ${m.p50.toFixed(1)}, p95 ${m.p95.toFixed(1)}, p99 ${m.p99.toFixed(1)} ms, ${m.rps.toFixed(0)} req/s${m.errors > 0 ? `, ${m.errors} errors (${m.timedOut ?? 0} not answered in ${REQUEST_TIMEOUT_S} s)` : ''}`;
  log(`\nMarket refit (read, fit, estimate, write), with the mix measured for ${(during.seconds ?? 0).toFixed(0)} s: ${whole ? 'the whole refit' : 'its first part'}:`);
  log(`  first refit: ${done.seconds.toFixed(1)} s, ${done.rated.toLocaleString('en-US')} listings rated, ${done.changed.toLocaleString('en-US')} estimates written`);
  const again = await refit(child);
  log(`  second refit: ${again.seconds.toFixed(1)} s, ${again.changed.toLocaleString('en-US')} estimates written`);
  log(`  the mix just before the first: ${line(before)}`);
  log(`  the mix during the first:      ${line(during)}`);
  log(`  the server's event loop during that mix: delayed ${(lag.p99 * 1000).toFixed(1)} ms at p99, ${(lag.max * 1000).toFixed(0)} ms at most`);
  return during;
}

/**
 * The realistic mix of searches; then the same while sellers edit listings (each edit drops the kept answers
 * and counts it could alter), once a second, and ten times a second while buyers' listing views are counted.
 */
const MIX = 'REALISTIC MIX';
const MIX_EDITS = 'MIX, AN EDIT EVERY SECOND';
const MIX_BUSY = 'MIX, 10 EDITS/S + VIEWS';
/**
 * A live market: 10 writes a second of every kind a market makes, with views counted: of each ten, six price
 * rises, two rewritten descriptions (the listing's keywords change), one listing approved (it joins the results)
 * and one sold (it leaves them). A join or a leave changes the totals of every search the listing could be in.
 */
const MIX_MARKET = 'MIX, LIVE MARKET 10 WRITES/S';
const MARKET_WRITES: readonly MarketWrite[] = ['price', 'text', 'price', 'approve', 'price', 'price', 'text', 'price', 'sell', 'price'];
/** The realistic mix while the market refit runs (its first run, which writes every seeded listing's estimate). */
const MIX_REFIT = 'MIX DURING A REFIT';
/** The mix during the refit is measured for as long as it runs, up to this long (s). */
const REFIT_MIX_MAX_S = 600;
const MIXES = [MIX, MIX_EDITS, MIX_BUSY, MIX_MARKET];
/** Listing views counted a second during MIX_BUSY. */
const BUSY_VIEWS_PER_SECOND = 20;
/** Goals (issue 28): the quiet mix p95 < 20 / p99 < 40 ms; while the market moves p95 < 25 / p99 < 50 ms. */
const mixGoal = (name: string) => (name === MIX ? { p95: 20, p99: 40 } : { p95: 25, p99: 50 });
const meetsMixGoal = (mix: Measured) => mix.p95 < mixGoal(mix.name).p95 && mix.p99 < mixGoal(mix.name).p99;

interface Measured {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Requests answered other than 200, failed, or not answered within REQUEST_TIMEOUT_S (`timedOut` of them). */
  errors: number;
  timedOut?: number;
  /** The bare reference's: ms of CPU a query of the database server (on this machine) and of the bench's own process. */
  dbCpu?: number;
  clientCpu?: number;
  /** How long it was measured, in s. */
  seconds?: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** A request not answered within this many seconds is given up (autocannon's timeout) and counted at that time. */
const REQUEST_TIMEOUT_S = 10;

/**
 * `next`'s searches at `connections` at once for `seconds`, then again for as long again while `more()` says so (the
 * mix while a refit runs: as long as it runs, up to `maxSeconds`), as one measurement.
 */
async function measure(base: string, name: string, next: () => string, seconds: number, connections: number, more?: () => boolean, maxSeconds = seconds): Promise<Measured> {
  const samples: number[] = [];
  let errors = 0;
  let timeouts = 0;
  let duration = 0;
  let windowStart = 0;
  do {
    const result = await autocannon({
      url: base,
      connections,
      duration: seconds,
      timeout: REQUEST_TIMEOUT_S,
      requests: [{ method: 'GET', setupRequest: (request: autocannon.Request) => ({ ...request, path: next() }) }],
      setupClient: (client: autocannon.Client) => {
        client.on('response', (status: number, _bytes: number, time: number) => {
          samples.push(time);
          if (status !== 200) errors += 1;
        });
      },
    });
    // A request given up took at least the timeout: left out, it would lower the percentiles it belongs above.
    for (let k = 0; k < result.timeouts; k += 1) samples.push(REQUEST_TIMEOUT_S * 1000);
    // autocannon counts a timeout among its errors too.
    errors += result.errors;
    timeouts += result.timeouts;
    duration += result.duration || seconds;
    // Measured in windows (while a refit runs): each one's figures, to tell its start from its end.
    if (more) {
      const window = samples.slice(windowStart).sort((a, b) => a - b);
      log(`  ${name.toLowerCase()}, ${(duration - (result.duration || seconds)).toFixed(0)}–${duration.toFixed(0)} s: p50 ${percentile(window, 50).toFixed(1)}, p95 ${percentile(window, 95).toFixed(1)}, p99 ${percentile(window, 99).toFixed(1)} ms, ${(window.length / (result.duration || seconds)).toFixed(0)} req/s, ${result.timeouts} not answered in ${REQUEST_TIMEOUT_S} s`);
      windowStart = samples.length;
    }
  } while (more?.() && duration + seconds <= maxSeconds);
  samples.sort((a, b) => a - b);
  return {
    name,
    requests: samples.length,
    rps: (samples.length - timeouts) / duration,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    errors,
    timedOut: timeouts,
    seconds: duration,
  };
}

interface ColdPass {
  count: number;
  p50: number;
  p95: number;
  max: number;
  /** Counts (totals, facets) answered from the in-memory snapshot, of all counted. */
  fromMemory: number;
  counted: number;
}

/**
 * Each distinct search once, one client, nothing cached: every total and facet is counted. `heading` says
 * when (first searches after start; after a listing write, which starts a new cache version).
 */
async function coldPass(base: string, kinds: QueryKind[], heading: string): Promise<ColdPass> {
  const countsBefore = await countSources(base);
  const buildsBefore = await snapshotBuilds(base);
  const times: number[] = [];
  const byKind = new Map<string, number[]>();
  const seen = new Set<string>();
  for (const kind of kinds) {
    for (const path of kind.paths) {
      if (seen.has(path)) continue;
      seen.add(path);
      const started = performance.now();
      const res = await fetch(base + path);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      const took = performance.now() - started;
      times.push(took);
      byKind.set(kind.name, [...(byKind.get(kind.name) ?? []), took]);
    }
  }
  times.sort((a, b) => a - b);
  log(`\nCold pass ${heading} (each of the ${times.length} distinct searches once, one client, totals and facets counted):`);
  log(`${'search'.padEnd(28)}${'searches'.padStart(9)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'max ms'.padStart(9)}`);
  for (const [name, kindTimes] of byKind) {
    kindTimes.sort((a, b) => a - b);
    log(`${name.padEnd(28)}${String(kindTimes.length).padStart(9)}${percentile(kindTimes, 50).toFixed(1).padStart(9)}${percentile(kindTimes, 95).toFixed(1).padStart(9)}${kindTimes[kindTimes.length - 1].toFixed(1).padStart(9)}`);
  }
  const counts = await countSources(base);
  const fromMemory = counts.memory - countsBefore.memory;
  const counted = fromMemory + counts.database - countsBefore.database;
  const cold = { count: times.length, p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1], fromMemory, counted };
  log(`${'ALL'.padEnd(28)}${String(cold.count).padStart(9)}${cold.p50.toFixed(1).padStart(9)}${cold.p95.toFixed(1).padStart(9)}${cold.max.toFixed(1).padStart(9)}`);
  const builds = await snapshotBuilds(base);
  const reads = (['changes', 'all'] as const)
    .map((read) => ({ read, count: builds[read].count - buildsBefore[read].count, ms: (1000 * (builds[read].sum - buildsBefore[read].sum)) / (builds[read].count - buildsBefore[read].count) }))
    .filter((r) => r.count > 0)
    .map((r) => `${r.count} from ${r.read === 'all' ? 'every public listing' : 'the changed listings'} (${r.ms.toFixed(1)} ms each)`);
  const rss = await metricValue(base, /^process_resident_memory_bytes /);
  log(`API process memory (resident): ${(rss / 1024 / 1024).toFixed(0)} MB`);
  log(`Counts from the in-memory snapshot: ${fromMemory} of ${counted}, the rest in SQL while the snapshot was brought to the version${reads.length > 0 ? `: ${reads.join(', ')}` : ''}`);
  log(`Goal p95 < 60 ms: ${cold.p95 < 60 ? 'met' : 'NOT met'}`);
  return cold;
}

/** The search request of one bench path, as the API's validation turns its query string into it. */
async function countSources(base: string): Promise<{ memory: number; database: number; pass: number; changes: number }> {
  return {
    memory: await metricValue(base, /^search_counts_total\{source="memory"\}/),
    database: await metricValue(base, /^search_counts_total\{source="database"\}/),
    // Of those in memory: by a pass over the snapshot's rows, or worked out from the listings changed since.
    pass: await metricValue(base, /^search_counts_memory_reads_total\{read="all"\}/),
    changes: await metricValue(base, /^search_counts_memory_reads_total\{read="changes"\}/),
  };
}

/** How many search pages the server found in its counts snapshot, and how many it read in SQL. */
async function pageSources(base: string): Promise<{ memory: number; database: number }> {
  return {
    memory: await metricValue(base, /^search_pages_total\{source="memory"\}/),
    database: await metricValue(base, /^search_pages_total\{source="database"\}/),
  };
}

/** How often and how long the server brought its counts snapshot to a new version, by what it read. */
async function snapshotBuilds(base: string): Promise<Record<'changes' | 'all', { count: number; sum: number }>> {
  const of = async (read: string) => ({
    count: await metricValue(base, new RegExp(`^search_counts_snapshot_build_seconds_count\\{read="${read}"\\}`)),
    sum: await metricValue(base, new RegExp(`^search_counts_snapshot_build_seconds_sum\\{read="${read}"\\}`)),
  });
  return { changes: await of('changes'), all: await of('all') };
}

/** A write of a live market (listingEditor): a seller's price rise or rewritten description, a listing approved or sold. */
type MarketWrite = 'price' | 'text' | 'approve' | 'sell';

/**
 * Listing writes as the listing writer makes them, straight on the database (as another API instance would):
 * each recorded in the change log with the listing's search columns before and after (listingChangeFacts), the
 * listing stamped with its log id, and SQLite's keyword index written with a new text. `write` raises a random
 * public listing's price, rewrites its description (its search text derived again), approves a pending listing
 * (it joins the market) or sells a public one (it leaves).
 */
async function listingEditor(url: string): Promise<{ write: (kind: MarketWrite) => Promise<void>; close: () => Promise<void> }> {
  const dataSource = new DataSource(dataSourceOptions(await resolveDatabaseSettings(parseDatabaseUrl(url, tmpdir())), false, [DataChangeEntity]));
  await dataSource.initialize();
  const [{ low, high }] = (await dataSource.query('SELECT MIN(id) AS low, MAX(id) AS high FROM vehicles')) as { low: number; high: number }[];
  // The first listing of the status from a random id on, walking the primary key: MariaDB otherwise read the
  // status index's entries for MIN(id) (1 to 5 s each at a million listings, the 16 at once saturating it, so the
  // edit mixes measured the bench's own picking).
  const byId = vehiclesByPrimaryKey(sqlEngineOf(dataSource));
  const pick = async (status: 'approved' | 'pending'): Promise<number | undefined> => {
    const from = Number(low) + Math.floor(Math.random() * (Number(high) - Number(low) + 1));
    const [found] = (await dataSource.query(`SELECT id FROM ${byId} WHERE id >= ? AND status = ? ORDER BY id LIMIT 1`, [from, status])) as { id: number }[];
    return found === undefined ? undefined : Number(found.id);
  };
  const write = async (kind: MarketWrite) => {
    const id = await pick(kind === 'approve' ? 'pending' : 'approved');
    if (id === undefined) return;
    // The transaction writes first: on SQLite one that reads first cannot write after another connection's commit.
    await dataSource.transaction(async (manager) => {
      await manager.query('UPDATE vehicles SET updatedAt = updatedAt WHERE id = ?', [id]);
      const [before] = (await manager.query('SELECT * FROM vehicles WHERE id = ?', [id])) as VehicleEntity[];
      switch (kind) {
        case 'price':
          await manager.query('UPDATE vehicles SET price = price + 100 WHERE id = ?', [id]);
          break;
        case 'text': {
          const features = typeof before.features === 'string' ? (JSON.parse(before.features) as string[]) : before.features;
          const description = `${before.description ?? ''} Serviced ${new Date().toISOString().slice(0, 10)}: new tires, fresh oil.`.trim();
          const { searchText } = deriveListingColumns({ ...before, features, description });
          await manager.query('UPDATE vehicles SET description = ?, searchText = ? WHERE id = ?', [description, searchText, id]);
          await writeKeywordIndex(manager, id, searchText);
          break;
        }
        case 'approve':
          await manager.query("UPDATE vehicles SET status = 'approved', isPublic = 1, publishedAt = COALESCE(publishedAt, CURRENT_TIMESTAMP) WHERE id = ?", [id]);
          break;
        case 'sell':
          await manager.query("UPDATE vehicles SET status = 'sold', isPublic = 0, soldAt = CURRENT_TIMESTAMP WHERE id = ?", [id]);
          break;
      }
      const [after] = (await manager.query('SELECT * FROM vehicles WHERE id = ?', [id])) as VehicleEntity[];
      const { identifiers } = await manager.insert(DataChangeEntity, { dataSet: 'listings', facts: JSON.stringify(listingChangeFacts(id, before, after)) });
      await manager.query('UPDATE vehicles SET changedInVersion = ? WHERE id = ?', [Number((identifiers[0] as { id: number }).id), id]);
    });
  };
  return { write, close: () => dataSource.destroy() };
}

/**
 * Buyers opening listing pages, `perSecond` of them, each a new visitor (a cookie of its own), so each view is
 * counted: a write of the listing's view count (outside the change log: views change no search's filters).
 */
function listingViewer(base: string, ids: { low: number; high: number }, perSecond: number): { stop: () => Promise<number> } {
  let views = 0;
  const pending = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const id = ids.low + Math.floor(Math.random() * (ids.high - ids.low + 1));
    const view = fetch(`${base}/api/vehicles/${id}`, { headers: { cookie: `cm_vid=${randomBytes(16).toString('base64url').slice(0, 22)}`, 'user-agent': 'Mozilla/5.0 (search bench)' } })
      .then(async (res) => {
        await res.arrayBuffer();
        if (res.status === 200) views += 1;
      })
      .catch(() => undefined);
    pending.add(view);
    void view.finally(() => pending.delete(view));
  }, 1000 / perSecond);
  return {
    stop: async () => {
      clearInterval(timer);
      await Promise.all(pending);
      return views;
    },
  };
}

async function editOneListing(url: string): Promise<void> {
  const editor = await listingEditor(url);
  try {
    await editor.write('price');
  } finally {
    await editor.close();
  }
  // The server reads the version at most once per VERSION_TTL_MS.
  await new Promise((resolve) => setTimeout(resolve, VERSION_TTL_MS + 200));
}

/**
 * The mix measured while sellers edit a listing every `everyMs` (each edit drops the kept answers and counts it
 * could alter), and, with `viewsPerSecond`, buyers open listing pages (each view counted).
 */
async function measureWithEdits(url: string, base: string, name: string, next: () => string, seconds: number, connections: number, everyMs: number, viewsPerSecond = 0, writes: readonly MarketWrite[] = ['price']): Promise<Measured> {
  const editor = await listingEditor(url);
  let edits = 0;
  const pending = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const kind = writes[edits % writes.length];
    edits += 1;
    const edit = editor.write(kind).catch((error: unknown) => log(`edit failed: ${error instanceof Error ? error.message : String(error)}`));
    pending.add(edit);
    void edit.finally(() => pending.delete(edit));
  }, everyMs);
  const viewer = viewsPerSecond > 0 ? listingViewer(base, await publicIdRange(url), viewsPerSecond) : undefined;
  try {
    const measured = await measure(base, name, next, seconds, connections);
    const views = viewer ? await viewer.stop() : 0;
    log(`(${name}: ${edits} edits${viewer ? `, ${views} views counted` : ''})`);
    return measured;
  } finally {
    clearInterval(timer);
    await viewer?.stop();
    await Promise.all(pending);
    await editor.close();
  }
}

async function publicIdRange(url: string): Promise<{ low: number; high: number }> {
  const dataSource = new DataSource(dataSourceOptions(await resolveDatabaseSettings(parseDatabaseUrl(url, tmpdir())), false));
  await dataSource.initialize();
  try {
    const [{ low, high }] = (await dataSource.query('SELECT MIN(id) AS low, MAX(id) AS high FROM vehicles WHERE isPublic = 1')) as { low: number; high: number }[];
    return { low: Number(low), high: Number(high) };
  } finally {
    await dataSource.destroy();
  }
}

/** The share of the mix's requests that its `top` most popular searches take, in per cent. */
function mixShare(mix: SearchMix, top: number): string {
  const weight = (r: number) => 1 / Math.pow(r + 1, mix.exponent);
  let all = 0;
  let first = 0;
  for (let r = 0; r < mix.paths.length; r += 1) {
    all += weight(r);
    if (r < top) first += weight(r);
  }
  return `${((100 * first) / all).toFixed(1)} %`;
}

/** How many searches were answered from kept answers (VersionedCacheService.answer), of all. */
async function answerLookups(base: string): Promise<{ hit: number; miss: number }> {
  return {
    hit: await metricValue(base, /^cache_lookups_total\{data_set="listings:answers",result="hit"\}/),
    miss: await metricValue(base, /^cache_lookups_total\{data_set="listings:answers",result="miss"\}/),
  };
}

/**
 * The reference: each kind's page queries (the SQL the API runs for them, built by the same pageQuery with
 * the same index choice) issued straight to the database driver, with no HTTP, validation, cache lookups or
 * JSON. Totals and facets are left out, as the warm API serves them from its cache. SQLite's driver is
 * synchronous and in process, so its queries run one at a time, as they do on the API's one thread;
 * MariaDB's run from a pool of `connections`.
 */
async function bareReference(url: string, kinds: QueryKind[], seconds: number, connections: number, pageIdsOf?: Map<string, number[]>): Promise<{ sql: Measured[]; api: Measured[] }> {
  const settings = parseDatabaseUrl(url, tmpdir());
  type Query = { sql: string; params: unknown[] };
  let run: (q: Query) => Promise<unknown[]>;
  let close: () => Promise<void>;
  let workers = connections;
  const dbCpu = databaseServerCpu(settings);
  if (settings.type === 'sqlite') {
    const db = new SqliteDatabase(settings.path, { readonly: true });
    registerSqliteFunctions(db);
    const statements = new Map<string, SqliteStatement>();
    run = async ({ sql, params }) => {
      let statement = statements.get(sql);
      if (!statement) statements.set(sql, (statement = db.prepare(sql)));
      return statement.all(...params);
    };
    close = async () => void db.close();
    workers = 1;
  } else {
    const pool = createPool({ host: settings.host, port: settings.port, user: settings.username, password: settings.password, database: settings.database, connectionLimit: connections });
    run = async ({ sql, params }) => (await pool.query(sql, params))[0] as unknown[];
    close = () => pool.end();
  }
  const engine: SqlEngine = settings.type === 'sqlite' ? 'sqlite' : 'mysql';
  const count = async (filters: NormalizedSearchFilters) => {
    const where = whereOf(filters, engine);
    const [row] = (await run({ sql: `SELECT COUNT(*) AS n FROM vehicles WHERE ${where.sql}`, params: where.params })) as { n: number }[];
    return Number(row.n);
  };
  /** The queries, round-robin, from `workers` at once for `seconds`. */
  /** A page's queries: one, or "Nearest first"'s rings, run until one holds the whole page (nearestPageQueries). */
  type Page = Query | { rings: Query[]; limit: number };
  const runPage = async (page: Page) => {
    if (!('rings' in page)) return run(page);
    for (const ring of page.rings) if ((await run(ring)).length === page.limit) return;
  };
  const time = async (name: string, queries: Page[]): Promise<Measured> => {
    const samples: number[] = [];
    let next = 0;
    const dbBefore = dbCpu?.();
    const clientBefore = process.cpuUsage();
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      Array.from({ length: workers }, async () => {
        while (performance.now() < deadline) {
          const query = queries[next++ % queries.length];
          const t = performance.now();
          await runPage(query);
          samples.push(performance.now() - t);
        }
      }),
    );
    const client = process.cpuUsage(clientBefore);
    const dbCpuMs = dbCpu && dbBefore !== undefined ? (1000 * (dbCpu() - dbBefore)) / samples.length : undefined;
    samples.sort((a, b) => a - b);
    const elapsed = (performance.now() - started) / 1000;
    return {
      name,
      requests: samples.length,
      rps: samples.length / elapsed,
      p50: percentile(samples, 50),
      p95: percentile(samples, 95),
      p99: percentile(samples, 99),
      errors: 0,
      dbCpu: dbCpuMs,
      clientCpu: (client.user + client.system) / 1000 / samples.length,
    };
  };
  try {
    const publicTotal = await count({ terms: [], features: [] });
    const sql: Measured[] = [];
    const api: Measured[] = [];
    for (const kind of kinds) {
      const queries: Page[] = [];
      const asSent: Page[] = [];
      for (const path of kind.paths) {
        const { filters, sortBy, page, limit } = requestOf(path);
        const offset = (page - 1) * limit;
        const matching = await count(filters);
        // A page at or past the end (no match at all) is answered from the counts: the API sends no page query.
        if (offset >= matching) continue;
        const index = pageIndex(filters, sortBy, matching, publicTotal, offset + limit);
        // In SQL: the page query ("Nearest first": its rings, as VehicleSearchService.page reads them).
        const q = { filters, index, limit, offset, engine, columns: PUBLIC_COLUMNS };
        const query: Page = sortBy === 'distance_asc' ? { rings: nearestPageQueries(q), limit } : pageQuery({ ...q, sortBy });
        queries.push(query);
        // The API finds the page's ids in the counts snapshot, or in "Best match"'s kept ranking, and reads their rows.
        const ids = pageIdsOf?.get(path);
        const byIds = snapshotSorts(sortBy) || (sortBy === 'relevance_desc' && filters.terms.length > 0);
        if (ids) asSent.push(byIds ? (ids.length > 0 ? rowsQuery(ids, PUBLIC_COLUMNS) : { sql: 'SELECT 1', params: [] }) : query);
      }
      if (queries.length > 0) sql.push(await time(kind.name, queries));
      if (asSent.length > 0) api.push(await time(kind.name, asSent));
    }
    return { sql, api };
  } finally {
    await close();
  }
}

/** Each path's page as the API answers it (its listings' ids), for the reference of the queries the API sends. */
async function apiPageIds(base: string, kinds: QueryKind[]): Promise<Map<string, number[]>> {
  const pages = new Map<string, number[]>();
  for (const path of kinds.flatMap((k) => k.paths)) {
    const response = await fetch(`${base}${path}`);
    const body = (await response.json()) as { vehicles: { id: number }[] };
    pages.set(path, body.vehicles.map((v) => v.id));
  }
  return pages;
}

/** What one engine measured: the cold pass, the API's figures per kind (the mix last) and the bare driver's. */
interface EngineReport {
  engine: string;
  cold: ColdPass;
  coldAfterWrite: ColdPass;
  api: Measured[];
  /** The page queries on the driver: in SQL, and as the API sends them (bareReference). */
  bare: Measured[];
  asSent: Measured[];
  /** Per mix: the share of its searches answered from kept answers. */
  hitRates: Map<string, string>;
  /** Seeding (or finding the reused listings) with ANALYZE, and the server's start until it answered. */
  seedSeconds: number;
  readySeconds: number;
  /** The API process's resident memory after the mixes. */
  rssMb: number;
}

/** The bare reference (bareReference) of one engine, printed beside the API's figures per kind when it has them. */
async function printBareReference(url: string, engine: string, options: Options, apiResults: Measured[], pageIds?: Map<string, number[]>): Promise<{ sql: Measured[]; api: Measured[] }> {
  log(`\nBare reference: each kind's page queries straight on the driver (${engine.startsWith('SQLite') ? 'one at a time, in process' : `${options.connections} connections`}), ${options.duration / 2} s per kind:`);
  log('  SQL = the page query the API runs when the counts are in SQL (SEARCH_COUNTS=sql, or no snapshot yet): the');
  log('  page found in SQL; as sent = what the API sends for a page on a miss whose rows it does not keep: the rows of the ids');
  log('  the counts snapshot (or "Best match"\'s kept ranking) found, by primary key, and the SQL page query for the sorts the');
  log('  snapshot does not hold (views). A listing\'s row, once read, is kept until it changes: most misses send no query.');
  const { sql: bare, api: asSent } = await bareReference(url, queryKinds(), options.duration / 2, options.connections, pageIds);
  log('  CPU/q = ms of CPU a query: of the database server (when it runs on this machine: SQLite\'s is the bench\'s own)');
  log('  and of the bench\'s process (the driver reading the rows), for the SQL page queries.');
  const head = `${'search'.padEnd(28)}${'SQL p50'.padStart(9)}${'SQL p95'.padStart(9)}${'queries/s'.padStart(11)}${'db CPU/q'.padStart(10)}${'bench CPU/q'.padStart(13)}${'as sent p95'.padStart(13)}${'queries/s'.padStart(11)}${'API p95'.padStart(9)}${'API req/s'.padStart(11)}`;
  log(head);
  log('-'.repeat(head.length));
  for (const b of bare) {
    const api = apiResults.find((r) => r.name === b.name);
    const sent = asSent.find((r) => r.name === b.name);
    log(
      `${b.name.padEnd(28)}${b.p50.toFixed(2).padStart(9)}${b.p95.toFixed(2).padStart(9)}${b.rps.toFixed(0).padStart(11)}${(b.dbCpu === undefined ? '-' : b.dbCpu.toFixed(2)).padStart(10)}${(b.clientCpu === undefined ? '-' : b.clientCpu.toFixed(2)).padStart(13)}${(sent ? sent.p95.toFixed(2) : '-').padStart(13)}${(sent ? sent.rps.toFixed(0) : '-').padStart(11)}${(api ? api.p95.toFixed(1) : '-').padStart(9)}${(api ? api.rps.toFixed(0) : '-').padStart(11)}`,
    );
  }
  return { sql: bare, api: asSent };
}

async function benchEngine(target: Engine, options: Options): Promise<EngineReport> {
  const { url, engine } = await prepareDatabase(target, options);
  log(`Search bench: ${engine}, ${options.n.toLocaleString('en-US')} listings, ${options.connections} connections, ${options.duration} s per kind`);
  const seedStarted = performance.now();
  const dataSource = await seed(url, options);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  log(`Seeded (or found) and analysed in ${seedSeconds.toFixed(1)} s`);
  const [{ n: publicCount }] = (await dataSource.query('SELECT COUNT(*) AS n FROM vehicles WHERE isPublic = 1')) as { n: number }[];
  log(`Public listings: ${Number(publicCount).toLocaleString('en-US')}`);
  log(`Database size: ${await databaseSize(dataSource, url)}`);
  await explain(dataSource);
  await dataSource.destroy();
  if (options.sqlOnly) {
    const { sql: bare, api: asSent } = await printBareReference(url, engine, options, []);
    const none: ColdPass = { count: 0, p50: 0, p95: 0, max: 0, fromMemory: 0, counted: 0 };
    return { engine, cold: none, coldAfterWrite: none, api: [], bare, asSent, hitRates: new Map(), seedSeconds, readySeconds: 0, rssMb: 0 };
  }

  const { child, base, readySeconds } = await startServer(url);
  const apiResults: Measured[] = [];
  const hitRates = new Map<string, string>();
  let cold: ColdPass;
  let coldAfterWrite: ColdPass;
  let rssMb = 0;
  let pageIds: Map<string, number[]> | undefined;
  try {
    const kinds = queryKinds();
    // The mix: 20,000 distinct searches of every kind, asked with Zipf-like popularity (searchMix).
    const mix = searchMix(options.searches);
    cold = await coldPass(base, kinds, 'at start');
    const mixDuringRefit = await refitsWhileSearching(child, base, mix.next, options, target);
    await editOneListing(url);
    coldAfterWrite = await coldPass(base, kinds, "after a seller's edit");
    let counter = 0;
    const rotate = (paths: string[]) => () => paths[counter++ % paths.length];
    const asked = new Set<string>();
    const mixNext = () => {
      const path = mix.next();
      asked.add(path);
      return path;
    };
    log(`\nThe mix: ${mix.paths.length.toLocaleString('en-US')} distinct searches, popularity by Zipf's law (exponent ${mix.exponent}): the top 10 take ${mixShare(mix, 10)}, the top 1,000 ${mixShare(mix, 1000)}`);
    log(`\nLoad average before: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    const results: Measured[] = apiResults;
    if (!options.mixesOnly) for (const kind of kinds) results.push(await measure(base, kind.name, rotate(kind.paths), options.duration, options.connections));
    // Just before the mix (after the kinds, whose 100 s outlast every kept answer's 30 s): a server that has been
    // answering the mix, not one that has just answered other searches. Before the kinds, the warm-up was spent by
    // the time the mix began, and the full run's realistic mix on MariaDB measured 26.1 ms p95 and a 78 % hit rate
    // where --mixes-only measured 15 to 22 ms and 82 %.
    await measure(base, 'warm-up', mixNext, 3, options.connections);
    // Where each mix's counts and pages came from, and how the counts snapshot kept up with the edits.
    const dbCpu = databaseServerCpu(parseDatabaseUrl(url, tmpdir()));
    const sources = async () => ({
      dbCpu: dbCpu?.(),
      counts: await countSources(base),
      pages: await pageSources(base),
      builds: await snapshotBuilds(base),
      cpu: await metricValue(base, /^process_cpu_seconds_total /),
      requests: await metricValue(base, /^cache_lookups_total\{data_set="listings:answers"/),
      rows: {
        kept: await metricValue(base, /^cache_lookups_total\{data_set="listings:public-row",result="hit"\}/),
        read: await metricValue(base, /^cache_lookups_total\{data_set="listings:public-row",result="miss"\}/),
      },
    });
    const sourcesOf = async (name: string, before: Awaited<ReturnType<typeof sources>>) => {
      const after = await sources();
      const builds = (['changes', 'all'] as const)
        .map((read) => ({ read, count: after.builds[read].count - before.builds[read].count, ms: (1000 * (after.builds[read].sum - before.builds[read].sum)) / Math.max(1, after.builds[read].count - before.builds[read].count) }))
        .map((b) => `${b.count} from ${b.read === 'all' ? 'every listing' : 'the changes'}${b.count > 0 ? ` (${b.ms.toFixed(1)} ms each)` : ''}`);
      // The server's CPU time per search: a figure the machine's load changes far less than latency.
      const cpuPerSearch = (1000 * (after.cpu - before.cpu)) / Math.max(1, after.requests - before.requests);
      // The database server's too, when it runs on this machine (MariaDB; SQLite's work is the API's own).
      const dbPerSearch = after.dbCpu !== undefined && before.dbCpu !== undefined ? `, ${((1000 * (after.dbCpu - before.dbCpu)) / Math.max(1, after.requests - before.requests)).toFixed(2)} ms of the database server's` : '';
      log(
        `(${name}: ${cpuPerSearch.toFixed(2)} ms of the server's CPU a search${dbPerSearch}; counts ${after.counts.memory - before.counts.memory} in memory (${after.counts.pass - before.counts.pass} by a pass over the rows, ${after.counts.changes - before.counts.changes} from the changes), ${after.counts.database - before.counts.database} in SQL; pages ${after.pages.memory - before.pages.memory} from the snapshot, ${after.pages.database - before.pages.database} in SQL; their listings' rows ${after.rows.kept - before.rows.kept} kept, ${after.rows.read - before.rows.read} read; snapshot brought forward ${builds.join(', ')})`,
      );
      return after;
    };
    let at = await sources();
    const lookupsBefore = await answerLookups(base);
    asked.clear();
    results.push(await profiled(child, options, `${target}-realistic`, () => measure(base, MIX, mixNext, options.duration * 2, options.connections)));
    const askedWarm = asked.size;
    at = await sourcesOf(MIX, at);
    const lookupsWarm = await answerLookups(base);
    asked.clear();
    results.push(await profiled(child, options, `${target}-edit-a-second`, () => measureWithEdits(url, base, MIX_EDITS, mixNext, options.duration * 2, options.connections, 1000)));
    const askedEdited = asked.size;
    at = await sourcesOf(MIX_EDITS, at);
    const lookupsEdited = await answerLookups(base);
    asked.clear();
    results.push(await profiled(child, options, `${target}-10-edits`, () => measureWithEdits(url, base, MIX_BUSY, mixNext, options.duration * 2, options.connections, 100, BUSY_VIEWS_PER_SECOND)));
    const askedBusy = asked.size;
    at = await sourcesOf(MIX_BUSY, at);
    const lookupsBusy = await answerLookups(base);
    asked.clear();
    results.push(await profiled(child, options, `${target}-live-market`, () => measureWithEdits(url, base, MIX_MARKET, mixNext, options.duration * 2, options.connections, 100, BUSY_VIEWS_PER_SECOND, MARKET_WRITES)));
    const askedMarket = asked.size;
    at = await sourcesOf(MIX_MARKET, at);
    const lookupsMarket = await answerLookups(base);
    results.push(mixDuringRefit);
    rssMb = (await metricValue(base, /^process_resident_memory_bytes /)) / 1024 / 1024;
    log(`API process memory (resident) after the mixes: ${rssMb.toFixed(0)} MB`);
    const share = (a: { hit: number; miss: number }, b: { hit: number; miss: number }) =>
      `${(b.hit - a.hit).toLocaleString('en-US')} of ${(b.hit - a.hit + b.miss - a.miss).toLocaleString('en-US')} (${((100 * (b.hit - a.hit)) / Math.max(1, b.hit - a.hit + b.miss - a.miss)).toFixed(1)} %)`;
    hitRates.set(MIX, share(lookupsBefore, lookupsWarm));
    hitRates.set(MIX_EDITS, share(lookupsWarm, lookupsEdited));
    hitRates.set(MIX_BUSY, share(lookupsEdited, lookupsBusy));
    hitRates.set(MIX_MARKET, share(lookupsBusy, lookupsMarket));
    log(`Cache hit rate (searches answered from kept answers): realistic mix ${hitRates.get(MIX)}, ${askedWarm.toLocaleString('en-US')} distinct searches asked; with an edit every second ${hitRates.get(MIX_EDITS)}, ${askedEdited.toLocaleString('en-US')} distinct; with 10 edits a second and ${BUSY_VIEWS_PER_SECOND} views counted a second ${hitRates.get(MIX_BUSY)}, ${askedBusy.toLocaleString('en-US')} distinct; a live market ${hitRates.get(MIX_MARKET)}, ${askedMarket.toLocaleString('en-US')} distinct`);
    log(`Load average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}\n`);
    if (!options.mixesOnly) pageIds = await apiPageIds(base, kinds);

    const header = `${'search'.padEnd(28)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'requests'.padStart(10)}${'errors'.padStart(8)}`;
    log(header);
    log('-'.repeat(header.length));
    for (const r of results) {
      log(`${r.name.padEnd(28)}${r.rps.toFixed(0).padStart(9)}${r.p50.toFixed(1).padStart(9)}${r.p95.toFixed(1).padStart(9)}${r.p99.toFixed(1).padStart(9)}${String(r.requests).padStart(10)}${String(r.errors).padStart(8)}`);
    }
    for (const r of results.filter((m) => m.errors > 0)) {
      const timedOut = r.timedOut ?? 0;
      log(`  ${r.name}: ${r.errors} errors: ${r.errors - timedOut} answered other than 200 or failed, ${timedOut} not answered within ${REQUEST_TIMEOUT_S} s (in the percentiles at ${REQUEST_TIMEOUT_S} s)`);
    }
    log('');
    for (const mix of results.filter((r) => MIXES.includes(r.name))) {
      const goal = mixGoal(mix.name);
      log(`Goal p95 < ${goal.p95} ms and p99 < ${goal.p99} ms for the ${mix.name.toLowerCase()}: ${meetsMixGoal(mix) ? 'met' : 'NOT met'} (${mix.p95.toFixed(1)} / ${mix.p99.toFixed(1)} ms, hit rate ${hitRates.get(mix.name)})`);
    }
  } finally {
    const exited = child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : undefined;
    child.kill('SIGTERM');
    await exited;
  }

  const { sql: bare, api: asSent } = options.mixesOnly ? { sql: [], api: [] } : await printBareReference(url, engine, options, apiResults, pageIds);
  log(`API p95: the app over HTTP (validation, cache, JSON; ${options.connections} requests in flight), each kind on its own.`);
  if (target === 'sqlite' && !options.reuse && existsSync(url.slice('sqlite:'.length))) log(`(SQLite file kept for --reuse: ${url.slice('sqlite:'.length)})`);
  return { engine, cold, coldAfterWrite, api: apiResults, bare, asSent, hitRates, seedSeconds, readySeconds, rssMb };
}

/** Every engine measured, side by side: p95 / p99 of the API and p95 of the bare driver, per kind. */
function printSideBySide(reports: EngineReport[], options: Options): void {
  log(`\n${'='.repeat(30)} Both engines, ${options.n.toLocaleString('en-US')} listings, concurrency ${options.connections} ${'='.repeat(30)}`);
  log(reports.map((r, i) => `  [${i + 1}] ${r.engine}`).join('\n'));
  log('  ms; API = the app over HTTP, p95 / p99; SQL / sent = the page queries straight on the driver, p95: found in SQL /');
  log('  as the API sends them (see each engine\'s bare reference)');
  const cell = (text: string) => text.padStart(36);
  log(`${'search'.padEnd(28)}${reports.map((_, i) => cell(`[${i + 1}] API p95 / p99   SQL / sent`)).join('')}`);
  log('-'.repeat(28 + 36 * reports.length));
  log(`${'seeding + ANALYZE'.padEnd(28)}${reports.map((r) => cell(`${r.seedSeconds.toFixed(0)} s`)).join('')}`);
  log(`${'server ready after'.padEnd(28)}${reports.map((r) => cell(`${r.readySeconds.toFixed(1)} s`)).join('')}`);
  log(`${'API resident memory'.padEnd(28)}${reports.map((r) => cell(`${r.rssMb.toFixed(0)} MB`)).join('')}`);
  log(`${'cold pass at start'.padEnd(28)}${reports.map((r) => cell(`${r.cold.p95.toFixed(1)} p95, max ${r.cold.max.toFixed(0)}`)).join('')}`);
  log(`${'cold pass after a write'.padEnd(28)}${reports.map((r) => cell(`${r.coldAfterWrite.p95.toFixed(1)} p95, max ${r.coldAfterWrite.max.toFixed(0)}`)).join('')}`);
  for (const row of reports[0]!.api) {
    const cells = reports.map((r) => {
      const api = r.api.find((a) => a.name === row.name);
      const bare = r.bare.find((b) => b.name === row.name);
      const sent = r.asSent.find((b) => b.name === row.name);
      return cell(api ? `${api.p95.toFixed(1)} / ${api.p99.toFixed(1)}   ${bare ? bare.p95.toFixed(1) : '-'} / ${sent ? sent.p95.toFixed(1) : '-'}` : '-');
    });
    log(`${row.name.padEnd(28)}${cells.join('')}`);
  }
  for (const r of reports) {
    for (const mix of r.api.filter((m) => MIXES.includes(m.name))) {
      const goal = mixGoal(mix.name);
      log(`${r.engine}: ${mix.name.toLowerCase()} p95 ${mix.p95.toFixed(1)} ms, p99 ${mix.p99.toFixed(1)} ms, ${mix.rps.toFixed(0)} req/s, hit rate ${r.hitRates.get(mix.name)} (goal p95 < ${goal.p95}, p99 < ${goal.p99}: ${meetsMixGoal(mix) ? 'met' : 'NOT met'})`);
    }
  }
}

/**
 * A fixed piece of work like the server's (a pass of typed-array columns, as the counts make; JSON of an answer's
 * size), timed on one thread: the same code measured on two machines, or on one machine at two times, differs
 * by about what this does, so latency figures from runs on different machines can be compared through it.
 */
function machineSpeed(): number {
  const rows = 1_000_000;
  const price = Float64Array.from({ length: rows }, (_, i) => (i * 7919) % 100_000);
  const make = Uint16Array.from({ length: rows }, (_, i) => (i * 31) % 60);
  const answer = { vehicles: Array.from({ length: 24 }, (_, i) => ({ id: i, make: 'Toyota', model: 'Camry', price: 20_000 + i, description: 'x'.repeat(400), features: ['Heated Seats', 'Sunroof'], images: ['a', 'b', 'c'] })) };
  const started = performance.now();
  let sink = 0;
  for (let round = 0; round < 100; round += 1) {
    const tally = new Uint32Array(60);
    for (let i = 0; i < rows; i += 1) if (price[i] <= 30_000 + round) tally[make[i]] += 1;
    sink += tally[round];
  }
  for (let round = 0; round < 10_000; round += 1) sink += JSON.stringify(answer).length;
  if (sink < 0) log(String(sink));
  return performance.now() - started;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  log(`This machine: ${machineSpeed().toFixed(0)} ms for the bench's fixed piece of work (counting passes and JSON; lower is faster), load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const reports: EngineReport[] = [];
  try {
    for (const engine of options.engines) reports.push(await benchEngine(engine, options));
  } finally {
    await restoreBufferPool?.();
  }
  if (reports.length > 1 && !options.sqlOnly) printSideBySide(reports, options);
  if (reports.some((r) => r.api.some((m) => m.errors > 0))) process.exitCode = 1;
}



main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
