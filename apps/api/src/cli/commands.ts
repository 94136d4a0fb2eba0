import { NestFactory } from '@nestjs/core';
import { parseArgs } from 'node:util';
import { DataSource } from 'typeorm';
import { LoginDto } from '@app/shared';
import { createApp } from '../app.factory';
import type { AppConfig } from '../infra/config/app-config';
import { dataSourceOptions } from '../infra/database/data-source-options';
import { migrateUnderLock } from '../infra/database/migrate';
import { resolveDatabaseSettings } from '../infra/database/server-flavor';
import { registeredRoutes } from '../infra/http/route-list';
import { OPENAPI_JSON_PATH } from '../infra/openapi/openapi';
import { createValidationPipe } from '../infra/http/validation';
import { JobLockService } from '../infra/jobs/job-lock.service';
import { JobsModule } from '../infra/jobs/jobs.module';
import { AnalyticsRollupService, AnalyticsModule, ROLLUP_JOB } from '../modules/analytics';
import { UsersService } from '../modules/users';
import { CacheModule } from '../infra/cache/cache.module';
import { MailModule } from '../infra/mail/mail.module';
import { ListingImportModule, ListingImportService } from '../modules/listing-import';
import { CliModule } from './cli.module';

/** `npm run migration:run`: applies pending migrations and lists them. */
export async function runMigrations(config: AppConfig): Promise<void> {
  const dataSource = new DataSource(dataSourceOptions(await resolveDatabaseSettings(config.database)));
  await dataSource.initialize();
  try {
    const applied = await migrateUnderLock(dataSource);
    console.log(applied.length ? `Applied: ${applied.map((m) => m.name).join(', ')}` : 'No pending migrations');
  } finally {
    await dataSource.destroy();
  }
}

/** `npm run admin:create -- --email … --password …`: creates the admin, or promotes an existing user. */
export async function createAdmin(config: AppConfig, argv: string[]): Promise<void> {
  const { values } = parseArgs({ args: argv, options: { email: { type: 'string' }, password: { type: 'string' } } });
  const input = (await createValidationPipe().transform(
    { email: values.email ?? '', password: values.password ?? '' },
    { type: 'body', metatype: LoginDto },
  )) as LoginDto;
  if (input.password.length < 6) throw new Error('--password must be at least 6 characters');
  const app = await NestFactory.createApplicationContext(CliModule.forRoot(config), { logger: ['error', 'warn'] });
  try {
    const outcome = await app.get(UsersService).ensureAdmin(input.email, input.password);
    console.log(`Admin ${input.email}: ${outcome}`);
  } finally {
    await app.close();
  }
}

/**
 * `node dist/apps/api/main.js analytics:rollup`: rolls page views up now (as the scheduled job does every
 * 5 minutes, under the same lock, so it never runs beside a server's run on MySQL).
 */
export async function rollupAnalytics(config: AppConfig): Promise<void> {
  const app = await NestFactory.createApplicationContext(CliModule.forRoot(config, [JobsModule, AnalyticsModule]), { logger: ['error', 'warn'] });
  try {
    const started = Date.now();
    let summary = '';
    const outcome = await app.get(JobLockService).runExclusive(ROLLUP_JOB, async () => {
      const r = await app.get(AnalyticsRollupService).rollup();
      summary = `${r.visitsRead} page view(s) read, sessions +${r.sessionsInserted} ~${r.sessionsUpdated} -${r.sessionsDeleted}, ${r.days} day(s)`;
    });
    if (outcome === 'failed') throw new Error('The roll-up failed (see the log above)');
    console.log(outcome === 'skipped' ? 'Another instance is rolling up right now' : `Rolled up in ${Date.now() - started} ms: ${summary}`);
  } finally {
    await app.close();
  }
}

/**
 * `node dist/apps/api/main.js routes`: builds the whole app without listening and prints every route it
 * serves as JSON (`[{ "method": "GET", "url": "/api/vehicles/:id" }, …]`): the request fuzzer of
 * `npm run security:scan` covers exactly these.
 */
export async function printRoutes(config: AppConfig): Promise<void> {
  const app = await createApp({ ...config, seedDemo: false });
  try {
    await app.init();
    const fastify = app.getHttpAdapter().getInstance();
    await fastify.ready();
    process.stdout.write(`${JSON.stringify(registeredRoutes(fastify))}\n`);
  } finally {
    await app.close();
  }
}

/**
 * `node dist/apps/api/main.js openapi`: builds the whole app without listening and prints the OpenAPI document
 * it serves at GET /api/openapi.json (`npm run openapi` writes it into libs/shared and types the clients from it).
 */
export async function printOpenApi(config: AppConfig): Promise<void> {
  const app = await createApp({ ...config, seedDemo: false });
  try {
    await app.init();
    const fastify = app.getHttpAdapter().getInstance();
    await fastify.ready();
    const response = await fastify.inject({ method: 'GET', url: OPENAPI_JSON_PATH });
    if (response.statusCode !== 200) throw new Error(`GET ${OPENAPI_JSON_PATH} answered ${response.statusCode}`);
    process.stdout.write(`${JSON.stringify(response.json(), null, 2)}\n`);
  } finally {
    await app.close();
  }
}

/**
 * `node dist/apps/api/main.js import <folder>`: imports a listing bundle (libs/shared's ListingBundle) through
 * the product's services, traffic included. Refuses the whole bundle when one listing breaks a rule.
 */
export async function importBundle(config: AppConfig, argv: string[]): Promise<void> {
  const [dir] = argv;
  if (!dir) throw new Error('Usage: import <bundle folder>');
  const app = await NestFactory.createApplicationContext(CliModule.forRoot({ ...config, seedDemo: false }, [JobsModule, MailModule, CacheModule, ListingImportModule]), {
    logger: ['error', 'warn'],
  });
  try {
    const importer = app.get(ListingImportService);
    const bundle = await importer.readBundle(dir);
    const { summary, ids } = await importer.importListings(dir, bundle, 'import');
    const visits = await importer.importTraffic(dir, bundle, ids);
    console.log(`Imported ${summary.accounts} accounts, ${summary.listings} listings, ${summary.photos} photos, ${summary.inquiries} inquiries, ${summary.marketSales} past sales, ${visits} page views`);
  } finally {
    await app.close();
  }
}
