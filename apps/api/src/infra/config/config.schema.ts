import { availableParallelism } from 'node:os';
import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_ADMIN_REMOTE_URL } from '@app/shared';

/**
 * argon2id's production cost, the default of PASSWORD_HASH_MEMORY_KIB (KiB) and PASSWORD_HASH_PASSES: 64 MiB, 3 passes
 * (4 lanes): above OWASP's Password Storage Cheat Sheet minimums for argon2id (19 MiB with 2 passes, or 46 MiB with 1).
 */
export const PRODUCTION_PASSWORD_HASH_COST = { memoryKib: 64 * 1024, passes: 3 } as const;

/**
 * The default of ANSWER_CACHE_MB, the whole answers each instance keeps (VersionedCacheService.answer): about 4,800
 * pages of 24 search results (27 KB each). Searches are many and their popularity long-tailed: 32 MB (1,200 pages)
 * held the search bench's 20,000 searches' top 1,200, 66 % of the mix (its share of requests, minus first asks), and
 * 128 MB 82 %, which took the mix from 1,447 to 1,995 req/s on SQLite at 100,000 listings.
 */
export const DEFAULT_ANSWER_CACHE_MB = 128;

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));

/** A flag whose default the caller decides (undefined when unset). */
const optionalBool = () =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? undefined : ['true', '1', 'yes'].includes(v)));

const int = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return n;
    });

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const urlText = (protocols: string[]) =>
  optionalText.refine((v) => v === undefined || isUrlWith(v, protocols), {
    message: `must be a URL (${protocols.join(', ')})`,
  });

function isUrlWith(value: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol.replace(':', ''));
  } catch {
    return false;
  }
}

