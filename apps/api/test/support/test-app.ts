import type { Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/app.factory';
import { loadConfig, type AppConfig } from '../../src/infra/config/app-config';
import { HttpClient } from './http-client';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface TestApp {
  app: NestFastifyApplication;
  config: AppConfig;
  database: TestDatabase;
  baseUrl: string;
  /** A new client with no cookies (a new visitor). */
  client(): HttpClient;
  close(): Promise<void>;
}

/**
 * Starts the real application (the same factory as production: Fastify, plugins, global pipe, filter and
 * guards) on a fresh database of the engine under test, listening on a free loopback port.
 */
export async function startTestApp(env: Record<string, string> = {}, extraModules: Type[] = []): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'cm-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    SEED_DEMO: 'false',
    // A cheap argon2id cost: every sign-up and sign-in hashes. The production default has its own unit test
    // (app-config.spec.ts), and hashes verify by the parameters they carry (password.spec.ts). An app started in
    // production mode keeps the production cost, as production refuses a cheaper one.
    ...(env.NODE_ENV === 'production' ? {} : { PASSWORD_HASH_MEMORY_KIB: '1024', PASSWORD_HASH_PASSES: '1' }),
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
    // Pages are drawn by the storefront's server build only where a test gives one (web-pages.e2e-spec.ts), not
    // by whatever build the checkout happens to hold.
    STOREFRONT_RENDERER: join(dataDir, 'no-storefront-renderer.js'),
    ...env,
  });
  let app: NestFastifyApplication;
  try {
    app = await createApp(config, extraModules);
    await app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    app,
    config,
    database,
    baseUrl,
    client: () => new HttpClient(baseUrl),
    close: async () => {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
