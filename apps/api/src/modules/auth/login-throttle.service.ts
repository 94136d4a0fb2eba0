import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { ipv6Prefix } from '../../infra/http/client-address';
import { RateLimiters } from '../../infra/redis/redis.module';

export const MAX_FAILED_LOGINS = 10;
export const FAILED_LOGIN_WINDOW_SECONDS = 15 * 60;
/** Failed sign-ins of one account, from any address, before each further one makes the next wait. */
export const ACCOUNT_FREE_FAILURES = 10;
export const ACCOUNT_WINDOW_SECONDS = 60 * 60;
export const MAX_ACCOUNT_DELAY_SECONDS = 15 * 60;
/** The cookie a browser gets when it signs in: it is not held back by the account's delay. */
export const KNOWN_DEVICE_COOKIE = 'cm_kd';

/** The limiter stores: in Redis across instances when REDIS_URL is set, in this process otherwise (RateLimiters). */
export interface LoginThrottleStores {
  perAddress: RateLimiterAbstract;
  perAccount: RateLimiterAbstract;
  accountDelay: RateLimiterAbstract;
}

export function throttleStores(limiters: RateLimiters): LoginThrottleStores {
  return {
    perAddress: limiters.create({ keyPrefix: 'login-address', points: MAX_FAILED_LOGINS, duration: FAILED_LOGIN_WINDOW_SECONDS }),
    perAccount: limiters.create({ keyPrefix: 'login-account', points: 10_000, duration: ACCOUNT_WINDOW_SECONDS }),
    accountDelay: limiters.create({ keyPrefix: 'login-delay', points: 1, duration: 1 }),
  };
}

/** One subscriber gets a whole IPv6 /64: its addresses count as one. */
export function addressKey(address: string): string {
  return isIPv6(address) && !address.startsWith('::ffff:') ? `${ipv6Prefix(address, 4)}::/64` : address;
}

const tooMany = (message: string) => new HttpException(message, HttpStatus.TOO_MANY_REQUESTS);
const inMinutes = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};
const inSeconds = (ms: number) => (ms < 90_000 ? `${Math.max(1, Math.ceil(ms / 1000))} seconds` : inMinutes(ms));

/**
 * Failed sign-ins are limited twice. Per account and address (an IPv6 /64 counts as one address): 10 in 15
 * minutes, then 429 until the window passes. Per account across all addresses: after 10 failures in an
 * hour, each further failure makes the next attempt wait twice as long (2 s, 4 s, … up to 15 minutes), so
 * many addresses cannot guess one account freely. A browser that signed in to the account before (the
 * known-device cookie) is not held back by the account's delay, so the owner can still get in. Unknown and
 * known e-mails are treated alike. A successful sign-in clears both records.
 */
@Injectable()
export class LoginThrottleService {
  private readonly stores: LoginThrottleStores;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    limiters: RateLimiters,
  ) {
    this.stores = throttleStores(limiters);
  }

  async assertAllowed(email: string, address: string, knownDevice?: string): Promise<void> {
    const account = normal(email);
    const perAddress = await this.stores.perAddress.get(`${account}|${addressKey(address)}`);
    if (perAddress && perAddress.consumedPoints >= MAX_FAILED_LOGINS) {
      throw tooMany(`Too many failed sign-in attempts. Try again in ${inMinutes(perAddress.msBeforeNext)}.`);
    }
    if (this.isKnownDevice(account, knownDevice)) return;
    const delay = await this.stores.accountDelay.get(account);
    if (delay && delay.consumedPoints > 1 && delay.msBeforeNext > 0) {
      throw tooMany(`Too many failed sign-in attempts for this account. Try again in ${inSeconds(delay.msBeforeNext)}, or sign in from a device you used before.`);
    }
  }

  async recordFailure(email: string, address: string): Promise<void> {
    const account = normal(email);
    await this.stores.perAddress.penalty(`${account}|${addressKey(address)}`, 1);
    const { consumedPoints: failures } = await this.stores.perAccount.penalty(account, 1);
    if (failures > ACCOUNT_FREE_FAILURES) {
      await this.stores.accountDelay.block(account, Math.min(2 ** (failures - ACCOUNT_FREE_FAILURES), MAX_ACCOUNT_DELAY_SECONDS));
    }
  }

  async reset(email: string, address: string): Promise<void> {
    const account = normal(email);
    await Promise.all([this.stores.perAddress.delete(`${account}|${addressKey(address)}`), this.stores.perAccount.delete(account), this.stores.accountDelay.delete(account)]);
  }

  /** The known-device cookie's value for an account (a keyed hash of the e-mail). */
  knownDeviceToken(email: string): string {
    return createHmac('sha256', this.config.session.secret).update(`known-device:${normal(email)}`).digest('base64url');
  }

  private isKnownDevice(account: string, token: string | undefined): boolean {
    if (!token) return false;
    const expected = Buffer.from(this.knownDeviceToken(account));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

const normal = (email: string) => email.trim().toLowerCase();
