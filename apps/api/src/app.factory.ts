import { Logger, LogLevel, Type } from '@nestjs/common';
import fastifyMultipart from '@fastify/multipart';
import fastifyCompress from '@fastify/compress';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LISTING_LIMITS } from '@app/shared';
import { AppModule } from './app.module';
import type { AppConfig } from './infra/config/app-config';
import { AllExceptionsFilter } from './infra/http/all-exceptions.filter';
import { fastifyTrustProxy } from './infra/http/client-address';
import { registerJsonBodyParser, registerOneClickUnsubscribeParser } from './infra/http/body-parsing';
import { answerFrameworkError } from './infra/http/framework-errors';
import { registerSecurity, securityHeaders } from './infra/http/security';
import { requestLoggerOptions } from './infra/http/request-log';
import { recordRoutes } from './infra/http/route-list';
import { registerStaticFiles } from './infra/http/static-files';
import { createValidationPipe } from './infra/http/validation';
import { LifecycleService } from './infra/lifecycle/lifecycle.service';
import { serveOpenApi } from './infra/openapi/openapi';
import { Metrics } from './infra/metrics/metrics.service';
import { registerRequestMetrics } from './infra/metrics/request-metrics';
import { RateLimiters } from './infra/redis/redis.module';
import { OBJECT_STORAGE } from './infra/storage/object-storage';
import { sendJsonText } from './infra/http/json-text';

const REQUEST_ID = /^[\w.-]{8,64}$/;

/** Builds the whole application (used by main and by the tests, so both run the same stack). */
export async function createApp(config: AppConfig, extraModules: Type[] = []): Promise<NestFastifyApplication> {
  const writeSecurityHeaders = securityHeaders(config);
  const adapter = new FastifyAdapter({
    logger: config.logLevel === 'silent' ? false : requestLoggerOptions(config.logLevel),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: (req: IncomingMessage) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // A malformed URL (`/%E0%A4%A`) or an over-long path parameter is answered by the router before any hook.
    frameworkErrors: answerFrameworkError(writeSecurityHeaders),
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, extraModules), adapter, {
    logger: nestLogLevels(config.logLevel),
    // A start-up failure (database unreachable, migrations missing) rejects, so main prints it and exits 1.
    abortOnError: false,
  });

  const fastify = app.getHttpAdapter().getInstance();
  sendJsonText(fastify);
  recordRoutes(fastify);
  registerRequestMetrics(fastify, app.get(Metrics));
  const lifecycle = app.get(LifecycleService);
  fastify.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // Shutting down: no keep-alive, so the server can close every connection once its request is answered.
    if (lifecycle.draining) reply.header('connection', 'close');
  });
  await registerSecurity(fastify, config, writeSecurityHeaders, app.get(RateLimiters).routeLimitStore());
  // reply.compress (brotli or gzip, as the browser accepts) for the storefront's pages; built files are
  // served precompressed, and API answers stay plain (a proxy in front may compress them).
  await fastify.register(fastifyCompress, { global: false, encodings: ['br', 'gzip'] });
  // Photo uploads (POST /api/uploads): one file per request. The file limit is one byte over the largest
  // accepted photo, so a larger one is told apart (413) without reading it whole.
  await fastify.register(fastifyMultipart, {
    limits: { fileSize: LISTING_LIMITS.maxImageBytes + 1, files: 1, fields: 4, parts: 5, fieldSize: 1024, headerPairs: 100 },
  });
  await registerStaticFiles(fastify, config, app.get(OBJECT_STORAGE));

  registerJsonBodyParser(app);
  registerOneClickUnsubscribeParser(app);
  // /metrics stays at the root, where scrapers look for it.
  app.setGlobalPrefix('api', { exclude: ['metrics'] });
  app.useGlobalPipes(createValidationPipe());
  // The API's own description (GET /api/openapi.json, read at /api/docs), built from the controllers and DTOs
  // when first asked for.
  await serveOpenApi(app, fastify);
  // Nest routes Fastify's own errors (rate limit, body parsing, cross-site refusal, unknown routes)
  // through the global filters too, so this one filter shapes every error.
  app.useGlobalFilters(new AllExceptionsFilter());
  // Signals are handled by main (graceful shutdown: drain, flush, close), not by Nest's shutdown hooks.
  return app;
}

function nestLogLevels(level: string): LogLevel[] | false {
  const order: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];
  const cut = { fatal: 1, error: 2, warn: 3, info: 4, debug: 5, trace: 6 }[level];
  return cut === undefined ? false : order.slice(0, cut);
}

export const bootstrapLogger = new Logger('Bootstrap');
