import { hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { S3Settings } from '../storage/s3.storage';
import { type BusinessHours, envSchema, parseBusinessHours, PRODUCTION_PASSWORD_HASH_COST, type RawEnv } from './config.schema';
import { ConfigError } from './config-error';
import { DatabaseSettings, parseDatabaseUrl } from './database-url';

export const MIN_SESSION_SECRET_BYTES = 32;
export { PRODUCTION_PASSWORD_HASH_COST };
/** argon2id's memory (KiB) and passes for new password hashes; the lanes stay 4. */
export interface PasswordHashCost {
  memoryKib: number;
  passes: number;
}
/** OWASP Password Storage Cheat Sheet: argon2id with at least 19 MiB and 2 passes, or 46 MiB and 1 pass. */
const OWASP_MIN_MEMORY_KIB = 19 * 1024;
const OWASP_ONE_PASS_MEMORY_KIB = 46 * 1024;

/** The typed configuration of the API, validated once at start. */
export interface AppConfig {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  logLevel: string;
  dataDir: string;
  database: DatabaseSettings;
  /** Local storage of uploaded photos (served under /uploads). */
  uploadDir: string;
  session: { secret: string; ttlHours: number };
  publicUrl?: string;
  /**
   * Which forwarding proxies Fastify trusts for the client's address (TRUST_PROXY): none, the nearest n hops,
   * or these addresses and ranges. Never "every hop": the leftmost X-Forwarded-For entry is the client's to write.
   */
  trustProxy: false | number | string[];
  rateLimitPerMinute: number;
  /** Rate limits, sign-in throttle and upload quota counted in Redis across instances (REDIS_URL); in process without. */
  redis?: { url: string; keyPrefix: string };
  /** Bearer token of GET /metrics; unset: only unforwarded scrapes from this machine. */
  metricsToken?: string;
  admin?: { email: string; password: string };
  seedDemo: boolean;
  /** The demo listing bundle (made by `npm run demo:build`) imported into an empty database when seedDemo is on. */
  demoBundleDir: string;
  /** adminRemoteOrigin: the origin the console's code loads from when ADMIN_REMOTE_URL is another server's. */
  site: { name: string; supportPhone: string; reviewsUrl: string; reviews: { rating: number; count: number } | null; adminRemoteUrl: string; adminRemoteOrigin: string | undefined };
  /** A hosted image service (upload presets), used instead of the API's own uploads when configured. */
  hostedImages?: { uploadUrl: string; presets: string[]; folder: string; urlPrefix: string };
  staticDirs: { storefront: string; admin: string };
  /** The storefront's server build (dist-server/render.js): draws public pages for visitors not signed in. */
  storefrontRenderer: string;
  /**
   * retentionDays: raw page visits (and the visits rolled up from them) older than this are purged.
   * flushMs: page views are written in batches this often; 0 writes each one at once.
   * rollupMs: the roll-up of page views runs once per this period across all instances.
   */
  analytics: { retentionDays: number; flushMs: number; rollupMs: number };
  /**
   * E-mail: the SMTP server (none: written to the log), the sender, staff's address, and the outbox's worker:
   * how often it looks for mail to send, the first retry's delay (doubling with each failure, at most an
   * hour) and the attempts after which a message is marked failed for staff to see.
   */
  mail: { smtpUrl?: string; from: string; staffEmail?: string; pollMs: number; retryBaseMs: number; maxAttempts: number };
  /** How often the saved-search alert job looks for alerts that are due (instant ones are sent then). */
  savedSearchAlertsMs: number;
  /**
   * Where a search's total and facet counts come from: 'memory' (the counts snapshot, falling back to SQL while it
   * catches up) or 'sql' (always the plain SQL counts: tells a bug of the snapshot from one of the SQL).
   * See apps/api/src/modules/vehicles/search/SEARCH-COUNTS.md.
   */
  searchCounts: 'memory' | 'sql';
  /** Bytes of whole answers (a search's page, in JSON) each instance keeps (VersionedCacheService.answer). */
  answerCacheBytes: number;
  /** Photo uploads each signed-in user may make per hour. */
  uploadsPerHour: number;
  /**
   * Photos a user may hold that no listing uses yet (count and bytes of the full size); how long such a photo
   * is kept before the orphan job removes it; the free disk below which uploads are refused (507).
   */
  uploadLimits: { maxUnattached: number; maxUnattachedBytes: number; orphanTtlMs: number; minFreeBytes: number };
  /**
   * Photos decoded and encoded at once (UPLOAD_DECODE_CONCURRENCY, default one per core) and uploads that may
   * wait for their turn (UPLOAD_DECODE_QUEUE, default two per core); beyond that an upload is answered 503.
   */
  decodeQueue: { concurrency: number; waiting: number };
  /** The prepared vPIC database of VIN decoding; undefined: a versioned file in the temp folder, made on first use. */
  vpicDbPath?: string;
  /** Photos in an S3-compatible bucket instead of `uploadDir` (set when S3_BUCKET is). */
  s3?: S3Settings;
  /** argon2id's cost for new password hashes (a hash keeps its own, so older hashes still verify). */
  passwordHash: PasswordHashCost;
  /** Apply pending migrations at start (under a database lock); false: a release step runs them. */
  migrateOnStart: boolean;
  /**
   * On SIGTERM/SIGINT: /api/ready answers 503 for delayMs (the load balancer stops sending), then the
   * server stops accepting, drains the requests in flight and flushes buffers; after timeoutMs it exits anyway.
   */
  shutdown: { delayMs: number; timeoutMs: number };
  /**
   * The associate desk: the first-response target in business minutes and the business hours (UTC), how often
   * overdue leads are escalated, the success fee's rule, the financing answers' key and retention, the reply
   * addresses' domain and the inbound SMTP receiver (off without a port).
   */
  desk: {
    firstResponseMinutes: number;
    businessHours: BusinessHours;
    escalationMs: number;
    successFee: { percent: number; min: number; max: number };
    financingKey: Buffer;
    financingRetentionDays: number;
    inboundDomain: string;
    inboundSmtp?: { port: number; host: string };
  };
}

/** Injection token of the AppConfig. */
export const APP_CONFIG = Symbol('APP_CONFIG');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(String(issue.path[0] ?? 'environment'), issue.message);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = resolve(e.DATA_DIR);
  const database = parseDatabaseUrl(e.DATABASE_URL, dataDir);

  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(e.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL', 'must be set together with the other');
  }
  if (e.ADMIN_EMAIL && !z.email().safeParse(e.ADMIN_EMAIL).success) {
    throw new ConfigError('ADMIN_EMAIL', 'must be an e-mail address');
  }
  if (e.SMTP_URL && !e.STAFF_EMAIL) {
    throw new ConfigError('STAFF_EMAIL', 'is required when SMTP_URL is set (staff notifications go there)');
  }
  if (e.ADMIN_PASSWORD && e.ADMIN_PASSWORD.length < 6) {
    throw new ConfigError('ADMIN_PASSWORD', 'must be at least 6 characters');
  }

  if (isProduction && (e.PASSWORD_HASH_MEMORY_KIB < OWASP_MIN_MEMORY_KIB || (e.PASSWORD_HASH_MEMORY_KIB < OWASP_ONE_PASS_MEMORY_KIB && e.PASSWORD_HASH_PASSES < 2))) {
    throw new ConfigError(
      e.PASSWORD_HASH_MEMORY_KIB < OWASP_MIN_MEMORY_KIB ? 'PASSWORD_HASH_MEMORY_KIB' : 'PASSWORD_HASH_PASSES',
      `is below OWASP's argon2id minimum in production (${OWASP_MIN_MEMORY_KIB} KiB with 2 passes, or ${OWASP_ONE_PASS_MEMORY_KIB} KiB with 1)`,
    );
  }
  if (isProduction && !e.ADMIN_REMOTE_URL.startsWith('/') && !isSafeConsoleOrigin(new URL(e.ADMIN_REMOTE_URL))) {
    // The console's code runs with staff's session: fetched over plain http, anyone on the way could replace it.
    throw new ConfigError(
      'ADMIN_REMOTE_URL',
      'must be an https:// URL or a path on this site in production (code fetched over http can be replaced on the way; only a console on this machine, at a loopback address, may use http://)',
    );
  }

  const secret = sessionSecret(e.SESSION_SECRET, isProduction, dataDir);
  const hostedImages = hostedImagesOf(e.IMAGE_UPLOAD_URL, e.IMAGE_UPLOAD_PRESETS, e.IMAGE_UPLOAD_FOLDER, e.IMAGE_URL_PREFIX);

  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    dataDir,
    database,
    uploadDir: resolve(e.UPLOAD_DIR ?? resolve(dataDir, 'uploads')),
    session: { secret, ttlHours: e.SESSION_TTL_HOURS },
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    trustProxy: e.TRUST_PROXY,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    metricsToken: e.METRICS_TOKEN,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX ?? 'carmarket:' } : undefined,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : undefined,
    // On by default in development only: the demo brings accounts with published passwords.
    seedDemo: e.SEED_DEMO ?? !isProduction,
    demoBundleDir: resolve(e.DEMO_BUNDLE_DIR),
    site: {
      name: e.SITE_NAME,
      supportPhone: e.SUPPORT_PHONE,
      reviewsUrl: e.REVIEWS_URL,
      reviews: e.REVIEWS_RATING !== undefined && e.REVIEWS_COUNT > 0 ? { rating: Number(e.REVIEWS_RATING), count: e.REVIEWS_COUNT } : null,
      adminRemoteUrl: e.ADMIN_REMOTE_URL,
      adminRemoteOrigin: e.ADMIN_REMOTE_URL.startsWith('/') ? undefined : new URL(e.ADMIN_REMOTE_URL).origin,
    },
    hostedImages,
    staticDirs: { storefront: resolve(e.STATIC_DIR), admin: resolve(e.ADMIN_STATIC_DIR) },
    storefrontRenderer: resolve(e.STOREFRONT_RENDERER),
    analytics: { retentionDays: e.ANALYTICS_RETENTION_DAYS, flushMs: e.ANALYTICS_FLUSH_MS, rollupMs: e.ANALYTICS_ROLLUP_SECONDS * 1000 },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `"${e.SITE_NAME.replace(/["\\\r\n]/g, '')}" <no-reply@localhost>`,
      staffEmail: e.STAFF_EMAIL?.toLowerCase(),
      pollMs: e.MAIL_POLL_MS,
      retryBaseMs: e.MAIL_RETRY_BASE_SECONDS * 1000,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
    },
    savedSearchAlertsMs: e.SAVED_SEARCH_ALERTS_SECONDS * 1000,
    searchCounts: e.SEARCH_COUNTS,
    answerCacheBytes: e.ANSWER_CACHE_MB * 1024 * 1024,
    uploadsPerHour: e.UPLOADS_PER_HOUR,
    uploadLimits: {
      maxUnattached: e.UPLOAD_MAX_UNATTACHED,
      maxUnattachedBytes: e.UPLOAD_MAX_UNATTACHED_MB * 1024 * 1024,
      orphanTtlMs: e.UPLOAD_ORPHAN_HOURS * 3600_000,
      minFreeBytes: e.UPLOAD_MIN_FREE_MB * 1024 * 1024,
    },
    decodeQueue: {
      concurrency: e.UPLOAD_DECODE_CONCURRENCY,
      waiting: e.UPLOAD_DECODE_QUEUE,
    },
    vpicDbPath: e.VPIC_DB_PATH ? resolve(e.VPIC_DB_PATH) : undefined,
    s3: s3Of(e),
    passwordHash: { memoryKib: e.PASSWORD_HASH_MEMORY_KIB, passes: e.PASSWORD_HASH_PASSES },
    migrateOnStart: e.MIGRATE_ON_START,
    shutdown: { delayMs: e.SHUTDOWN_DELAY_MS, timeoutMs: e.SHUTDOWN_TIMEOUT_MS },
    desk: deskOf(e, secret),
  };
}

