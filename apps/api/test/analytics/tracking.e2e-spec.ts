import { rmSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { PageVisitEntity } from '../../src/modules/analytics/entities/page-visit.entity';
import { PageVisitWriter } from '../../src/modules/analytics/page-visit-writer.service';
import { dataSourceOptions } from '../../src/infra/database/data-source-options';
import { resolveDatabaseSettings } from '../../src/infra/database/server-flavor';
import { BROWSER_UA } from '../factories/analytics.factory';
import { registerUser } from '../factories/user.factory';
import type { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

const browser = { 'user-agent': BROWSER_UA };
const track = (client: HttpClient, page: unknown, headers: Record<string, string> = browser) =>
  client.post('/api/analytics/track', { page }, { headers });

describe('POST /api/analytics/track', () => {
  let t: TestApp;
  const visits = () => t.app.get(DataSource).getRepository(PageVisitEntity);
  const stored = async () => {
    await t.app.get(PageVisitWriter).flush();
    return visits().find({ order: { id: 'ASC' } });
  };

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.app.get(PageVisitWriter).flush();
    await visits().clear();
  });

  it('answers 204, gives a new visitor a first-party cookie, and stores the path only with the address truncated', async () => {
    const client = t.client();
    const res = await track(client, '/search?make=BMW&email=me@example.com#results');
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('cm_vid='));
    expect(cookie).toMatch(/^cm_vid=[A-Za-z0-9_-]{22}; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/);
    const visitorId = client.cookies.get('cm_vid');

    expect(await stored()).toEqual([
      expect.objectContaining({ sessionId: visitorId, userId: null, ipAddress: '127.0.0.0', userAgent: BROWSER_UA, page: '/search' }),
    ]);
  });

  it('keeps the visitor id across page views without setting the cookie again', async () => {
    const client = t.client();
    await track(client, '/');
    const visitorId = client.cookies.get('cm_vid');
    const second = await track(client, '/vehicles/12');
    expect(second.status).toBe(204);
    expect(second.headers.getSetCookie()).toEqual([]);
    expect((await stored()).map((v) => [v.sessionId, v.page])).toEqual([
      [visitorId, '/'],
      [visitorId, '/vehicles/12'],
    ]);
  });

  it('replaces a visitor cookie that is not one of ours', async () => {
    const client = t.client();
    client.cookies.set('cm_vid', 'not-a-visitor-id');
    await track(client, '/faq');
    expect(client.cookies.get('cm_vid')).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await stored())[0].sessionId).toBe(client.cookies.get('cm_vid'));
  });

  it('records the signed-in user', async () => {
    const client = t.client();
    const { user } = await registerUser(client);
    await track(client, '/dashboard');
    expect((await stored())[0]).toMatchObject({ userId: user.id, page: '/dashboard' });
  });

  it('leaves out known bots and clients without a user agent, still answering 204', async () => {
    const bot = await track(t.client(), '/', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    expect(bot.status).toBe(204);
    expect(bot.headers.getSetCookie()).toEqual([]);
    expect((await track(t.client(), '/', { 'user-agent': 'curl/8.5.0' })).status).toBe(204);
    expect((await track(t.client(), '/', { 'user-agent': '' })).status).toBe(204);
    expect(await stored()).toEqual([]);
  });

  it.each([
    ['a path without the leading slash', 'search', 'page must be a path starting with a single "/" and without spaces or control characters'],
    ['another host', '//evil.example/x', 'page must be a path starting with a single "/" and without spaces or control characters'],
    ['a backslash host', '/\\evil.example', 'page must be a path starting with a single "/" and without spaces or control characters'],
    ['a control character', '/a\u0000b', 'page must be a path starting with a single "/" and without spaces or control characters'],
    ['a space', '/a b', 'page must be a path starting with a single "/" and without spaces or control characters'],
    ['a path over 512 characters', `/${'a'.repeat(512)}`, 'page must be at most 512 characters'],
    ['an empty page', '', 'page is required'],
    ['a number', 42, 'page must be a text'],
  ])('refuses %s with 400', async (_name, page, message) => {
    const res = await track(t.client(), page);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, message: 'Validation failed', errors: [{ field: 'page', message }] });
    expect(await stored()).toEqual([]);
  });

  it('accepts a 512-character path whose query makes it longer', async () => {
    const page = `/${'p'.repeat(511)}`;
    expect((await track(t.client(), `${page}?q=${'x'.repeat(100)}`)).status).toBe(204);
    expect((await stored())[0].page).toBe(page);
  });

  it('refuses unknown fields', async () => {
    const res = await t.client().post('/api/analytics/track', { page: '/', referrer: 'x' }, { headers: browser });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'referrer', message: 'referrer is not an accepted field' }]);
  });
});

describe('page view buffer', () => {
  it('writes buffered views out when the app shuts down', async () => {
    const t = await startTestApp({ ANALYTICS_FLUSH_MS: '60000' });
    let closed = false;
    try {
      const client = t.client();
      for (const page of ['/', '/search', '/faq']) expect((await track(client, page)).status).toBe(204);
      expect(t.app.get(PageVisitWriter).pending).toBe(3);
      expect(await t.app.get(DataSource).getRepository(PageVisitEntity).count()).toBe(0);

      await t.app.close();
      closed = true;
      const reopened = new DataSource(dataSourceOptions(await resolveDatabaseSettings(t.config.database), false, [PageVisitEntity]));
      await reopened.initialize();
      try {
        const pages = (await reopened.getRepository(PageVisitEntity).find({ order: { id: 'ASC' } })).map((v) => v.page);
        expect(pages).toEqual(['/', '/search', '/faq']);
      } finally {
        await reopened.destroy();
      }
    } finally {
      if (!closed) await t.app.close();
      await t.database.drop();
      rmSync(t.config.dataDir, { recursive: true, force: true });
    }
  });

  it('writes each view before answering when ANALYTICS_FLUSH_MS is 0', async () => {
    const t = await startTestApp({ ANALYTICS_FLUSH_MS: '0' });
    try {
      expect((await track(t.client(), '/how-it-works')).status).toBe(204);
      expect(t.app.get(PageVisitWriter).pending).toBe(0);
      expect((await t.app.get(DataSource).getRepository(PageVisitEntity).find()).map((v) => v.page)).toEqual(['/how-it-works']);
    } finally {
      await t.close();
    }
  });
});
