import { DataSource } from 'typeorm';
import { AnalyticsRollupService } from '../../src/modules/analytics/analytics-rollup.service';
import { DAY, MINUTE, insertViews, isoDay, stopScheduledJobs, utcDay, view } from '../factories/analytics.factory';
import { createVehicle } from '../factories/vehicle.factory';
import { registerUser } from '../factories/user.factory';
import type { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

describe('GET /api/analytics/stats', () => {
  let t: TestApp;
  let admin: HttpClient;
  let user: HttpClient;
  let listingA: number;
  let listingB: number;

  beforeAll(async () => {
    // "Today so far" needs a view older than the roll-up's 15-second settling time: not in the first minute of a UTC day.
    const sinceMidnight = Date.now() - utcDay(0).getTime();
    if (sinceMidnight < 2 * MINUTE) await new Promise((resolve) => setTimeout(resolve, 2 * MINUTE - sinceMidnight));

    t = await startTestApp({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'admin-password' });
    stopScheduledJobs(t.app);
    admin = t.client();
    expect((await admin.post('/api/login', { email: 'admin@example.com', password: 'admin-password' })).status).toBe(200);
    user = t.client();
    const { user: seller } = await registerUser(user);
    listingA = (await createVehicle(t, seller.id, { make: 'Porsche', model: '911', year: 2019, status: 'approved' })).id;
    listingB = (await createVehicle(t, seller.id, { make: 'Lexus', model: 'RX', year: 2022, status: 'sold' })).id;

    const now = Date.now();
    await insertViews(t.app, [
      // v1: yesterday one visit of 3 views over 20 minutes; 3 days ago one single view.
      view('v1', utcDay(-1, '12:00'), '/'),
      view('v1', utcDay(-1, '12:10'), '/search'),
      view('v1', utcDay(-1, '12:20'), `/vehicles/${listingA}`),
      view('v1', utcDay(-3, '09:00'), `/vehicles/${listingA}`),
      // v2: 10 days ago, 5 minutes.
      view('v2', utcDay(-10, '15:00'), '/'),
      view('v2', utcDay(-10, '15:05'), `/vehicle/${listingB}`),
      // v3: 45 days ago; v4: 100 days ago (outside every period).
      view('v3', utcDay(-45, '08:00'), '/faq'),
      view('v4', utcDay(-100, '08:00'), '/'),
      // v5: today, a minute ago.
      view('v5', new Date(Math.floor((now - MINUTE) / 1000) * 1000), `/vehicles/${listingA}`),
    ]);
    await t.app.get(AnalyticsRollupService).rollup();
  }, 3 * MINUTE);
  afterAll(async () => {
    await t.close();
  });

  it('answers 401 signed out and 403 to a user who is not an admin', async () => {
    expect((await t.client().get('/api/analytics/stats')).status).toBe(401);
    expect((await user.get('/api/analytics/stats?period=30d')).status).toBe(403);
  });

  it('refuses another period with 400', async () => {
    const res = await admin.get('/api/analytics/stats?period=1y');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, message: 'Validation failed', errors: [{ field: 'period', message: 'period must be one of 7d, 30d, 90d' }] });
  });

  it('covers the last 7 days by default, today so far included, counting a returning visitor once', async () => {
    const res = await admin.get('/api/analytics/stats');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      period: '7d',
      from: isoDay(utcDay(-6)),
      to: isoDay(utcDay(0)),
      uniqueVisitors: 2,
      totalPageViews: 5,
      sessions: 3,
      // 1200 s + 0 s + 0 s over three visits.
      averageDuration: 400,
      topPages: [
        { page: `/vehicles/${listingA}`, views: 3 },
        { page: '/', views: 1 },
        { page: '/search', views: 1 },
      ],
      topListings: [{ vehicleId: listingA, year: 2019, make: 'Porsche', model: '911', status: 'approved', views: 3 }],
    });
    expect(new Date(res.body.asOf).getTime()).toBeGreaterThan(Date.now() - MINUTE);
    expect(res.body.series).toHaveLength(7);
    expect(res.body.series[0]).toEqual({ date: isoDay(utcDay(-6)), pageViews: 0, uniqueVisitors: 0, sessions: 0, averageDuration: 0 });
    expect(res.body.series[5]).toEqual({ date: isoDay(utcDay(-1)), pageViews: 3, uniqueVisitors: 1, sessions: 1, averageDuration: 1200 });
    expect(res.body.series[6]).toEqual({ date: isoDay(utcDay(0)), pageViews: 1, uniqueVisitors: 1, sessions: 1, averageDuration: 0 });
  });

  it('covers 30 days', async () => {
    const res = await admin.get('/api/analytics/stats?period=30d');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      period: '30d',
      from: isoDay(utcDay(-29)),
      uniqueVisitors: 3,
      totalPageViews: 7,
      sessions: 4,
      averageDuration: 375,
      topListings: [
        { vehicleId: listingA, views: 3 },
        { vehicleId: listingB, make: 'Lexus', status: 'sold', views: 1 },
      ],
    });
    expect(res.body.series).toHaveLength(30);
  });

  it('covers 90 days, and leaves out older views', async () => {
    const res = await admin.get('/api/analytics/stats?period=90d');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ period: '90d', from: isoDay(new Date(utcDay(0).getTime() - 89 * DAY)), uniqueVisitors: 4, totalPageViews: 8, sessions: 5, averageDuration: 300 });
    expect(res.body.series).toHaveLength(90);
    expect(res.body.topPages[0]).toEqual({ page: `/vehicles/${listingA}`, views: 3 });
    expect(res.body.topPages.map((p: { page: string }) => p.page)).toEqual(expect.arrayContaining(['/', '/faq', '/search', `/vehicle/${listingB}`]));
  });

  it('sums the daily tables itself when the roll-up\'s top lists are from another day', async () => {
    const before = await admin.get('/api/analytics/stats?period=30d');
    await t.app.get(DataSource).query("UPDATE analytics_top SET toDay = '2000-01-01'");
    const after = await admin.get('/api/analytics/stats?period=30d');
    expect(after.body.topPages).toEqual(before.body.topPages);
    expect(after.body.topListings).toEqual(before.body.topListings);
    expect(after.body.topListings).toHaveLength(2);
  });

  it('leaves a deleted listing out of the top listings, also when the roll-up counts its page views again', async () => {
    const { user: seller } = await registerUser(t.client());
    const owner = t.client();
    expect((await owner.post('/api/login', { email: seller.email, password: 'correct-horse-battery' })).status).toBe(200);
    const gone = (await createVehicle(t, seller.id, { make: 'Jaguar', model: 'E-Type', year: 1966, status: 'approved' })).id;
    const minuteAgo = new Date(Math.floor((Date.now() - MINUTE) / 1000) * 1000);
    await insertViews(t.app, ['g1', 'g2', 'g3', 'g4', 'g5'].map((visitor) => view(visitor, minuteAgo, `/vehicles/${gone}`)));
    await t.app.get(AnalyticsRollupService).rollup();
    const before = await admin.get('/api/analytics/stats?period=7d');
    expect(before.body.topListings[0]).toMatchObject({ vehicleId: gone, make: 'Jaguar', views: 5 });

    expect((await owner.delete(`/api/vehicles/${gone}`)).status).toBe(204);
    const dailyCounts = async () =>
      Number(((await t.app.get(DataSource).query('SELECT COUNT(*) AS n FROM analytics_daily_listings WHERE vehicleId = ?', [gone])) as { n: number | string }[])[0].n);
    expect(await dailyCounts()).toBe(0);
    // A new view today makes the roll-up recount today's pages, the deleted listing's included.
    await insertViews(t.app, [view('g6', new Date(minuteAgo.getTime() + 1000), `/vehicles/${listingA}`)]);
    await t.app.get(AnalyticsRollupService).rollup();
    const after = await admin.get('/api/analytics/stats?period=7d');
    expect(after.body.topPages.map((p: { page: string }) => p.page)).toContain(`/vehicles/${gone}`);
    expect(await dailyCounts()).toBe(0);
    expect(after.body.topListings.map((l: { vehicleId: number }) => l.vehicleId)).toEqual([listingA]);
    await t.app.get(DataSource).query("UPDATE analytics_top SET toDay = '2000-01-01'");
    expect((await admin.get('/api/analytics/stats?period=7d')).body.topListings.map((l: { vehicleId: number }) => l.vehicleId)).toEqual([listingA]);
  });
});