function deskOf(e: RawEnv, sessionSecretValue: string): AppConfig['desk'] {
  if (e.SUCCESS_FEE_MIN > e.SUCCESS_FEE_MAX) throw new ConfigError('SUCCESS_FEE_MAX', 'must be at least SUCCESS_FEE_MIN');
  const financingKey = e.FINANCING_KEY
    ? Buffer.from(e.FINANCING_KEY, 'base64')
    : Buffer.from(hkdfSync('sha256', sessionSecretValue, 'carmarket', 'financing-answers', 32));
  const publicHost = e.PUBLIC_URL ? new URL(e.PUBLIC_URL).hostname : undefined;
  return {
    firstResponseMinutes: e.LEAD_FIRST_RESPONSE_MINUTES,
    businessHours: parseBusinessHours(e.LEAD_BUSINESS_HOURS)!,
    escalationMs: e.LEAD_ESCALATION_SECONDS * 1000,
    successFee: { percent: e.SUCCESS_FEE_PERCENT, min: e.SUCCESS_FEE_MIN, max: e.SUCCESS_FEE_MAX },
    financingKey,
    financingRetentionDays: e.FINANCING_RETENTION_DAYS,
    inboundDomain: (e.INBOUND_MAIL_DOMAIN ?? publicHost ?? 'localhost').toLowerCase(),
    inboundSmtp: e.INBOUND_SMTP_PORT ? { port: Number(e.INBOUND_SMTP_PORT), host: e.INBOUND_SMTP_HOST } : undefined,
  };
}

