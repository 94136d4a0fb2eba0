import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FirstViewAnswer } from '@app/shared';
import { VehiclesService } from '../../src/modules/vehicles/vehicles.service';
import { PUBLIC_PAGE_CACHE_CONTROL } from '../../src/modules/web/page-cache';
import { PageRenderer } from '../../src/modules/web/page-renderer';
import { createVehicle, listingInput, updateVehicle } from '../factories/vehicle.factory';
import { registerUser } from '../factories/user.factory';
import type { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8" /><meta name="description" content="Default description" /><title>Vehicle Marketplace</title></head><body><noscript>This site needs JavaScript to run.</noscript><div id="root"></div></body></html>';
// A stand-in for the storefront's server build: draws each listing the first view carries, with its price.
const RENDERER = `exports.renderPage = async (path, answers) => {
  const listings = answers.flatMap((a) => a.kind === 'vehicle' ? [a.body] : a.kind === 'recent' ? a.body : a.kind === 'search' ? a.body.vehicles : []);
  return '<main>' + listings.map((v) => '<p data-id="' + v.id + '">' + v.make + ' ' + v.model + ' $' + v.price + '</p>').join('') + '</main>';
};`;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('kept pages (drawn once per what they show)', () => {
  let t: TestApp;
  let staticDir: string;
  let admin: HttpClient;
  let sellerId: number;
  let seller: HttpClient;

  const listed = (html: string, id: number) => new RegExp(`<p data-id="${id}">[^<]*</p>`).exec(html)?.[0];

  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'cm-storefront-'));
    writeFileSync(join(staticDir, 'index.html'), INDEX_HTML);
    writeFileSync(join(staticDir, 'page-assets.json'), '{}');
    writeFileSync(join(staticDir, 'render.js'), RENDERER);
    t = await startTestApp({ STATIC_DIR: staticDir, STOREFRONT_RENDERER: join(staticDir, 'render.js'), ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'admin-password-2026' });
    admin = t.client();
    expect((await admin.post('/api/login', { email: 'admin@example.com', password: 'admin-password-2026' })).status).toBe(200);
    seller = t.client();
    sellerId = (await registerUser(seller)).user.id;
  });

  afterAll(async () => {
    await t.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('draws a repeated page once: the same bytes again, public for a shared cache, with an ETag, and 304 for a browser that holds it', async () => {
    const vehicle = await createVehicle(t, sellerId, { make: 'Volvo', model: 'XC60', price: 30000 });
    const draws = jest.spyOn(t.app.get(PageRenderer), 'render');
    try {
      const first = await t.client().get(`/vehicles/${vehicle.id}`, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(first.status).toBe(200);
      expect(first.headers.get('content-encoding')).toBe('br');
      expect(first.headers.get('cache-control')).toBe(PUBLIC_PAGE_CACHE_CONTROL);
      expect(PUBLIC_PAGE_CACHE_CONTROL).toMatch(/s-maxage=\d+/);
      expect(PUBLIC_PAGE_CACHE_CONTROL).toMatch(/stale-while-revalidate=\d+/);
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      expect(listed(first.text, vehicle.id)).toBe(`<p data-id="${vehicle.id}">Volvo XC60 $30000</p>`);

      const gzip = await t.client().get(`/vehicles/${vehicle.id}`, { headers: { 'accept-encoding': 'gzip' } });
      const plain = await t.client().get(`/vehicles/${vehicle.id}`, { headers: { 'accept-encoding': 'identity' } });
      expect(gzip.headers.get('content-encoding')).toBe('gzip');
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect([gzip.text, plain.text]).toEqual([first.text, first.text]);
      expect([gzip.headers.get('etag'), plain.headers.get('etag')]).toEqual([etag, etag]);
      expect(draws).toHaveBeenCalledTimes(1);

      const revalidated = await t.client().get(`/vehicles/${vehicle.id}`, { headers: { 'if-none-match': etag! } });
      expect(revalidated.status).toBe(304);
      expect(revalidated.text).toBe('');
      expect(revalidated.headers.get('etag')).toBe(etag);
      expect((await t.client().get(`/vehicles/${vehicle.id}`, { headers: { 'if-none-match': 'W/"something-else"' } })).status).toBe(200);
      expect(draws).toHaveBeenCalledTimes(1);
    } finally {
      draws.mockRestore();
    }
  });

  it('keeps no view count and no visitor cookie: the storefront asks for the listing itself, which counts the view', async () => {
    const vehicle = await createVehicle(t, sellerId, { make: 'Mazda', model: 'CX-5' });
    const page = await t.client().get(`/vehicles/${vehicle.id}`, { headers: { 'user-agent': BROWSER } });
    expect(page.headers.getSetCookie()).toEqual([]);
    const views = async () => (await t.app.get(VehiclesService).detail(vehicle.id, undefined, () => null)).views;
    expect(await views()).toBe(0);
    const own = await t.client().get(`/api/vehicles/${vehicle.id}`, { headers: { 'user-agent': BROWSER } });
    expect(own.headers.getSetCookie().some((c) => c.startsWith('cm_vid='))).toBe(true);
    expect(await views()).toBe(1);
  });

  it('shows an approval at once: on the landing page, in a search and as the listing page', async () => {
    const create = await seller.post('/api/vehicles', listingInput({ make: 'Porsche', model: 'Cayenne', price: 61000, images: [], coverPhotoIndex: 0 }));
    expect(create.status).toBe(201);
    const id = create.body.id as number;
    const landing = await t.client().get('/');
    const search = await t.client().get('/search?make=Porsche');
    expect([listed(landing.text, id), listed(search.text, id)]).toEqual([undefined, undefined]);
    expect((await t.client().get(`/vehicles/${id}`)).status).toBe(404);
    // Kept now (a repeat is not drawn again) ...
    expect((await t.client().get('/', { headers: { 'if-none-match': landing.headers.get('etag')! } })).status).toBe(304);

    expect((await admin.patch(`/api/admin/vehicles/${id}/status`, { status: 'approved' })).status).toBe(200);
    // ... and drawn again at once after the approval.
    const after = await t.client().get('/', { headers: { 'if-none-match': landing.headers.get('etag')! } });
    expect(after.status).toBe(200);
    expect(listed(after.text, id)).toBe(`<p data-id="${id}">Porsche Cayenne $61000</p>`);
    expect(listed((await t.client().get('/search?make=Porsche')).text, id)).toBeDefined();
    const page = await t.client().get(`/vehicles/${id}`);
    expect(page.status).toBe(200);
    expect(listed(page.text, id)).toBeDefined();
  });

  it("shows a seller's price cut at once on the listing page and in a search", async () => {
    const vehicle = await createVehicle(t, sellerId, { make: 'Lexus', model: 'RX', price: 40000, images: [], coverPhotoIndex: 0 });
    const before = await t.client().get(`/vehicles/${vehicle.id}`);
    expect(listed(before.text, vehicle.id)).toBe(`<p data-id="${vehicle.id}">Lexus RX $40000</p>`);
    expect(listed((await t.client().get('/search?make=Lexus')).text, vehicle.id)).toContain('$40000');

    const cut = await seller.put(`/api/vehicles/${vehicle.id}`, listingInput({ make: 'Lexus', model: 'RX', price: 37500, images: [], coverPhotoIndex: 0 }));
    expect(cut.status).toBe(200);
    expect(cut.body.price).toBe(37500);

    const after = await t.client().get(`/vehicles/${vehicle.id}`, { headers: { 'if-none-match': before.headers.get('etag')! } });
    expect(after.status).toBe(200);
    expect(listed(after.text, vehicle.id)).toBe(`<p data-id="${vehicle.id}">Lexus RX $37500</p>`);
    expect(after.text).toContain('$37,500');
    expect(listed((await t.client().get('/search?make=Lexus')).text, vehicle.id)).toContain('$37500');
  });

  it("keeps a listing's page while other listings change, and the landing page not", async () => {
    const kept = await createVehicle(t, sellerId, { make: 'Subaru', model: 'Outback', price: 25000 });
    const other = await createVehicle(t, sellerId, { make: 'Subaru', model: 'Forester', price: 24000 });
    await t.client().get(`/vehicles/${kept.id}`);
    await t.client().get('/');
    const draws = jest.spyOn(t.app.get(PageRenderer), 'render');
    try {
      await updateVehicle(t, other.id, { price: 23000 });
      const page = await t.client().get(`/vehicles/${kept.id}`);
      expect(listed(page.text, kept.id)).toContain('$25000');
      expect(draws.mock.calls.map(([path]) => path)).toEqual([]);
      expect(listed((await t.client().get('/')).text, other.id)).toContain('$23000');
      expect(draws.mock.calls.map(([path]) => path)).toEqual(['/']);
    } finally {
      draws.mockRestore();
    }
  });

  it('draws a page once for every address that reads the same: a query its drawing does not read makes no new drawing', async () => {
    const vehicle = await createVehicle(t, sellerId, { make: 'Mazda', model: 'CX-5', price: 27000 });
    await t.client().get('/');
    const draws = jest.spyOn(t.app.get(PageRenderer), 'render');
    try {
      // Made-up and tracking parameters: the landing, a listing and an information page are drawn as without them.
      const landing = await t.client().get('/?n=1');
      for (const url of ['/?n=2', '/?utm_source=mail&utm_campaign=spring', '/?']) {
        const again = await t.client().get(url);
        expect([url, again.status, again.headers.get('etag')]).toEqual([url, 200, landing.headers.get('etag')]);
      }
      await t.client().get(`/vehicles/${vehicle.id}?ref=share`);
      await t.client().get(`/vehicles/${vehicle.id}?ref=other`);
      // A search is drawn by its filters: reordered, blank, "any" or unknown parameters read the same.
      const search = await t.client().get('/search?make=Mazda&minPrice=20000');
      for (const url of ['/search?minPrice=%2420%2C000&make=Mazda', '/search?make=Mazda&minPrice=20000&model=&bodyType=any&n=7']) {
        const again = await t.client().get(url);
        expect([url, again.headers.get('etag')]).toEqual([url, search.headers.get('etag')]);
      }
      expect(listed(search.text, vehicle.id)).toContain('$27000');
      // What the search page does read still draws anew: another filter, another sort, the recently sold view.
      await t.client().get('/search?make=Mazda&minPrice=20000&sortBy=price_asc');
      await t.client().get('/search?make=Mazda&minPrice=20000&sold=1');
      expect(draws.mock.calls.map(([path]) => path)).toEqual([
        `/vehicles/${vehicle.id}`,
        '/search?make=Mazda&minPrice=20000',
        '/search?make=Mazda&minPrice=20000&sortBy=price_asc',
        '/search?make=Mazda&minPrice=20000&sold=1',
      ]);
    } finally {
      draws.mockRestore();
    }
  });

  it('draws the page for a signed-in visitor alone, private, and never hands it to anyone else', async () => {
    const vehicle = await createVehicle(t, sellerId, { make: 'Audi', model: 'Q5' });
    const signedIn = t.client();
    await registerUser(signedIn);
    const mine = await signedIn.get(`/vehicles/${vehicle.id}`);
    expect(mine.headers.get('cache-control')).toBe('private, no-cache');
    expect(mine.headers.get('etag')).toBeNull();
    expect(mine.text).not.toContain('id="first-view"');
    const visitor = await t.client().get(`/vehicles/${vehicle.id}`);
    expect(visitor.headers.get('cache-control')).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    expect(visitor.text).toContain('id="first-view"');
    const answers = JSON.parse(/<script type="application\/json" id="first-view">(.*?)<\/script>/s.exec(visitor.text)![1]) as FirstViewAnswer[];
    expect(answers.find((a) => a.kind === 'user')?.status).toBe(401);
  });

  it('answers a 404 page for whoever asks, not kept, and a listing that goes public is found at once', async () => {
    const pending = await createVehicle(t, sellerId, { make: 'Kia', model: 'Telluride', status: 'pending' });
    const missing = await t.client().get(`/vehicles/${pending.id}`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('private, no-cache');
    await updateVehicle(t, pending.id, { status: 'approved' });
    expect((await t.client().get(`/vehicles/${pending.id}`)).status).toBe(200);
  });
});
