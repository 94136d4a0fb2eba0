import fastifyRateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import fastifySecureSession from '@fastify/secure-session';
import { ForbiddenException } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { hkdfSync } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppConfig } from '../config/app-config';

export const SESSION_COOKIE = 'cm_session';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Browser features no page of the site uses, switched off for the page and anything it embeds. Sharing
 * (Web Share, clipboard) and fullscreen stay allowed: the listing page uses them.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

/** Writes the security headers on a response (Node's, so they hold for every answer Fastify sends). */
export type SecurityHeaderWriter = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * The security headers of every answer: helmet's (CSP, frame and sniffing protection, referrer policy…),
 * HSTS in production only (a development server on http://localhost must not pin HTTPS), no
 * `X-XSS-Protection` at all (the auditor it steered is gone from browsers and was itself a hole), and
 * Permissions-Policy. One writer, used by the request hook and by the router's own error answers.
 */
export function securityHeaders(config: AppConfig): SecurityHeaderWriter {
  // The admin console deployed on its own server: the shell runs its remoteEntry.js and the chunks it
  // loads from there (webpack's publicPath 'auto'), with their styles, fonts and images.
  const admin = config.site.adminRemoteOrigin ? [config.site.adminRemoteOrigin] : [];
  const writeHelmetHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'script-src': ["'self'", ...admin],
        'style-src': ["'self'", "'unsafe-inline'", ...admin],
        'font-src': ["'self'", 'data:', ...admin],
        'img-src': [
          "'self'",
          'data:',
          'blob:',
          ...admin,
          ...(config.hostedImages ? [new URL(config.hostedImages.urlPrefix).origin] : []),
          // Photos in a bucket: /uploads/<key> redirects there (CDN or bucket URL).
          ...(config.s3?.publicUrl ? [new URL(config.s3.publicUrl).origin] : []),
        ],
        'connect-src': ["'self'", ...admin, ...(config.hostedImages ? [new URL(config.hostedImages.uploadUrl).origin] : [])],
        'frame-ancestors': ["'none'"],
        'upgrade-insecure-requests': config.isProduction ? [] : null,
      },
    },
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.isProduction ? { maxAge: 365 * 24 * 3600, includeSubDomains: true } : false,
    xXssProtection: false,
  });
  return (request, response) => {
    writeHelmetHeaders(request, response, () => undefined);
    response.setHeader('permissions-policy', PERMISSIONS_POLICY);
  };
}

/** Security headers, the global per-address limit, cross-site refusal and the session cookie. */
export async function registerSecurity(
  fastify: FastifyInstance,
  config: AppConfig,
  writeHeaders: SecurityHeaderWriter,
  limitStore: FastifyRateLimitStoreCtor | undefined = undefined,
): Promise<void> {
  fastify.addHook('onRequest', (request, reply, done) => {
    writeHeaders(request.raw, reply.raw);
    done();
  });

  // Many buyers share one address behind carrier NAT and a page view makes several calls: the global
  // limit only stops floods. Tight limits sit on the routes where abuse pays (login, register, contact).
  // With REDIS_URL every instance counts in Redis (a route's limit holds across the cluster); while Redis does
  // not answer the store counts in this process (RateLimiters.routeLimitStore), so the limits hold per instance.
  // No skipOnError: a store that fails is a 500, never a request let through uncounted.
  await fastify.register(fastifyRateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    ...(limitStore ? { store: limitStore } : {}),
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