/** The hosted image service settings: all of upload URL, presets and URL prefix, or none. */
function hostedImagesOf(uploadUrl?: string, presets?: string, folder?: string, urlPrefix?: string): AppConfig['hostedImages'] {
  if (uploadUrl === undefined && presets === undefined && urlPrefix === undefined) return undefined;
  if (uploadUrl === undefined) throw new ConfigError('IMAGE_UPLOAD_URL', 'must be set with IMAGE_UPLOAD_PRESETS and IMAGE_URL_PREFIX');
  if (urlPrefix === undefined) throw new ConfigError('IMAGE_URL_PREFIX', 'must be set with IMAGE_UPLOAD_URL (the https:// prefix of the image URLs the service issues)');
  const list = (presets ?? '').split(',').map((p) => p.trim()).filter(Boolean);
  if (list.length === 0) throw new ConfigError('IMAGE_UPLOAD_PRESETS', 'must list at least one upload preset (comma-separated)');
  return { uploadUrl, presets: list, folder: folder ?? '', urlPrefix: urlPrefix.endsWith('/') ? urlPrefix : `${urlPrefix}/` };
}

/** S3 settings when S3_BUCKET is set; the keys go together; an endpoint (MinIO, s3rver…) implies path-style URLs. */
function s3Of(e: RawEnv): S3Settings | undefined {
  if (e.S3_BUCKET === undefined) {
    const stray = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const).find((name) => e[name] !== undefined);
    if (stray) throw new ConfigError('S3_BUCKET', `must be set with ${stray} (the bucket that holds the photos)`);
    return undefined;
  }
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError(e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID', 'must be set together with the other');
  }
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
    forcePathStyle: e.S3_FORCE_PATH_STYLE === undefined ? e.S3_ENDPOINT !== undefined : ['true', '1', 'yes'].includes(e.S3_FORCE_PATH_STYLE),
    credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
    publicUrl: e.S3_PUBLIC_URL === undefined ? undefined : e.S3_PUBLIC_URL.endsWith('/') ? e.S3_PUBLIC_URL : `${e.S3_PUBLIC_URL}/`,
  };
}