/** The most proxies a request may pass through on its way to the API (a CDN, a load balancer, nginx…). */
export const MAX_PROXY_HOPS = 10;
/** proxy-addr's (Fastify's) names of address ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: which X-Forwarded-For entries are the proxies' and which the client's. false (or 0, unset): none,
 * the socket address is the client. A hop count n: the n proxies nearest the API are trusted, so the client is
 * the n-th address from the right (nginx appends the address it saw: one nginx in front is 1). `true` is one hop
 * (Fastify's own `true` would take the leftmost address, which the client writes). Or the proxies' addresses and
 * CIDR ranges, comma-separated (also `loopback`, `linklocal`, `uniquelocal`): the client is the rightmost address
 * not among them.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    const value = (v ?? '').trim().toLowerCase();
    if (['', 'false', 'no', '0'].includes(value)) return false;
    if (['true', 'yes'].includes(value)) return 1;
    if (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_PROXY_HOPS) return Number(value);
    const addresses = value.split(',').map((a) => a.trim());
    if (!/^\d+$/.test(value) && addresses.every(isAddressOrRange)) return addresses;
    ctx.addIssue({
      code: 'custom',
      message: `must be false, a number of proxies (1 to ${MAX_PROXY_HOPS}) or their addresses (IPs or CIDR ranges, comma-separated)`,
    });
    return z.NEVER;
  });

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Every environment variable the API reads, with its default. `.env.example` documents the same list;
 * `config.spec.ts` checks that the two agree.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: int(3000, 1, 65535),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText,
  UPLOAD_DIR: optionalText,
  SESSION_SECRET: optionalText,
  SESSION_TTL_HOURS: int(24 * 14, 1, 24 * 365),
  PUBLIC_URL: urlText(['http', 'https']),
  TRUST_PROXY: trustProxy,
  // Up to 100 million: a load test from one address sends over a million a minute on one machine (bench:pages).
  RATE_LIMIT_PER_MINUTE: int(1200, 1000, 100_000_000),
  REDIS_URL: urlText(['redis', 'rediss']),
  REDIS_KEY_PREFIX: optionalText,
  METRICS_TOKEN: optionalText.refine((v) => v === undefined || v.length >= 16, { message: 'must be at least 16 characters' }),
  ADMIN_EMAIL: optionalText,
  ADMIN_PASSWORD: optionalText,
  SEED_DEMO: optionalBool(),
  DEMO_BUNDLE_DIR: z.string().default('./tools/demo/bundle'),
  SITE_NAME: z.string().trim().min(1).max(60).default('AutoTrust Motors'),
  SUPPORT_PHONE: z.string().trim().min(7).max(30).default('(555) 010-4287'),
  REVIEWS_URL: urlText(['https', 'http']).transform((v) => v ?? 'https://www.google.com/maps'),
  // The site's real rating on the reviews service: the landing shows a reviews widget only with both set.
  REVIEWS_COUNT: int(0, 0, 10_000_000),
  REVIEWS_RATING: optionalText.refine((v) => v === undefined || (/^\d(\.\d)?$/.test(v) && Number(v) >= 1 && Number(v) <= 5), {
    message: 'must be a rating from 1 to 5 with at most one decimal',
  }),
  IMAGE_UPLOAD_URL: urlText(['https']),
  IMAGE_UPLOAD_PRESETS: optionalText,
  IMAGE_UPLOAD_FOLDER: optionalText,
  IMAGE_URL_PREFIX: urlText(['https']),
  // A path on this site (the API serves the console build) or an http(s) URL of the console's own server.
  ADMIN_REMOTE_URL: z
    .string()
    .trim()
    .default(DEFAULT_ADMIN_REMOTE_URL)
    // A path on this site: not `//host` nor `/\host`, which a browser reads as another origin.
    .refine((v) => /^\/(?![/\\])\S*$/.test(v) || isUrlWith(v, ['http', 'https']), { message: 'must be a path starting with / or an http(s) URL' }),
  STAFF_EMAIL: optionalText.refine((v) => v === undefined || z.email().safeParse(v).success, { message: 'must be an e-mail address' }),
  SMTP_URL: urlText(['smtp', 'smtps']),
  MAIL_FROM: optionalText,
  MAIL_POLL_MS: int(2000, 50, 600_000),
  MAIL_RETRY_BASE_SECONDS: int(30, 0, 86_400),
  MAIL_MAX_ATTEMPTS: int(10, 1, 100),
  SAVED_SEARCH_ALERTS_SECONDS: int(60, 1, 3600),
  SEARCH_COUNTS: z.enum(['memory', 'sql'], { error: 'must be memory or sql' }).default('memory'),
  ANSWER_CACHE_MB: int(DEFAULT_ANSWER_CACHE_MB, 1, 64 * 1024),
  UPLOADS_PER_HOUR: int(300, 1, 100_000),
  UPLOAD_MAX_UNATTACHED: int(40, 1, 10_000),
  UPLOAD_MAX_UNATTACHED_MB: int(100, 1, 100_000),
  UPLOAD_ORPHAN_HOURS: int(6, 1, 24 * 30),
  UPLOAD_MIN_FREE_MB: int(1024, 0, 100_000_000),
  UPLOAD_DECODE_CONCURRENCY: int(availableParallelism(), 1, 256),
  UPLOAD_DECODE_QUEUE: int(2 * availableParallelism(), 0, 10_000),
  VPIC_DB_PATH: optionalText,
  STATIC_DIR: z.string().default('./apps/storefront/dist'),
  ADMIN_STATIC_DIR: z.string().default('./apps/admin/dist'),
  STOREFRONT_RENDERER: z.string().default('./apps/storefront/dist-server/render.js'),
  ANALYTICS_RETENTION_DAYS: int(90, 1, 3650),
  ANALYTICS_FLUSH_MS: int(1000, 0, 60_000),
  ANALYTICS_ROLLUP_SECONDS: int(300, 1, 86_400),
  MIGRATE_ON_START: bool(true),
  // argon2id's cost (the production default: 64 MiB, 3 passes); app-config.ts keeps production at or above OWASP's floor.
  PASSWORD_HASH_MEMORY_KIB: int(PRODUCTION_PASSWORD_HASH_COST.memoryKib, 1024, 4 * 1024 * 1024),
  PASSWORD_HASH_PASSES: int(PRODUCTION_PASSWORD_HASH_COST.passes, 1, 20),
  S3_BUCKET: optionalText,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ENDPOINT: urlText(['http', 'https']),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' }).optional(),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_PUBLIC_URL: urlText(['http', 'https']),
  SHUTDOWN_DELAY_MS: int(0, 0, 120_000),
  SHUTDOWN_TIMEOUT_MS: int(15_000, 1000, 300_000),
  LEAD_FIRST_RESPONSE_MINUTES: int(60, 1, 7 * 24 * 60),
  LEAD_BUSINESS_HOURS: z
    .string()
    .trim()
    .default('1-5 09:00-18:00')
    .refine((v) => parseBusinessHours(v) !== null, { message: 'must be "<first weekday>-<last weekday> HH:MM-HH:MM" (weekdays 1 = Monday to 7), e.g. 1-5 09:00-18:00' }),
  LEAD_ESCALATION_SECONDS: int(60, 1, 86_400),
  SUCCESS_FEE_PERCENT: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return 2;
      const n = Number(v);
      if (!Number.isFinite(n) || n < 0 || n > 100) {
        ctx.addIssue({ code: 'custom', message: 'must be a number from 0 to 100' });
        return z.NEVER;
      }
      return n;
    }),
  SUCCESS_FEE_MIN: int(300, 0, 10_000_000),
  SUCCESS_FEE_MAX: int(2500, 0, 10_000_000),
  FINANCING_KEY: optionalText.refine((v) => v === undefined || Buffer.from(v, 'base64').length === 32, { message: 'must be 32 bytes in base64' }),
  FINANCING_RETENTION_DAYS: int(30, 1, 3650),
  INBOUND_MAIL_DOMAIN: optionalText.refine((v) => v === undefined || /^[a-z0-9.-]+$/i.test(v), { message: 'must be a domain name' }),
  INBOUND_SMTP_PORT: optionalText.refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 65535), { message: 'must be a port from 1 to 65535' }),
  INBOUND_SMTP_HOST: z.string().trim().default('0.0.0.0'),
});

/** Business hours of LEAD_BUSINESS_HOURS: ISO weekdays (1 = Monday … 7) and minutes of the day, UTC. */
export interface BusinessHours {
  firstDay: number;
  lastDay: number;
  startMinute: number;
  endMinute: number;
}

export function parseBusinessHours(value: string): BusinessHours | null {
  const m = /^([1-7])-([1-7])\s+(\d{2}):(\d{2})-(\d{2}):(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const [firstDay, lastDay, sh, sm, eh, em] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const startMinute = sh * 60 + sm;
  const endMinute = eh * 60 + em;
  if (firstDay > lastDay || sh > 23 || eh > 24 || sm > 59 || em > 59 || endMinute > 24 * 60 || startMinute >= endMinute) return null;
  return { firstDay, lastDay, startMinute, endMinute };
}

export type RawEnv = z.infer<typeof envSchema>;
