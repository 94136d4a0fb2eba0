import { Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/** The shared Redis connection (REDIS_URL), or null when the limits count in this process only. */
export const REDIS_CLIENT = Symbol('REDIS_CLIENT');

export interface LimiterOptions {
  /** Names the counter; keys of different limiters never collide. */
  keyPrefix: string;
  points: number;
  /** Window in seconds. */
  duration: number;
}

/**
 * Makes the rate limiters of the API (sign-in throttle, upload quota): counted in Redis across every
 * instance when REDIS_URL is set, in this process otherwise. A Redis limiter falls back to an in-process
 * one while Redis does not answer, so an outage loosens the limits to per instance instead of failing requests.
 */
@Injectable()
export class RateLimiters {
  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Whether the counts are shared by every instance. */
  get shared(): boolean {
    return this.redis !== null;
  }

  create({ keyPrefix, points, duration }: LimiterOptions): RateLimiterAbstract {
    const memory = new RateLimiterMemory({ keyPrefix, points, duration });
    if (!this.redis) return memory;
    return new RateLimiterRedis({
      storeClient: this.redis,
      keyPrefix: `${this.config.redis!.keyPrefix}${keyPrefix}`,
      points,
      duration,
      rejectIfRedisNotReady: true,
      insuranceLimiter: memory,
    });
  }
}

@Injectable()
class RedisShutdown implements OnApplicationShutdown {
  constructor(@Inject(REDIS_CLIENT) private readonly redis: Redis | null) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis?.quit().catch(() => this.redis?.disconnect());
  }
}

const logger = new Logger('Redis');

@Global()
@Module({
  providers: [
    {
      provide: REDIS_CLIENT,
      inject: [APP_CONFIG],
      useFactory: async ({ redis }: AppConfig): Promise<Redis | null> => {
        if (!redis) return null;
        // Commands fail fast while Redis is away (the limiters fall back), and the connection keeps retrying.
        const client = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 });
        client.on('error', (error: Error) => logger.warn(`Redis: ${error.message}`));
        // Connected before the first request, so the first counts are shared too; a Redis that is down
        // at start does not stop the API (/api/ready reports it).
        await client.connect().catch((error: Error) => logger.error(`Redis at start: ${error.message}; limits count per instance until it answers`));
        return client;
      },
    },
    RateLimiters,
    RedisShutdown,
  ],
  exports: [REDIS_CLIENT, RateLimiters],
})
export class RedisModule {}
