import { DataSource } from 'typeorm';
import { AnalyticsRollupService } from '../../src/modules/analytics/analytics-rollup.service';
import {
  AnalyticsDailyEntity,
  AnalyticsDailyPageEntity,
  AnalyticsRollupStateEntity,
  AnalyticsTopEntity,
  AnalyticsVisitorEntity,
} from '../../src/modules/analytics/entities/analytics-daily.entity';
import { PageVisitEntity } from '../../src/modules/analytics/entities/page-visit.entity';
import { VisitorSessionEntity } from '../../src/modules/analytics/entities/visitor-session.entity';
import { DAY, MINUTE, insertViews, isoDay, stopScheduledJobs, utcDay, view } from '../factories/analytics.factory';
import { startTestApp, type TestApp } from '../support/test-app';

describe('analytics roll-up', () => {
  let t: TestApp;
  let rollup: AnalyticsRollupService;
  let db: DataSource;
  const now = new Date();
  const twoDaysAgo = (time: string) => utcDay(-2, time);

  const sessionsOf = async (visitorId: string) =>
    (await db.getRepository(VisitorSessionEntity).find({ where: { visitorId }, order: { firstVisit: 'ASC' } })).map((s) => ({
      sessionId: s.sessionId,
      firstVisit: new Date(s.firstVisit).toISOString(),
      lastVisit: new Date(s.lastVisit).toISOString(),
      pageViews: s.pageViews,
      totalDuration: s.totalDuration,
    }));
  const daily = (day: string) => db.getRepository(AnalyticsDailyEntity).findOneBy({ day });
  const key = (visitor: string, at: Date) => `${visitor}:${Math.floor(at.getTime() / 1000)}`;

  beforeAll(async () => {
    t = await startTestApp();
    stopScheduledJobs(t.app);
    rollup = t.app.get(AnalyticsRollupService);
    db = t.app.get(DataSource);
    await insertViews(t.app, [
      // 5 minutes, then a 31-minute gap: two visits.
      view('gap', twoDaysAgo('10:00'), '/'),
      view('gap', twoDaysAgo('10:05'), '/search'),
      view('gap', twoDaysAgo('10:36'), '/faq'),
      // Exactly 30 minutes without a view still continues the visit.
      view('edge', twoDaysAgo('12:00'), '/'),
      view('edge', twoDaysAgo('12:30'), '/financing'),
      // 23:50 to 00:10: one visit, counted for the day it started.
      view('night', twoDaysAgo('23:50'), '/'),
      view('night', utcDay(-1, '00:10'), '/vehicles/7'),
    ]);
    await rollup.rollup(now);
  });
  afterAll(async () => {
    await t.close();
  });

  it('ends a visit after a 31-minute gap', async () => {
    expect(await sessionsOf('gap')).toEqual([
      {
        sessionId: key('gap', twoDaysAgo('10:00')),
        firstVisit: twoDaysAgo('10:00').toISOString(),
        lastVisit: twoDaysAgo('10:05').toISOString(),
        pageViews: 2,
        totalDuration: 300,
      },
      {
        sessionId: key('gap', twoDaysAgo('10:36')),
        firstVisit: twoDaysAgo('10:36').toISOString(),
        lastVisit: twoDaysAgo('10:36').toISOString(),
        pageViews: 1,
        totalDuration: 0,
      },
    ]);
  });

  it('keeps a view exactly 30 minutes later in the same visit', async () => {
    expect(await sessionsOf('edge')).toEqual([
      expect.objectContaining({ sessionId: key('edge', twoDaysAgo('12:00')), pageViews: 2, totalDuration: 1800 }),
    ]);
  });

  it('counts a visit across midnight for the day it started, and each view on its own day', async () => {
    expect(await sessionsOf('night')).toEqual([
      {
        sessionId: key('night', twoDaysAgo('23:50')),
        firstVisit: twoDaysAgo('23:50').toISOString(),
        lastVisit: utcDay(-1, '00:10').toISOString(),
        pageViews: 2,
        totalDuration: 1200,
      },
    ]);
    // Two days ago: gap (2 visits, 300 s), edge (1 visit, 1800 s), night (1 visit, 1200 s); 6 views by 3 visitors.
    expect(await daily(isoDay(twoDaysAgo('00:00')))).toEqual({
      day: isoDay(twoDaysAgo('00:00')),
      pageViews: 6,
      uniqueVisitors: 3,
      sessions: 4,
      totalDuration: 3300,
      lastSeenVisitors: 2,
    });
    // Yesterday: night's second view only; no visit started then; night was last seen yesterday.
    expect(await daily(isoDay(utcDay(-1)))).toEqual({
      day: isoDay(utcDay(-1)),
      pageViews: 1,
      uniqueVisitors: 1,
      sessions: 0,
      totalDuration: 0,
      lastSeenVisitors: 1,
    });
    await expect(db.getRepository(AnalyticsVisitorEntity).findOneBy({ visitorId: 'night' })).resolves.toEqual({
      visitorId: 'night',
      lastSeenDay: isoDay(utcDay(-1)),
    });
  });

  it('keeps each day\'s views per page', async () => {
    const pages = await db.getRepository(AnalyticsDailyPageEntity).find({ where: { day: isoDay(twoDaysAgo('00:00')) }, order: { views: 'DESC', page: 'ASC' } });
    expect(pages.map((p) => [p.page, p.views])).toEqual([
      ['/', 3],
      ['/faq', 1],
      ['/financing', 1],
      ['/search', 1],
    ]);
  });

  it('changes nothing when run again over the same data', async () => {
    const snapshot = async () => ({
      sessions: await db.getRepository(VisitorSessionEntity).find({ order: { id: 'ASC' } }),
      daily: await db.getRepository(AnalyticsDailyEntity).find({ order: { day: 'ASC' } }),
      pages: await db.getRepository(AnalyticsDailyPageEntity).find({ order: { day: 'ASC', page: 'ASC' } }),
      visitors: await db.getRepository(AnalyticsVisitorEntity).find({ order: { visitorId: 'ASC' } }),
      tops: await db.getRepository(AnalyticsTopEntity).find({ order: { period: 'ASC', kind: 'ASC', position: 'ASC' } }),
    });
    const before = await snapshot();
    expect(before.sessions).toHaveLength(4);
    expect(before.tops.filter((r) => r.period === '7d' && r.kind === 'page').map((r) => [r.item, r.views])).toEqual([
      ['/', 3],
      ['/faq', 1],
      ['/financing', 1],
      ['/search', 1],
      ['/vehicles/7', 1],
    ]);
    const again = await rollup.rollup(new Date(now.getTime() + MINUTE));
    expect(again).toMatchObject({ sessionsInserted: 0, sessionsUpdated: 0, sessionsDeleted: 0 });
    expect(await snapshot()).toEqual(before);

    // From scratch: every view is read and rolled up again, and still nothing changes.
    await db.getRepository(AnalyticsRollupStateEntity).clear();
    const replay = await rollup.rollup(new Date(now.getTime() + MINUTE));
    expect(replay).toMatchObject({ visitsRead: 7, sessionsInserted: 0, sessionsUpdated: 0, sessionsDeleted: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it('extends an open visit with a later view, in place', async () => {
    // The roll-up has passed `now` + 45 s; new views come after it.
    const at = new Date(Math.floor(now.getTime() / 1000) * 1000 + MINUTE);
    await insertViews(t.app, [view('live', at, '/')]);
    await rollup.rollup(new Date(at.getTime() + 2 * MINUTE));
    const [first] = await db.getRepository(VisitorSessionEntity).findBy({ visitorId: 'live' });
    expect(first).toMatchObject({ pageViews: 1, totalDuration: 0 });

    await insertViews(t.app, [view('live', new Date(at.getTime() + 15 * MINUTE), '/search')]);
    await rollup.rollup(new Date(at.getTime() + 17 * MINUTE));
    const after = await db.getRepository(VisitorSessionEntity).findBy({ visitorId: 'live' });
    expect(after).toEqual([expect.objectContaining({ id: first.id, sessionId: key('live', at), pageViews: 2, totalDuration: 900 })]);
  });

  it('merges two visits when a view written late falls between them', async () => {
    const base = new Date(Math.floor(now.getTime() / 1000) * 1000 + 60 * MINUTE);
    await insertViews(t.app, [view('bridge', new Date(base.getTime() - 40 * MINUTE), '/'), view('bridge', new Date(base.getTime() - 2 * MINUTE), '/faq')]);
    await rollup.rollup(base);
    expect((await sessionsOf('bridge')).map((s) => s.pageViews)).toEqual([1, 1]);

    // Written after the roll-up passed its time, but within the re-read tail.
    await insertViews(t.app, [view('bridge', new Date(base.getTime() - 10 * MINUTE), '/search')]);
    await rollup.rollup(new Date(base.getTime() + MINUTE));
    expect(await sessionsOf('bridge')).toEqual([
      expect.objectContaining({ sessionId: key('bridge', new Date(base.getTime() - 40 * MINUTE)), pageViews: 3, totalDuration: 38 * 60 }),
    ]);
  });

  it('purges raw views past the retention, keeping recent ones and the daily aggregates', async () => {
    const old = new Date(Math.floor((now.getTime() - 100 * DAY) / 1000) * 1000);
    await insertViews(t.app, [view('old', old, '/')]);
    const before = await db.getRepository(PageVisitEntity).count();
    const result = await rollup.purge(now);
    expect(result.pageVisits).toBe(1);
    expect(await db.getRepository(PageVisitEntity).count()).toBe(before - 1);
    expect(await db.getRepository(PageVisitEntity).countBy({ sessionId: 'old' })).toBe(0);
    expect((await daily(isoDay(twoDaysAgo('00:00'))))?.pageViews).toBe(6);
  });
});
