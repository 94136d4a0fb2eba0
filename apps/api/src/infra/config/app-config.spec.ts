import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from './app-config';
import { ConfigError } from './config-error';

describe('loadConfig', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'cm-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const load = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: dataDir, ...env });

  it('defaults to embedded SQLite under the data folder and port 3000', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ type: 'sqlite', path: join(dataDir, 'carmarket.sqlite') });
  });

  it('seeds the demo by default in development only (its accounts have published passwords)', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).seedDemo).toBe(true);
    const production = { DATA_DIR: dataDir, NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) };
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('hashes passwords at the production argon2id cost (64 MiB, 3 passes) unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).passwordHash).toEqual({ memoryKib: 65536, passes: 3 });
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }).passwordHash).toEqual({ memoryKib: 65536, passes: 3 });
    expect(loadConfig({ DATA_DIR: dataDir, PASSWORD_HASH_MEMORY_KIB: '1024', PASSWORD_HASH_PASSES: '1' }).passwordHash).toEqual({ memoryKib: 1024, passes: 1 });
  });

  it('refuses a password hash cost out of range, and one below OWASP\'s argon2id floor in production', () => {
    expect(load({ PASSWORD_HASH_MEMORY_KIB: '512' })).toThrow(/^Invalid configuration: PASSWORD_HASH_MEMORY_KIB must be a whole number from 1024 to 4194304/);
    expect(load({ PASSWORD_HASH_PASSES: '0' })).toThrow(/^Invalid configuration: PASSWORD_HASH_PASSES must be a whole number from 1 to 20/);
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) };
    expect(load({ ...production, PASSWORD_HASH_MEMORY_KIB: '1024', PASSWORD_HASH_PASSES: '1' })).toThrow(/PASSWORD_HASH_MEMORY_KIB is below OWASP's argon2id minimum/);
    expect(load({ ...production, PASSWORD_HASH_MEMORY_KIB: String(19 * 1024), PASSWORD_HASH_PASSES: '1' })).toThrow(/PASSWORD_HASH_PASSES is below OWASP's argon2id minimum/);
    expect(loadConfig({ DATA_DIR: dataDir, ...production, PASSWORD_HASH_MEMORY_KIB: String(19 * 1024), PASSWORD_HASH_PASSES: '2' }).passwordHash).toEqual({ memoryKib: 19456, passes: 2 });
  });

  it('reads a MySQL DATABASE_URL', () => {
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'mysql://app:s%40cret@db.internal:3307/cars' });
    expect(config.database).toEqual({ type: 'mysql', host: 'db.internal', port: 3307, username: 'app', password: 's@cret', database: 'cars' });
  });

  it('refuses a DATABASE_URL with another scheme, naming the variable', () => {
    expect(load({ DATABASE_URL: 'postgres://localhost/cars' })).toThrow(
      new ConfigError('DATABASE_URL', 'has an unsupported scheme "postgres": use sqlite:<path> or mysql://user:pass@host:port/db'),
    );
  });

  it('refuses a DATABASE_URL that is not a URL', () => {
    expect(load({ DATABASE_URL: 'nonsense' })).toThrow(/^Invalid configuration: DATABASE_URL is not a valid URL/);
  });

  it('refuses a MySQL URL without a database', () => {
    expect(load({ DATABASE_URL: 'mysql://root@localhost:3306' })).toThrow(/DATABASE_URL must name a host and a database/);
  });

  it('chooses the S3 storage by S3_BUCKET, with path-style addressing for a custom endpoint', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).s3).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'photos', S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_PUBLIC_URL: 'https://cdn.example.com/p' }).s3).toEqual({
      bucket: 'photos',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
      publicUrl: 'https://cdn.example.com/p/',
    });
    expect(loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'photos' }).s3).toMatchObject({ endpoint: undefined, forcePathStyle: false, credentials: undefined });
    expect(load({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/^Invalid configuration: S3_BUCKET must be set with S3_ENDPOINT/);
    expect(load({ S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'k' })).toThrow(/^Invalid configuration: S3_SECRET_ACCESS_KEY must be set together with the other$/);
  });

  it("reads ADMIN_REMOTE_URL as a path on this site or the URL of the console's own server", () => {
    expect(load({})().site).toMatchObject({ adminRemoteUrl: '/admin-app/remoteEntry.js', adminRemoteOrigin: undefined });
    expect(load({ ADMIN_REMOTE_URL: 'https://console.example.com/v2/remoteEntry.js' })().site).toMatchObject({
      adminRemoteUrl: 'https://console.example.com/v2/remoteEntry.js',
      adminRemoteOrigin: 'https://console.example.com',
    });
    for (const bad of ['//evil.example/remoteEntry.js', '/\\evil.example/remoteEntry.js', 'javascript:alert(1)', 'remoteEntry.js', 'ftp://x.example/remoteEntry.js']) {
      expect(load({ ADMIN_REMOTE_URL: bad })).toThrow(/^Invalid configuration: ADMIN_REMOTE_URL must be a path starting with \/ or an http\(s\) URL$/);
    }
  });

  it('refuses, in production, an ADMIN_REMOTE_URL that is neither https:, a path on this site nor this machine', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) };
    for (const bad of ['http://console.example.com/remoteEntry.js', 'http://10.0.0.5:3002/remoteEntry.js', 'http://127.0.0.1.example.com/remoteEntry.js', 'http://localhost.example.com/remoteEntry.js']) {
      expect(load({ ...production, ADMIN_REMOTE_URL: bad })).toThrow(
        /^Invalid configuration: ADMIN_REMOTE_URL must be an https:\/\/ URL or a path on this site in production/,
      );
      // Development and tests may load the console from a plain-http dev server.
      expect(load({ ADMIN_REMOTE_URL: bad })().site.adminRemoteUrl).toBe(bad);
    }
    expect(load({ ...production, ADMIN_REMOTE_URL: 'https://console.example.com/remoteEntry.js' })().site.adminRemoteOrigin).toBe('https://console.example.com');
    expect(load({ ...production, ADMIN_REMOTE_URL: '/admin-app/remoteEntry.js' })().site.adminRemoteOrigin).toBeUndefined();
    // A console served on this machine's loopback: nothing on the way to replace its code.
    for (const local of ['http://127.0.0.1:3002/remoteEntry.js', 'http://localhost:3002/remoteEntry.js', 'http://[::1]:3002/remoteEntry.js']) {
      expect(load({ ...production, ADMIN_REMOTE_URL: local })().site.adminRemoteUrl).toBe(local);
    }
  });

  it('reads TRUST_PROXY as off, a hop count or the proxies\' addresses; true is one hop, never "trust every hop"', () => {
    expect(load({})().trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: 'false' })().trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: '0' })().trustProxy).toBe(false);
    // Fastify's `trustProxy: true` takes the leftmost X-Forwarded-For address, which the client writes.
    expect(load({ TRUST_PROXY: 'true' })().trustProxy).toBe(1);
    expect(load({ TRUST_PROXY: '1' })().trustProxy).toBe(1);
    expect(load({ TRUST_PROXY: '2' })().trustProxy).toBe(2);
    expect(load({ TRUST_PROXY: '127.0.0.1' })().trustProxy).toEqual(['127.0.0.1']);
    expect(load({ TRUST_PROXY: ' 10.0.0.0/8, ::1 ,fd00::/8,loopback' })().trustProxy).toEqual(['10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
    for (const bad of ['everything', '10.0.0.0/33', '300.1.1.1', '-1', '1.5', '10.0.0.1,', 'fd00::/129']) {
      expect(load({ TRUST_PROXY: bad })).toThrow(/^Invalid configuration: TRUST_PROXY must be false, a number of proxies \(1 to 10\) or their addresses/);
    }
  });

  it('refuses a bad PORT, naming it', () => {
    expect(load({ PORT: 'eighty' })).toThrow(/^Invalid configuration: PORT must be a whole number from 1 to 65535$/);
  });

  it('requires a 32-byte SESSION_SECRET in production', () => {
    expect(load({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET is required in production/);
    expect(load({ NODE_ENV: 'production', SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET must be at least 32 bytes/);
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) }).session.secret).toBe('x'.repeat(32));
  });

  it('generates a development secret once and keeps it under the data folder', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).session.secret;
    const second = loadConfig({ DATA_DIR: dataDir }).session.secret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second).toBe(first);
    expect(readFileSync(join(dataDir, 'session-secret'), 'utf8').trim()).toBe(first);
  });

  it('reads the mail settings: SMTP needs STAFF_EMAIL; without SMTP_URL mail goes to the log', () => {
    expect(load({ SMTP_URL: 'smtp://mail.internal:25' })).toThrow(/^Invalid configuration: STAFF_EMAIL is required when SMTP_URL is set/);
    expect(load({ SMTP_URL: 'http://mail.internal' })).toThrow(/^Invalid configuration: SMTP_URL must be a URL \(smtp, smtps\)$/);
    expect(load({ STAFF_EMAIL: 'not-an-address' })).toThrow(/^Invalid configuration: STAFF_EMAIL must be an e-mail address$/);
    const config = loadConfig({ DATA_DIR: dataDir, SMTP_URL: 'smtps://u:p@mail.internal:465', STAFF_EMAIL: 'Staff@Example.com', SITE_NAME: 'Cars "R" Us' });
    const outbox = { pollMs: 2000, retryBaseMs: 30_000, maxAttempts: 10 };
    expect(config.mail).toEqual({ smtpUrl: 'smtps://u:p@mail.internal:465', staffEmail: 'staff@example.com', from: '"Cars R Us" <no-reply@localhost>', ...outbox });
    expect(loadConfig({ DATA_DIR: dataDir }).mail).toEqual({ smtpUrl: undefined, staffEmail: undefined, from: '"AutoTrust Motors" <no-reply@localhost>', ...outbox });
    expect(loadConfig({ DATA_DIR: dataDir, MAIL_POLL_MS: '250', MAIL_RETRY_BASE_SECONDS: '5', MAIL_MAX_ATTEMPTS: '3' }).mail).toMatchObject({ pollMs: 250, retryBaseMs: 5000, maxAttempts: 3 });
    expect(load({ MAIL_MAX_ATTEMPTS: '0' })).toThrow(/MAIL_MAX_ATTEMPTS/);
    expect(config.savedSearchAlertsMs).toBe(60_000);
    expect(loadConfig({ DATA_DIR: dataDir, SAVED_SEARCH_ALERTS_SECONDS: '5' }).savedSearchAlertsMs).toBe(5000);
  });

  it('needs ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(load({ ADMIN_EMAIL: 'a@b.co' })).toThrow(/ADMIN_PASSWORD must be set together with the other/);
  });

  it('reads a hosted image service only when it is complete', () => {
    const hosted = {
      IMAGE_UPLOAD_URL: 'https://api.images.example/v1_1/cars/image/upload',
      IMAGE_UPLOAD_PRESETS: 'vehicles, listings',
      IMAGE_URL_PREFIX: 'https://res.images.example/cars',
    };
    expect(loadConfig({ DATA_DIR: dataDir, ...hosted }).hostedImages).toEqual({
      uploadUrl: hosted.IMAGE_UPLOAD_URL,
      presets: ['vehicles', 'listings'],
      folder: '',
      urlPrefix: 'https://res.images.example/cars/',
    });
    expect(loadConfig({ DATA_DIR: dataDir }).hostedImages).toBeUndefined();
    expect(load({ IMAGE_UPLOAD_URL: hosted.IMAGE_UPLOAD_URL, IMAGE_UPLOAD_PRESETS: 'vehicles' })).toThrow(/IMAGE_URL_PREFIX must be set/);
    expect(load({ ...hosted, IMAGE_UPLOAD_PRESETS: ' , ' })).toThrow(/IMAGE_UPLOAD_PRESETS must list at least one/);
    expect(load({ ...hosted, IMAGE_URL_PREFIX: 'http://insecure.example/' })).toThrow(/IMAGE_URL_PREFIX must be a URL \(https\)/);
  });

  it('keeps the global rate limit at 1,000 a minute or more, and at most 100 million (a load test)', () => {
    expect(load({ RATE_LIMIT_PER_MINUTE: '100' })).toThrow(/RATE_LIMIT_PER_MINUTE must be a whole number from 1000 to 100000000/);
    expect(loadConfig({ DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '100000000' }).rateLimitPerMinute).toBe(100_000_000);
    expect(load({ RATE_LIMIT_PER_MINUTE: '100000001' })).toThrow(/RATE_LIMIT_PER_MINUTE must be a whole number/);
  });

  it('reads the analytics retention and flush interval, with defaults of 90 days and 1 s', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).analytics).toEqual({ retentionDays: 90, flushMs: 1000, rollupMs: 300_000 });
    expect(loadConfig({ DATA_DIR: dataDir, ANALYTICS_RETENTION_DAYS: '30', ANALYTICS_FLUSH_MS: '0', ANALYTICS_ROLLUP_SECONDS: '60' }).analytics).toEqual({ retentionDays: 30, flushMs: 0, rollupMs: 60_000 });
    expect(load({ ANALYTICS_RETENTION_DAYS: '0' })).toThrow(/ANALYTICS_RETENTION_DAYS must be a whole number from 1 to 3650/);
  });
});

describe('.env.example', () => {
  it('documents every variable the API reads, and only those', () => {
    const { envSchema } = jest.requireActual<typeof import('./config.schema')>('./config.schema');
    const documented = readFileSync(join(__dirname, '../../../../../.env.example'), 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
      .map((line) => line.split('=')[0]);
    expect([...documented].sort()).toEqual(Object.keys(envSchema.shape).sort());
  });
});
