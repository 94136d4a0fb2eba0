import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySecureSession from '@fastify/secure-session';
import { ForbiddenException } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hkdfSync } from 'node:crypto';
import type { AppConfig } from '../config/app-config';

export const SESSION_COOKIE = 'cm_session';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Security headers, the global per-address limit, cross-site refusal and the session cookie. */
export async function registerSecurity(fastify: FastifyInstance, config: AppConfig): Promise<void> {
  await fastify.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'img-src': [
          "'self'",
          'data:',
          'blob:',
          ...(config.hostedImages ? [new URL(config.hostedImages.urlPrefix).origin] : []),
          // Photos in a bucket: /uploads/<key> redirects there (CDN or bucket URL).
          ...(config.s3?.publicUrl ? [new URL(config.s3.publicUrl).origin] : []),
        ],
        'connect-src': ["'self'", ...(config.hostedImages ? [new URL(config.hostedImages.uploadUrl).origin] : [])],
        'frame-ancestors': ["'none'"],
        'upgrade-insecure-requests': config.isProduction ? [] : null,
      },
    },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    hsts: config.isProduction,
  });

  // Many buyers share one address behind carrier NAT and a page view makes several calls: the global
  // limit only stops floods. Tight limits sit on the routes where abuse pays (login, register, contact).
  await fastify.register(fastifyRateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests, retry in ${context.after}`,
    }),
  });

  fastify.addHook('onRequest', async (request) => {
    if (UNSAFE_METHODS.has(request.method) && isCrossSite(request, config)) {
      throw new ForbiddenException('Cross-site request refused');
    }
  });

  await fastify.register(fastifySecureSession, {
    key: sessionKey(config.session.secret),
    cookieName: SESSION_COOKIE,
    expiry: config.session.ttlHours * 3600,
    cookie: {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.isProduction,
      maxAge: config.session.ttlHours * 3600,
    },
  });
}

/** A 32-byte key derived from SESSION_SECRET (any length of 32+ bytes). */
function sessionKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'carmarket-session-salt', 'secure-session-key', 32));
}

/**
 * True when the browser says the request comes from another site: `Sec-Fetch-Site: cross-site`, or an
 * `Origin` that is neither this host nor the configured public URL. Requests without either header
 * (curl, server-to-server) are not browser cross-site requests and pass.
 */
export function isCrossSite(request: FastifyRequest, config: AppConfig): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite === 'cross-site') return true;
  const origin = request.headers.origin;
  if (!origin) return false;
  if (origin === 'null') return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true;
  }
  if (originHost === request.host) return false;
  return !(config.publicUrl && new URL(config.publicUrl).host === originHost);
}
