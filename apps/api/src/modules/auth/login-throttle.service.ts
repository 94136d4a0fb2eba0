import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { RateLimiterMemory } from 'rate-limiter-flexible';

export const MAX_FAILED_LOGINS = 10;
export const FAILED_LOGIN_WINDOW_SECONDS = 15 * 60;

/**
 * At most 10 failed sign-ins per account and address in 15 minutes; then 429 until the window passes.
 * Successful sign-ins do not count and clear the record. The store is per instance (memory): with
 * several instances each allows its own 10, which still bounds guessing.
 */
@Injectable()
export class LoginThrottleService {
  private readonly failures = new RateLimiterMemory({
    points: MAX_FAILED_LOGINS,
    duration: FAILED_LOGIN_WINDOW_SECONDS,
  });

  async assertAllowed(email: string, address: string): Promise<void> {
    const record = await this.failures.get(key(email, address));
    if (record && record.consumedPoints >= MAX_FAILED_LOGINS) {
      const minutes = Math.max(1, Math.ceil(record.msBeforeNext / 60_000));
      throw new HttpException(
        `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
  }

  async recordFailure(email: string, address: string): Promise<void> {
    await this.failures.penalty(key(email, address), 1);
  }

  async reset(email: string, address: string): Promise<void> {
    await this.failures.delete(key(email, address));
  }
}

const key = (email: string, address: string) => `${email.trim().toLowerCase()}|${address}`;
