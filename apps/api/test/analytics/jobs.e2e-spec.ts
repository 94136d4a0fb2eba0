import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/infra/database/data-source-options';
import { resolveDatabaseSettings } from '../../src/infra/database/server-flavor';
import { JobLockService } from '../../src/infra/jobs/job-lock.service';
import { AnalyticsRollupService } from '../../src/modules/analytics/analytics-rollup.service';
import { VisitorSessionEntity } from '../../src/modules/analytics/entities/visitor-session.entity';
import { AnalyticsPurgeJob } from '../../src/modules/analytics/jobs/analytics-purge.job';
import { AnalyticsRollupJob, ROLLUP_JOB } from '../../src/modules/analytics/jobs/analytics-rollup.job';
import { MINUTE, insertViews, stopScheduledJobs, view } from '../factories/analytics.factory';
import { startTestApp, type TestApp } from '../support/test-app';

/** A job that holds its lock until `release()` is called. */
function heldJob() {
  let release!: () => void;
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const done = new Promise<void>((resolve) => (release = resolve));
  return { running, release, job: async () => (started(), await done) };
}

describe('scheduled analytics jobs', () => {
  let t: TestApp;
  let lock: JobLockService;
  /** On MariaDB: a second "instance" (its own DataSource and lock service) on the same database. */
  let other: { dataSource: DataSource; lock: JobLockService } | undefined;

  beforeAll(async () => {
    t = await startTestApp();
    stopScheduledJobs(t.app);
    lock = t.app.get(JobLockService);
    if (t.database.engine === 'mariadb') {
      const dataSource = new DataSource(dataSourceOptions(await resolveDatabaseSettings(t.config.database), false));
      await dataSource.initialize();
      other = { dataSource, lock: new JobLockService(dataSource) };
    }
  });
  afterAll(async () => {
    await other?.dataSource.destroy();
    await t.close();
  });

  it('the roll-up job rolls views up under its lock', async () => {
    const at = new Date(Math.floor((Date.now() - 5 * MINUTE) / 1000) * 1000);
    await insertViews(t.app, [view('job-visitor', at, '/'), view('job-visitor', new Date(at.getTime() + MINUTE), '/faq')]);
    // A period nobody has claimed yet (the scheduled ticks are stopped in this file).
    const now = Date.now() + 1000 * t.config.analytics.rollupMs;
    await expect(t.app.get(AnalyticsRollupJob).run(now)).resolves.toBe('ran');
    await expect(t.app.get(DataSource).getRepository(VisitorSessionEntity).findBy({ visitorId: 'job-visitor' })).resolves.toEqual([
      expect.objectContaining({ pageViews: 2, totalDuration: 60 }),
    ]);
    // Once per period, whichever instance ticks: the same period again is skipped, the next one runs.
    await expect(t.app.get(AnalyticsRollupJob).run(now)).resolves.toBe('skipped');
    await expect(t.app.get(AnalyticsRollupJob).run(now + t.config.analytics.rollupMs)).resolves.toBe('ran');
    await expect(t.app.get(AnalyticsPurgeJob).run()).resolves.toBe('ran');
  });

  it('of two runners racing for the same job, only one runs', async () => {
    const first = heldJob();
    const winner = lock.runExclusive(ROLLUP_JOB, first.job);
    await first.running;
    let secondRan = false;
    // SQLite: the same process's in-process guard. MariaDB: another instance, kept out by GET_LOCK.
    const rival = other?.lock ?? lock;
    await expect(rival.runExclusive(ROLLUP_JOB, async () => void (secondRan = true))).resolves.toBe('skipped');
    expect(secondRan).toBe(false);
    first.release();
    await expect(winner).resolves.toBe('ran');
    // The lock is free again once the winner is done.
    await expect(rival.runExclusive(ROLLUP_JOB, async () => void (secondRan = true))).resolves.toBe('ran');
    expect(secondRan).toBe(true);
  });

  it('two real roll-ups started together: one runs, the other is skipped', async () => {
    const rollup = t.app.get(AnalyticsRollupService);
    const rival = other?.lock ?? lock;
    const slow = heldJob();
    const first = lock.runExclusive(ROLLUP_JOB, async () => {
      await rollup.rollup();
      await slow.job();
    });
    await slow.running;
    const second = await rival.runExclusive(ROLLUP_JOB, () => rollup.rollup());
    slow.release();
    expect([await first, second]).toEqual(['ran', 'skipped']);
  });

  it('a failed run is reported and the next tick runs again', async () => {
    await expect(lock.runExclusive(ROLLUP_JOB, () => Promise.reject(new Error('database went away')))).resolves.toBe('failed');
    await expect(lock.runExclusive(ROLLUP_JOB, async () => undefined)).resolves.toBe('ran');
  });
});
