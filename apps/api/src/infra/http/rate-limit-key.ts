import type { FastifyRequest } from 'fastify';
import { isIPv6 } from 'node:net';
import { clientAddress, truncateAddress } from './client-address';

/**
 * The key of per-address limits: the IPv4 address itself, or the /48 of an IPv6 address (one subscriber
 * gets a whole prefix and could otherwise rotate through it).
 */
export function rateLimitKey(request: FastifyRequest): string {
  const address = clientAddress(request);
  return (isIPv6(address) && !address.startsWith('::ffff:') ? truncateAddress(address) : null) ?? address;
}
