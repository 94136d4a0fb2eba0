import { mkdirSync, rmSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { LifecycleService } from '../../src/infra/lifecycle/lifecycle.service';
import { HealthService } from '../../src/modules/health/health.service';
import { SearchCounts } from '../../src/modules/vehicles';
import { startTestApp, type TestApp } from '../support/test-app';

describe('GET /api/health and GET /api/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers health 200 and ready 200 with every dependency up', async () => {
    const health = await t.client().get('/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    const ready = await t.client().get('/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', checks: { database: 'up', storage: 'up' } });
  });

  it('answers ready 503 naming the database when it does not answer; health stays 200', async () => {
    const dataSource = t.app.get(DataSource);
    await dataSource.destroy();
    try {
      const ready = await t.client().get('/api/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ statusCode: 503, message: 'Not ready: database not answering' });
      expect((await t.client().get('/api/health')).status).toBe(200);
    } finally {
      await dataSource.initialize();
    }
  });

  it('answers ready 503 naming storage when the upload folder is gone', async () => {
    rmSync(t.config.uploadDir, { recursive: true, force: true });
    try {
      const ready = await t.client().get('/api/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ statusCode: 503, message: 'Not ready: storage not answering' });
    } finally {
      mkdirSync(t.config.uploadDir, { recursive: true });
    }
  });

  it('answers ready 503 with Retry-After while a warm-up runs, and 200 once it ends', async () => {
    const lifecycle = t.app.get(LifecycleService);
    let finish!: () => void;
    lifecycle.warmUp('search counts', new Promise<void>((resolve) => (finish = resolve)), 60_000);
    const warming = await t.client().get('/api/ready');
    expect({ status: warming.status, retryAfter: warming.headers.get('retry-after'), body: warming.body }).toEqual({
      status: 503,
      retryAfter: '2',
      body: { statusCode: 503, message: 'Not ready: search counts warming up' },
    });
    finish();
    await new Promise((resolve) => setImmediate(resolve));
    expect((await t.client().get('/api/ready')).status).toBe(200);
  });

  it('is held back by the search counts snapshot read at start until the snapshot is held', async () => {
    const lifecycle = t.app.get(LifecycleService);
    const counts = t.app.get(SearchCounts);
    // As the server does once it listens (main.ts); readiness is asked before the read can end.
    counts.warm();
    await expect(t.app.get(HealthService).readiness()).rejects.toThrow('Not ready: search counts warming up');
    for (let tries = 0; lifecycle.warming().length > 0 && tries < 400; tries += 1) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(lifecycle.warming()).toEqual([]);
    expect(await counts.snapshotReady()).toBe(true);
    expect((await t.client().get('/api/ready')).status).toBe(200);
  });

  it('is not counted by the global rate limit (a load balancer polls from one address)', async () => {
    const limited = await startTestApp({ RATE_LIMIT_PER_MINUTE: '1000' });
    try {
      const client = limited.client();
      const answers = await Promise.all(Array.from({ length: 1010 }, () => client.get('/api/health')));
      expect(answers.filter((a) => a.status !== 200)).toHaveLength(0);
    } finally {
      await limited.close();
    }
  });
});
