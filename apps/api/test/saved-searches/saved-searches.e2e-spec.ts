import { DataSource } from 'typeorm';
import { MailOutbox } from '../../src/infra/mail/outbox/mail-outbox.service';
import { SavedSearchEntity } from '../../src/modules/saved-searches/entities/saved-search.entity';
import { SavedSearchAlertsJob } from '../../src/modules/saved-searches/saved-search-alerts.job';
import { createVehicle, updateVehicle } from '../factories/vehicle.factory';
import { registerUser, registerVerifiedUser } from '../factories/user.factory';
import type { HttpClient } from '../support/http-client';
import { bodyHtml, bodyText, header, startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { startTestApp, type TestApp } from '../support/test-app';

const HOUR = 3_600_000;

/** Saved searches with e-mail alerts of new matches and price drops, read from a real SMTP server. */
describe('saved searches', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let me: HttpClient;
  let myEmail: string;
  let sellerId: number;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await startTestApp({ SMTP_URL: smtp.url, STAFF_EMAIL: 'staff@example.com', PUBLIC_URL: 'https://cars.example.com', RATE_LIMIT_PER_MINUTE: '100000', MAIL_POLL_MS: '100' });
    me = t.client();
    myEmail = (await registerVerifiedUser(t, me)).user.email;
    sellerId = (await registerUser(t.client())).user.id;
    // The accounts' verification mail goes out now, not into a test's count of the alerts it expects.
    await t.app.get(MailOutbox).drain();
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const searches = () => t.app.get(DataSource).getRepository(SavedSearchEntity);
  /** Saved an hour ago: listings written from now on are new to it. */
  async function saveSearch(query: string, frequency = 'instant', name = 'My search'): Promise<number> {
    const res = await me.post('/api/user/searches', { name, query, frequency });
    expect(res.status).toBe(201);
    await searches().update({ id: res.body.id }, { createdAt: new Date(Date.now() - HOUR) });
    return res.body.id;
  }
  async function runAlerts(now = new Date()) {
    expect(await t.app.get(SavedSearchAlertsJob).run(now)).toBe('ran');
    await t.app.get(MailOutbox).drain();
  }
  const alertsTo = (skip: number) => smtp.mails.slice(skip).filter((m) => m.to.includes(myEmail));

  it('saves a search with its match count, renames it, changes its frequency and deletes it; others cannot touch it', async () => {
    await createVehicle(t, sellerId, { make: 'Lotus', model: 'Emira', year: 2024, price: 99000, status: 'approved' });
    const created = await me.post('/api/user/searches', { name: '  Lotus under 100k ', query: '?make=Lotus&maxPrice=100000&page=3', frequency: 'daily' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Lotus under 100k', query: 'make=Lotus&maxPrice=100000', frequency: 'daily', matches: 1, lastAlertAt: null });
    const id = created.body.id;
    expect((await me.get('/api/user/searches')).body.map((s: { id: number }) => s.id)).toContain(id);
    expect((await me.patch(`/api/user/searches/${id}`, { name: 'Lotus', frequency: 'weekly' })).body).toMatchObject({ name: 'Lotus', frequency: 'weekly' });
    const stranger = t.client();
    await registerUser(stranger);
    expect((await stranger.patch(`/api/user/searches/${id}`, { frequency: 'off' })).status).toBe(404);
    expect((await stranger.delete(`/api/user/searches/${id}`)).status).toBe(404);
    expect((await me.delete(`/api/user/searches/${id}`)).status).toBe(204);
    expect((await me.get('/api/user/searches')).body.map((s: { id: number }) => s.id)).not.toContain(id);
  });

  it("refuses a search the search page would refuse, a missing name and an unknown frequency (400), and visitors (401)", async () => {
    const bad = await me.post('/api/user/searches', { name: 'x', query: 'minPrice=cheap', frequency: 'daily' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('minPrice');
    const unnamed = await me.post('/api/user/searches', { name: ' ', query: '', frequency: 'hourly' });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Name is required' },
        { field: 'frequency', message: 'frequency must be one of: instant, daily, weekly, off' },
      ]),
    );
    expect((await t.client().get('/api/user/searches')).status).toBe(401);
  });

  it('e-mails new matches and price drops once each, with photos, prices, links and one-click unsubscribe headers', async () => {
    const id = await saveSearch('make=Alpine&bodyType=coupe', 'instant', 'Alpine coupes');
    const skip = smtp.mails.length;
    const a110 = await createVehicle(t, sellerId, { make: 'Alpine', model: 'A110', year: 2022, price: 68000, bodyType: 'coupe', status: 'approved', images: ['/uploads/2026/11/alpine.webp'] });
    await createVehicle(t, sellerId, { make: 'Alpine', model: 'A110', year: 2021, price: 61000, bodyType: 'coupe', status: 'pending' });
    await createVehicle(t, sellerId, { make: 'Alpine', model: 'A290', year: 2025, price: 41000, bodyType: 'hatchback', status: 'approved' });
    await runAlerts();
    const [alert, ...others] = alertsTo(skip);
    expect(others).toHaveLength(0);
    expect(alert!.parsed.subject).toBe('1 new listing for "Alpine coupes"');
    const text = bodyText(alert!);
    expect(text).toContain('2022 Alpine A110');
    expect(text).toContain('$68,000');
    expect(text).toContain(`https://cars.example.com/vehicles/${a110.id}`);
    expect(text).not.toContain('A290');
    expect(bodyHtml(alert!)).toContain('src="https://cars.example.com/uploads/2026/11/alpine-card.webp"');
    const unsubscribe = header(alert!, 'List-Unsubscribe');
    expect(unsubscribe).toMatch(/^<https:\/\/cars\.example\.com\/api\/searches\/unsubscribe\?token=\d+\.[\w-]{43}>$/);
    expect(header(alert!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    // Nothing twice: another run finds the same listing and sends nothing.
    await runAlerts();
    expect(alertsTo(skip)).toHaveLength(1);

    // A price drop is another reason: one more e-mail, about the drop.
    await updateVehicle(t, a110.id, { price: 64500 });
    await runAlerts();
    const drop = alertsTo(skip)[1]!;
    expect(drop.parsed.subject).toBe('1 price drop for "Alpine coupes"');
    expect(bodyText(drop)).toContain('Now $64,500, $3,500 less');
    await runAlerts();
    expect(alertsTo(skip)).toHaveLength(2);

    // One click (a mail client's POST, RFC 8058) turns this alert off without signing in.
    const url = new URL(unsubscribe!.slice(1, -1));
    const oneClick = await fetch(`${t.baseUrl}${url.pathname}${url.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.json()).toEqual({ name: 'Alpine coupes' });
    expect((await searches().findOneByOrFail({ id })).frequency).toBe('off');
    await createVehicle(t, sellerId, { make: 'Alpine', model: 'A110', year: 2023, price: 72000, bodyType: 'coupe', status: 'approved' });
    await runAlerts();
    expect(alertsTo(skip)).toHaveLength(2);
    // Opening the link (GET) leads to the page with the button; it changes nothing by itself.
    const opened = await fetch(`${t.baseUrl}${url.pathname}${url.search}`, { redirect: 'manual' });
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe(`/unsubscribe${url.search}`);
  });

  it('sends a daily alert at most once a day', async () => {
    await saveSearch('make=Caterham', 'daily', 'Caterham');
    const skip = smtp.mails.length;
    await createVehicle(t, sellerId, { make: 'Caterham', model: 'Seven', year: 2020, price: 45000, status: 'approved' });
    await runAlerts();
    expect(alertsTo(skip)).toHaveLength(1);
    await createVehicle(t, sellerId, { make: 'Caterham', model: 'Seven', year: 2021, price: 47000, status: 'approved' });
    await runAlerts(new Date(Date.now() + HOUR));
    expect(alertsTo(skip)).toHaveLength(1);
    await runAlerts(new Date(Date.now() + 25 * HOUR));
    expect(alertsTo(skip)).toHaveLength(2);
    expect(alertsTo(skip)[1]!.parsed.subject).toBe('1 new listing for "Caterham"');
  });

  it('refuses a forged or unknown unsubscribe token (400) and takes the page\'s JSON token', async () => {
    const id = await saveSearch('make=Morgan', 'weekly', 'Morgan');
    const forged = await t.client().post('/api/searches/unsubscribe', { token: `${id}.${'A'.repeat(43)}` });
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({ statusCode: 400, message: 'This unsubscribe link is not valid' });
    expect((await t.client().post('/api/searches/unsubscribe', { token: 'nonsense' })).status).toBe(400);
    expect((await searches().findOneByOrFail({ id })).frequency).toBe('weekly');
    const other = await fetch(`${t.baseUrl}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=b' });
    expect(other.status).toBe(415);
  });
});
