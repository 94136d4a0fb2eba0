import type { FastifyRequest } from 'fastify';
import { isIPv4, isIPv6 } from 'node:net';

/**
 * Fastify's `trustProxy` for TRUST_PROXY: the proxies' addresses as they are (proxy-addr compiles them), and a
 * hop count as a function trusting the nearest `hops` addresses (Fastify 5.12 reads a bare number as "trust
 * nothing"). The client is then the rightmost X-Forwarded-For address that is not a trusted proxy; whatever the
 * client itself wrote to the left of it is ignored.
 */
export function fastifyTrustProxy(trust: false | number | string[]): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** The client's address as Fastify resolved it (X-Forwarded-For only from the proxies TRUST_PROXY names). */
export function clientAddress(request: FastifyRequest): string {
  return request.ip;
}

/** Truncates an address before storage: IPv4 to its /24, IPv6 to its /48. */
export function truncateAddress(address: string): string | null {
  const v4 = address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
  if (isIPv4(v4)) return v4.split('.').slice(0, 3).concat('0').join('.');
  if (isIPv6(address)) return `${ipv6Prefix(address, 3)}::`;
  return null;
}

/** The first `groups` 16-bit groups of an IPv6 address, normalised (lower case, no leading zeros), joined by ':'. */
export function ipv6Prefix(address: string, groups: number): string {
  return expandIPv6(address).slice(0, groups).join(':');
}

function expandIPv6(address: string): string[] {
  const [left, right = ''] = address.split('::');
  const l = left ? left.split(':') : [];
  const r = right ? right.split(':') : [];
  const missing = address.includes('::') ? 8 - l.length - r.length : 0;
  return [...l, ...Array<string>(missing).fill('0'), ...r].map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''));
}
