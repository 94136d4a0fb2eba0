import { Controller, Get, Module } from '@nestjs/common';
import { rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/infra/database/data-source-options';
import { resolveDatabaseSettings } from '../../src/infra/database/server-flavor';
import { shutdownGracefully } from '../../src/infra/lifecycle/graceful-shutdown';
import { Public } from '../../src/modules/auth/auth.decorators';
import { PageVisitEntity } from '../../src/modules/analytics/entities/page-visit.entity';
import { BROWSER_UA } from '../factories/analytics.factory';
import { startTestApp } from '../support/test-app';

/** Who waits for the next slow request to reach its handler (nextArrival). */
const waitingForArrival: (() => void)[] = [];
/** Settles once the next request to /api/slow-probe is in its handler: in flight, whatever the machine's load. */
const nextArrival = () => new Promise<void>((resolve) => waitingForArrival.push(resolve));

/** A request that takes 800 ms, to be in flight when the shutdown starts. */
@Controller('slow-probe')
class SlowProbeController {
  @Public()
  @Get()
  async slow(): Promise<{ done: true }> {
    waitingForArrival.shift()?.();
    await sleep(800);
    return { done: true };
  }
}

@Module({ controllers: [SlowProbeController] })
class SlowProbeModule {}

describe('graceful shutdown (SIGTERM)', () => {
  it('turns ready 503 first, then drains requests in flight, flushes the page-view buffer and stops accepting', async () => {
    const t = await startTestApp({ ANALYTICS_FLUSH_MS: '60000', SHUTDOWN_DELAY_MS: '300' }, [SlowProbeModule]);
    try {
      const client = t.client();
      expect((await client.post('/api/analytics/track', { page: '/before-shutdown' }, { headers: { 'user-agent': BROWSER_UA } })).status).toBe(204);
      const arrived = nextArrival();
      const inFlight = client.get('/api/slow-probe');
      await arrived;

      const stopping = shutdownGracefully(t.app, t.config);
      const ready = await t.client().get('/api/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ statusCode: 503, message: 'Not ready: shutting down' });
      expect((await t.client().get('/api/health')).status).toBe(200);

      const slow = await inFlight;
      expect(slow.status).toBe(200);
      expect(slow.body).toEqual({ done: true });
      expect(await stopping).toBe(true);
      await expect(fetch(`${t.baseUrl}/api/health`)).rejects.toThrow();

      const reopened = await new DataSource({ ...dataSourceOptions(await resolveDatabaseSettings(t.config.database), false), entities: [PageVisitEntity] }).initialize();
      try {
        expect((await reopened.getRepository(PageVisitEntity).find()).map((v) => v.page)).toEqual(['/before-shutdown']);
      } finally {
        await reopened.destroy();
      }
    } finally {
      await t.database.drop();
      rmSync(t.config.dataDir, { recursive: true, force: true });
    }
  });

  it('gives up after SHUTDOWN_TIMEOUT_MS when a request does not finish', async () => {
    const t = await startTestApp({ SHUTDOWN_TIMEOUT_MS: '1000' }, [SlowProbeModule]);
    try {
      const config = { ...t.config, shutdown: { delayMs: 0, timeoutMs: 200 } };
      const arrived = nextArrival();
      const inFlight = t.client().get('/api/slow-probe');
      await arrived;
      expect(await shutdownGracefully(t.app, config)).toBe(false);
      expect((await inFlight).status).toBe(200);
    } finally {
      await sleep(1000);
      await t.database.drop();
      rmSync(t.config.dataDir, { recursive: true, force: true });
    }
  });
});
