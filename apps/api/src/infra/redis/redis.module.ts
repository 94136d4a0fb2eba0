import { Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { RateLimiterMemory, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Metrics } from '../metrics/metrics.service';
import { LimitStoreState, redisStoreWithFallback, ReportingRateLimiterRedis } from './limit-store';

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
 * Makes the rate limiters of the API: the store of every route limit (@fastify/rate-limit) and the limiters
 * of the sign-in throttle and upload quota (rate-limiter-flexible). Counted in Redis across every instance
 * when REDIS_URL is set, in this process otherwise. While Redis does not answer (at start, or lost mid-run)
 * each falls back to counting in this process, so an outage loosens the limits to per instance, never lifts
 * them, and goes back to Redis when it answers again (LimitStoreState logs and counts each switch).
 */
@Injectable()
export class RateLimiters {
  readonly state: LimitStoreState;

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    metrics: Metrics,
  ) {
    this.state = new LimitStoreState(metrics, redis !== null);
    // A Redis that is down at start: the limits count in process from the first request.
    if (redis && redis.status !== 'ready') this.state.redisFailed(new Error(`connection ${redis.status}`));
  }

  /** Whether the counts are shared by every instance. */
  get shared(): boolean {
    return this.redis !== null;
  }

  create({ keyPrefix, points, duration }: LimiterOptions): RateLimiterAbstract {
    const memory = new RateLimiterMemory({ keyPrefix, points, duration });
    if (!this.redis) return memory;
    return new ReportingRateLimiterRedis(
      {
        storeClient: this.redis,
        keyPrefix: `${this.config.redis!.keyPrefix}${keyPrefix}`,
        points,
        duration,
        rejectIfRedisNotReady: true,
        insuranceLimiter: memory,
      },
      this.state,
    );
  }

  /** The store of @fastify/rate-limit: Redis with the in-process fallback; undefined without Redis (the plugin's own in-process store). */
  routeLimitStore(): FastifyRateLimitStoreCtor | undefined {
    return this.redis ? redisStoreWithFallback(this.redis, `${this.config.redis!.keyPrefix}rate-limit:`, this.state) : undefined;
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
        // A Redis that hangs (the connection open, no answer) fails a command after commandTimeout, so the limits
        // fall back then too rather than hold requests.
        const client = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000, commandTimeout: 1000 });
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
