import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { existsSync, mkdirSync } from 'node:fs';
import type { AppConfig } from '../config/app-config';
import type { ObjectStorage } from '../storage/object-storage';
import { S3Storage } from '../storage/s3.storage';

const HASHED = /\.[0-9a-f]{8}\.(js|css|woff2?|png|jpe?g|webp|avif|svg)(\.br|\.gz)?$/;
const YEAR = 'public, max-age=31536000, immutable';

/** Long-lived caching for content-hashed files; revalidation for the fixed-name entries. */
function cacheHeaders(reply: FastifyReply, path: string): void {
  reply.header('cache-control', HASHED.test(path) ? YEAR : 'no-cache');
}

/**
 * Static files: uploaded photos at /uploads (from the local folder, or from the bucket) (random names, never rewritten: cached for a year), the admin
 * console build at /admin-app/ and the storefront build at /. Built files are registered one route each
 * (`wildcard: false`), so every other path reaches the API or the storefront's page fallback.
 */
export async function registerStaticFiles(fastify: FastifyInstance, config: AppConfig, storage: ObjectStorage): Promise<void> {
  if (storage instanceof S3Storage) {
    registerBucketPhotos(fastify, storage);
  } else {
    mkdirSync(config.uploadDir, { recursive: true });
    await fastify.register(fastifyStatic, {
      root: config.uploadDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      setHeaders: (reply: FastifyReply) => reply.header('cache-control', YEAR),
    });
  }
  if (existsSync(config.staticDirs.admin)) {
    await fastify.register(fastifyStatic, {
      root: config.staticDirs.admin,
      prefix: '/admin-app/',
      decorateReply: false,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: cacheHeaders,
    });
  }
  if (existsSync(config.staticDirs.storefront)) {
    await fastify.register(fastifyStatic, {
      root: config.staticDirs.storefront,
      prefix: '/',
      decorateReply: false,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: cacheHeaders,
      allowedPath: (path) => path !== '/index.html',
    });
  }
}

/**
 * GET /uploads/<key> with photos in a bucket: a permanent redirect to the public URL (CDN) when one is
 * configured, else the object streamed from the bucket by whichever instance answers.
 */
function registerBucketPhotos(fastify: FastifyInstance, storage: S3Storage): void {
  fastify.get('/uploads/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const publicUrl = storage.publicUrlOf(key);
    if (publicUrl !== undefined) {
      return reply.header('cache-control', YEAR).redirect(publicUrl, 301);
    }
    const object = await storage.read(key);
    if (object === null) return reply.callNotFound();
    reply.header('cache-control', YEAR).type(object.contentType);
    if (object.length !== undefined) reply.header('content-length', object.length);
    return reply.send(object.body);
  });
}
