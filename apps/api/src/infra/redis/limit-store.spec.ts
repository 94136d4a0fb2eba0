import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { DataSource } from 'typeorm';
import { Metrics } from '../metrics/metrics.service';
import { LimitStoreState, ReportingRateLimiterRedis } from './limit-store';

const metricsText = async (metrics: Metrics) => (await metrics.registry.getSingleMetricAsString('rate_limit_store')) + (await metrics.registry.getSingleMetricAsString('rate_limit_store_fallbacks_total'));

describe('LimitStoreState', () => {
  let metrics: Metrics;
  let warn: jest.SpyInstance;
  let log: jest.SpyInstance;

  beforeEach(() => {
    metrics = new Metrics({ isInitialized: false, driver: {} } as unknown as DataSource);
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('logs and counts each switch between Redis and memory once, not each request', async () => {
    const state = new LimitStoreState(metrics, true);
    expect(await metricsText(metrics)).toContain('rate_limit_store{store="redis"} 1');

    for (let i = 0; i < 5; i += 1) state.redisFailed(new Error('connect ECONNREFUSED 127.0.0.1:6390'));
    expect(state.current).toBe('memory');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('Redis does not answer (connect ECONNREFUSED 127.0.0.1:6390): rate limits count in this process until it does');
    let text = await metricsText(metrics);
    expect(text).toContain('rate_limit_store{store="memory"} 1');
    expect(text).toContain('rate_limit_store{store="redis"} 0');
    expect(text).toContain('rate_limit_store_fallbacks_total 1');

    for (let i = 0; i < 5; i += 1) state.redisAnswered();
    expect(state.current).toBe('redis');
    expect(log).toHaveBeenCalledTimes(1);
    text = await metricsText(metrics);
    expect(text).toContain('rate_limit_store{store="redis"} 1');
    expect(text).toContain('rate_limit_store{store="memory"} 0');

    state.redisFailed(new Error('Command timed out'));
    expect(warn).toHaveBeenCalledTimes(2);
    expect(await metricsText(metrics)).toContain('rate_limit_store_fallbacks_total 2');
  });

  it('shows memory without Redis configured', async () => {
    expect(new LimitStoreState(metrics, false).current).toBe('memory');
    expect(await metricsText(metrics)).toContain('rate_limit_store{store="memory"} 1');
  });

  it('a rate-limiter-flexible limiter whose Redis does not answer counts in process and reports the switch', async () => {
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    // Nothing listens on port 1; the client never connects (and is never asked to).
    const redis = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false });
    const state = new LimitStoreState(metrics, true);
    const limiter = new ReportingRateLimiterRedis(
      { storeClient: redis, keyPrefix: 'spec', points: 2, duration: 60, rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory({ keyPrefix: 'spec', points: 2, duration: 60 }) },
      state,
    );
    await expect(limiter.consume('k')).resolves.toMatchObject({ consumedPoints: 1 });
    expect(state.current).toBe('memory');
    await expect(limiter.consume('k')).resolves.toMatchObject({ consumedPoints: 2 });
    await expect(limiter.consume('k')).rejects.toBeInstanceOf(RateLimiterRes);
    expect(warn).toHaveBeenCalledTimes(1);
    redis.disconnect();
  });
});
