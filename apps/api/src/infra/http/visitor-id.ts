import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHmac } from 'node:crypto';
import { isbot } from 'isbot';
import { clientAddress } from './client-address';

export const VISITOR_COOKIE = 'cm_vid';
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

export interface VisitorIdOptions {
  /** Set the cookie Secure (production). */
  secure: boolean;
  /** A server secret: a cookie-less visitor's id cannot be computed from the address by anyone else. */
  salt: string;
}

/**
 * The first-party visitor id used to count listing views once per visitor per day and to group page views
 * into visits; never tied to an account. A visitor without the cookie is identified by address and user
 * agent (a keyed hash, so repeated cookie-less requests are one visitor), and gets that id as the cookie.
 * Bots (user agents that say so) and clients without a user agent are no visitors: null, and no cookie.
 */
export function visitorId(request: FastifyRequest, reply: FastifyReply, { secure, salt }: VisitorIdOptions): string | null {
  const userAgent = request.headers['user-agent'];
  if (!userAgent || isbot(userAgent)) return null;
  const existing = request.cookies?.[VISITOR_COOKIE];
  if (existing && VISITOR_ID.test(existing)) return existing;
  const id = createHmac('sha256', salt).update(`${clientAddress(request)}\n${userAgent}`).digest('base64url').slice(0, 22);
  reply.setCookie(VISITOR_COOKIE, id, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: ONE_YEAR_SECONDS });
  return id;
}
