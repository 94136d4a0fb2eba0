import { Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../infra/http/error-body';
import { DependencyUnavailableException } from '../../infra/http/unavailable';
import { DataSource } from 'typeorm';
import { LifecycleService } from '../../infra/lifecycle/lifecycle.service';
import type { Redis } from 'ioredis';
import { REDIS_CLIENT } from '../../infra/redis/redis.module';
import { OBJECT_STORAGE, type ObjectStorage } from '../../infra/storage/object-storage';

const CHECK_TIMEOUT_MS = 2000;
/** What a 503 while warming up asks a prober to wait: the search snapshot at a million listings is read in 4 to 13 s on 2 cores. */
const WARM_UP_RETRY_AFTER_SECONDS = 2;

export interface Readiness {
  status: 'ready';
  checks: Record<string, 'up'>;
}

/** What a load balancer asks before sending traffic: every dependency answers within 2 s, not warming up and not shutting down. */
@Injectable()
export class HealthService {
  private readonly checks: Record<string, () => Promise<unknown>>;

  constructor(
    dataSource: DataSource,
    @Inject(OBJECT_STORAGE) storage: ObjectStorage,
    @Inject(REDIS_CLIENT) redis: Redis | null,
    private readonly lifecycle: LifecycleService,
  ) {
    this.checks = {
      database: () => dataSource.query('SELECT 1'),
      ...(redis ? { redis: () => redis.ping() } : {}),
      storage: () => storage.check(),
    };
  }

  async readiness(): Promise<Readiness> {
    if (this.lifecycle.draining) throw new ServiceUnavailableException('Not ready: shutting down');
    const warming = this.lifecycle.warming();
    if (warming.length > 0) throw new DependencyUnavailableException(`Not ready: ${warming.join(', ')} warming up`, WARM_UP_RETRY_AFTER_SECONDS);
    const names = Object.keys(this.checks);
    const results = await Promise.allSettled(names.map((name) => withTimeout(this.checks[name](), CHECK_TIMEOUT_MS)));
    const down = names.filter((_, i) => results[i].status === 'rejected');
    if (down.length > 0) throw new DependencyUnavailableException(`Not ready: ${down.join(', ')} not answering`, DATABASE_RETRY_AFTER_SECONDS);
    return { status: 'ready', checks: Object.fromEntries(names.map((name) => [name, 'up' as const])) };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
