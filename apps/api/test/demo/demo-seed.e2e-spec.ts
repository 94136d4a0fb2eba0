import { DataSource } from 'typeorm';
import { registerUser } from '../factories/user.factory';
import { startTestApp, type TestApp } from '../support/test-app';
import { DemoSeedService } from '../../src/modules/demo/demo-seed.service';

describe('demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SEED_DEMO: 'false' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is not seeded when SEED_DEMO is off', async () => {
    await expect(t.app.get(DemoSeedService).done).resolves.toBe('skipped');
    const [{ n }] = await t.app.get(DataSource).query('SELECT COUNT(*) AS n FROM vehicles');
    expect(Number(n)).toBe(0);
  });

  it('never touches a database that already has accounts', async () => {
    await registerUser(t.client());
    await expect(t.app.get(DemoSeedService).seedIfEmpty()).resolves.toBe('skipped');
    const [{ n }] = await t.app.get(DataSource).query('SELECT COUNT(*) AS n FROM vehicles');
    expect(Number(n)).toBe(0);
  });
});
