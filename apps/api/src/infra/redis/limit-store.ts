import { Logger } from '@nestjs/common';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Metrics } from '../metrics/metrics.service';

/** The plugin's own stores (its Redis Lua script and its in-process LRU), which it does not export by name. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as StoreCtor;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as StoreCtor;

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;
interface PluginStore {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
  read(key: string, callback: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): PluginStore;
}
type StoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => PluginStore;

/**
 * Where the rate limits of this process count: in Redis while it answers, in process while it does not (at
 * start or lost mid-run). Every limiter reports each Redis call's outcome here; a change of store is logged
 * once (not per request) and shown by the `rate_limit_store{store}` gauge and the
 * `rate_limit_store_fallbacks_total` counter.
 */
export class LimitStoreState {
  private readonly logger = new Logger('RateLimits');
  private store: 'redis' | 'memory';

  constructor(
    private readonly metrics: Metrics,
    redisConfigured: boolean,
  ) {
    this.store = redisConfigured ? 'redis' : 'memory';
    this.show();
  }

  get current(): 'redis' | 'memory' {
    return this.store;
  }

  redisAnswered(): void {
    if (this.store === 'redis') return;
    this.store = 'redis';
    this.show();
    this.logger.log('Redis answers again: rate limits count in Redis, across instances');
  }

  redisFailed(error: unknown): void {
    if (this.store === 'memory') return;
    this.store = 'memory';
    this.show();
    this.metrics.rateLimitFallbacks.inc();
    this.logger.warn(`Redis does not answer (${error instanceof Error ? error.message : String(error)}): rate limits count in this process until it does`);
  }

  private show(): void {
    this.metrics.rateLimitStore.set({ store: 'redis' }, this.store === 'redis' ? 1 : 0);
    this.metrics.rateLimitStore.set({ store: 'memory' }, this.store === 'memory' ? 1 : 0);
  }
}

/**
 * The store of @fastify/rate-limit (the global and every route limit): counts in Redis and, always, in this
 * process too, and answers with Redis's count while Redis answers, with its own when it does not. So an outage
 * neither lifts the limits (the plugin's `skipOnError` would let every request through) nor hands each
 * client a fresh allowance: what this process saw is still counted. Redis comes back without a restart.
 */
export function redisStoreWithFallback(redis: Redis, nameSpace: string, state: LimitStoreState): FastifyRateLimitStoreCtor {
  class FallbackStore implements PluginStore {
    constructor(
      private readonly shared: PluginStore,
      private readonly local: PluginStore,
    ) {}

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      this.both('incr', key, callback, timeWindow, max);
    }

    read(key: string, callback: Callback, timeWindow: number, max: number): void {
      this.both('read', key, callback, timeWindow, max);
    }

    child(routeOptions: unknown): PluginStore {
      return new FallbackStore(this.shared.child(routeOptions), this.local.child(routeOptions));
    }

    private both(method: 'incr' | 'read', key: string, callback: Callback, timeWindow: number, max: number): void {
      let local: Counted | undefined;
      let localError: Error | null = null;
      this.local[method](key, (error, result) => ((localError = error), (local = result)), timeWindow, max);
      const fallBack = (error: unknown) => {
        state.redisFailed(error);
        callback(localError, local);
      };
      // While the connection is down ioredis refuses commands at once (no offline queue): skip the call.
      if (redis.status !== 'ready') return fallBack(new Error(`connection ${redis.status}`));
      try {
        this.shared[method](
          key,
          (error, result) => {
            if (error) return fallBack(error);
            state.redisAnswered();
            callback(null, result);
          },
          timeWindow,
          max,
        );
      } catch (error) {
        fallBack(error);
      }
    }
  }

  // The plugin constructs the store with its global options.
  return class {
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number }) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      return new FallbackStore(
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff, options.cache),
      );
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

/** The store methods of rate-limiter-flexible's Redis limiter that talk to Redis (not part of its typings). */
interface RedisLimiterInternals {
  _upsert(...args: unknown[]): Promise<unknown>;
  _get(...args: unknown[]): Promise<unknown>;
  _delete(...args: unknown[]): Promise<unknown>;
}
const redisLimiter = RateLimiterRedis.prototype as unknown as RedisLimiterInternals;

/**
 * rate-limiter-flexible's Redis limiter (sign-in throttle, upload quota) that reports the outcome of each call it
 * makes to Redis (`_upsert` under consume, penalty, reward, block and set; `_get`; `_delete`); its
 * `insuranceLimiter` (in process) answers while Redis does not.
 */
export class ReportingRateLimiterRedis extends RateLimiterRedis {
  constructor(
    options: ConstructorParameters<typeof RateLimiterRedis>[0],
    private readonly state: LimitStoreState,
  ) {
    super(options);
  }

  _upsert(...args: unknown[]): Promise<unknown> {
    return this.reported(redisLimiter._upsert.apply(this, args));
  }

  _get(...args: unknown[]): Promise<unknown> {
    return this.reported(redisLimiter._get.apply(this, args));
  }

  _delete(...args: unknown[]): Promise<unknown> {
    return this.reported(redisLimiter._delete.apply(this, args));
  }

  private async reported<T>(call: Promise<T>): Promise<T> {
    try {
      const result = await call;
      this.state.redisAnswered();
      return result;
    } catch (error) {
      // A refusal (the limit reached) is an answer from Redis, not a failure.
      if (error instanceof RateLimiterRes) this.state.redisAnswered();
      else this.state.redisFailed(error);
      throw error;
    }
  }
}
