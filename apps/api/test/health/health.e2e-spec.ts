import { rmSync } from 'node:fs';
import { DataSource } from 'typeorm';
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
    const ready = await t.client().get('/api/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ statusCode: 503, message: 'Not ready: storage not answering' });
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