/**
 * Production requires SESSION_SECRET (32+ bytes). Elsewhere a random secret is generated once and kept
 * under the data folder, so sessions survive restarts.
 */
function sessionSecret(given: string | undefined, isProduction: boolean, dataDir: string): string {
  if (given !== undefined) {
    if (Buffer.byteLength(given) < MIN_SESSION_SECRET_BYTES) {
      throw new ConfigError('SESSION_SECRET', `must be at least ${MIN_SESSION_SECRET_BYTES} bytes`);
    }
    return given;
  }
  if (isProduction) {
    throw new ConfigError('SESSION_SECRET', `is required in production (at least ${MIN_SESSION_SECRET_BYTES} bytes)`);
  }
  const file = resolve(dataDir, 'session-secret');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (Buffer.byteLength(kept) >= MIN_SESSION_SECRET_BYTES) return kept;
  }
  mkdirSync(dataDir, { recursive: true });
  const generated = randomBytes(48).toString('base64url');
  writeFileSync(file, generated + '\n', { mode: 0o600 });
  return generated;
}

/**
 * Where production may load the admin console's code from: over https, or over http from this machine's own
 * loopback (127.0.0.0/8, ::1, localhost), where nothing travels a network to be replaced on the way (browsers
 * count loopback as a secure context too).
 */
function isSafeConsoleOrigin(url: URL): boolean {
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(url.hostname));
}
