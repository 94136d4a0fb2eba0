import { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../support/test-app';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 200 when the database answers', async () => {
    const res = await t.client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers 503 when the database does not', async () => {
    const dataSource = t.app.get(DataSource);
    await dataSource.destroy();
    const res = await t.client().get('/api/health');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ statusCode: 503, message: 'Database is not answering' });
    await dataSource.initialize();
  });
});
