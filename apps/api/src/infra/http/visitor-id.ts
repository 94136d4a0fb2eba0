import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';

export const VISITOR_COOKIE = 'cm_vid';
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/**
 * The first-party visitor id (random 128 bits, base64url) used to count listing views once per visitor
 * per day and to group page views into visits. Set on first sight; never tied to an account.
 */
export function visitorId(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const existing = request.cookies?.[VISITOR_COOKIE];
  if (existing && VISITOR_ID.test(existing)) return existing;
  const id = randomBytes(16).toString('base64url');
  reply.setCookie(VISITOR_COOKIE, id, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: ONE_YEAR_SECONDS });
  return id;
}
