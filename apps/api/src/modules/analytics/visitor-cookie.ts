import { randomBytes } from 'node:crypto';

/** The first-party visitor cookie: a random id (128 bits, base64url), nothing else. */
export const VISITOR_COOKIE = 'cm_vid';
export const VISITOR_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;

export function newVisitorId(): string {
  return randomBytes(16).toString('base64url');
}

export function isVisitorId(value: unknown): value is string {
  return typeof value === 'string' && VISITOR_ID.test(value);
}
