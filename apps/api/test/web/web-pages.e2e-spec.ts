import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VehicleEntity } from '../../src/modules/vehicles/entities/vehicle.entity';
import { ListingReader } from '../../src/modules/vehicles/listing-reader.service';
import { VehiclesService } from '../../src/modules/vehicles/vehicles.service';
import { createVehicle, updateVehicle } from '../factories/vehicle.factory';
import { registerUser } from '../factories/user.factory';
import { startTestApp, type TestApp } from '../support/test-app';
import { PageCache, PUBLIC_PAGE_CACHE_CONTROL } from '../../src/modules/web/page-cache';
import {
  filtersFromParams,
  GALLERY_PHOTO_SIZES,
  HERO_IMAGE,
  robotsDisallowPaths,
  searchApiParams,
  searchPath,
  SITE_ROUTES,
  sitemapPaths,
  sitePath,
  type FirstViewAnswer,
} from '@app/shared';

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8" /><meta name="description" content="Default description" /><title>Vehicle Marketplace</title></head><body><noscript>This site needs JavaScript to run.</noscript><div id="root"></div></body></html>';

describe('storefront pages served by the API', () => {
  let t: TestApp;
  let staticDir: string;
  let approved: VehicleEntity;
  let pending: VehicleEntity;

  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'cm-storefront-'));
    writeFileSync(join(staticDir, 'index.html'), INDEX_HTML);
    writeFileSync(join(staticDir, 'page-assets.json'), JSON.stringify({ 'page-vehicle': ['/48.abc.js', '/page-vehicle.abc.js', '/page-vehicle.abc.css'], 'page-landing': ['/page-landing.abc.js'] }));
    t = await startTestApp({ STATIC_DIR: staticDir, STOREFRONT_RENDERER: join(staticDir, 'render.js'), SITE_NAME: 'Test Motors', PUBLIC_URL: 'https://cars.example.com' });
    const { user } = await registerUser(t.client());
    const base = {
      make: 'BMW',
      model: 'X5',
      year: 2021,
      trim: 'xDrive40i <M Sport>',
      mileage: 12345,
      price: 45999.5,
      condition: 'excellent',
      bodyType: 'suv',
      fuelType: 'gasoline',
      transmission: 'automatic',
      drivetrain: 'awd',
      exteriorColor: 'black',
      interiorColor: 'beige',
      color: 'black',
      description: 'One owner, "garage kept". </script><script>alert(1)</script>',
      features: ['Heated Seats'],
      images: ['/uploads/2026/abc.webp', '/uploads/2026/def.webp'],
      coverPhotoIndex: 1,
      location: 'Austin, TX',
      zipCode: '78701',
      contactPhone: '(555) 010-0000',
      contactEmail: 'seller@example.com',
      vin: 'WBA00000000000001',
      recentServices: [],
    };
    approved = await createVehicle(t, user.id, { ...base, status: 'approved' });
    pending = await createVehicle(t, user.id, { ...base, model: 'X3', status: 'pending' });
  });

  afterAll(async () => {
    await t.close();
    rmSync(staticDir, { recursive: true, force: true });
  });

  describe('GET /vehicles/{id}', () => {
    it('puts the listing title, description, canonical URL, Open Graph, Twitter and Car JSON-LD in the head', async () => {
      const response = await t.client().get(`/vehicles/${approved.id}`);
      expect(response.status).toBe(200);
      const html = response.text;
      expect(html).toContain('<title>2021 BMW X5 xDrive40i &lt;M Sport&gt; for sale – $46,000 | Test Motors</title>');
      expect(html).not.toContain('Default description');
      expect(html).toMatch(/<meta name="description" content="2021 BMW X5 xDrive40i &lt;M Sport&gt; for \$46,000: 12,345 mi, excellent condition, in Austin, TX\./);
      expect(html).toContain(`<link rel="canonical" href="https://cars.example.com/vehicles/${approved.id}" />`);
      expect(html).toContain('<meta property="og:image" content="https://cars.example.com/uploads/2026/def-card.webp" />');
      expect(html).toContain('<meta property="og:title" content="2021 BMW X5 xDrive40i &lt;M Sport&gt; – $46,000" />');
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');

      const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
      expect(json).toBeDefined();
      expect(json).not.toContain('</script>');
      const car = JSON.parse(json as string);
      expect(car).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Car',
        brand: { '@type': 'Brand', name: 'BMW' },
        model: 'X5',
        vehicleModelDate: '2021',
        mileageFromOdometer: { value: 12345, unitCode: 'SMI' },
        offers: { '@type': 'Offer', price: '45999.50', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
      });
      expect(car.description).toContain('</script><script>alert(1)</script>');
      // The VIN and the seller's contact details are internal.
      expect(html).not.toContain('WBA00000000000001');
      expect(html).not.toContain('seller@example.com');
    });

    it('builds the page around any listing text: replacement patterns ($`, $\', $&) stay text', async () => {
      const tricky = await createVehicle(t, approved.userId, {
        trim: approved.trim,
        make: "M$`ke $' $&",
        model: '$1 $$',
        description: "Says $` and $' and $& and $<name> and $$ in full.",
        status: 'approved',
      });
      const response = await t.client().get(`/vehicles/${tricky.id}`);
      expect(response.status).toBe(200);
      const html = response.text;
      expect(html.match(/<html/g)).toHaveLength(1);
      expect(html.match(/<\/head>/g)).toHaveLength(1);
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html.match(/<div id="root"><\/div>/g)).toHaveLength(1);
      expect(html).toContain("<title>2021 M$`ke $&#39; $&amp; $1 $$ xDrive40i &lt;M Sport&gt; for sale – $46,000 | Test Motors</title>");
      expect(html).toMatch(/<meta name="description" content="[^"]*Says \$` and \$&#39; and \$&amp; and \$&lt;name&gt; and \$\$ in full\." \/>/);
      const car = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] as string);
      expect(car.brand.name).toBe("M$`ke $' $&");
      expect(car.description).toBe("Says $` and $' and $& and $<name> and $$ in full.");
      await updateVehicle(t, tricky.id, { status: 'rejected' });
    });

    it('preloads the first photo from the same sizes and sizes rule as the gallery', async () => {
      const html = (await t.client().get(`/vehicles/${approved.id}`)).text;
      const preloads = html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
      expect(preloads).toEqual([
        `<link rel="preload" as="image" href="/uploads/2026/def.webp" imagesrcset="/uploads/2026/def-card.webp 640w, /uploads/2026/def.webp 2048w" imagesizes="${GALLERY_PHOTO_SIZES}" fetchpriority="high" />`,
      ]);
    });

    it('shows a sized photo by its 1200 × 630 JPEG in previews and preloads its AVIF sizes', async () => {
      const stem = '/uploads/2026/11/0123456789abcdef0123456789abcdef-lhoDBYCHU_6Hh4d5h4d4h_d492SH-1600x1067';
      const sized = await createVehicle(t, approved.userId, { model: 'X7', images: [`${stem}.webp`], coverPhotoIndex: 0, status: 'approved' });
      const html = (await t.client().get(`/vehicles/${sized.id}`)).text;
      expect(html).toContain(`<meta property="og:image" content="https://cars.example.com${stem}-social.jpg" />`);
      expect(html).toContain('<meta property="og:image:type" content="image/jpeg" /><meta property="og:image:width" content="1200" /><meta property="og:image:height" content="630" />');
      expect(html).toContain(`<meta name="twitter:image" content="https://cars.example.com${stem}-social.jpg" />`);
      expect(html.match(/<link rel="preload" as="image"[^>]*>/g)).toEqual([
        `<link rel="preload" as="image" href="${stem}.webp" imagesrcset="${stem}-320.avif 320w, ${stem}-640.avif 640w, ${stem}-1024.avif 1024w, ${stem}.avif 1600w" imagesizes="${GALLERY_PHOTO_SIZES}" type="image/avif" fetchpriority="high" />`,
      ]);
      await updateVehicle(t, sized.id, { status: 'rejected' });
    });

    it('says "Sold", never "for sale", for a sold listing; the sold price only where the seller agreed', async () => {
      const quiet = await createVehicle(t, approved.userId, { trim: null, status: 'sold', soldPrice: 41000, soldPriceShown: false });
      const shown = await createVehicle(t, approved.userId, { trim: null, model: 'X6', status: 'sold', soldPrice: 41000, soldPriceShown: true });

      const quietHtml = (await t.client().get(`/vehicles/${quiet.id}`)).text;
      expect(quietHtml).toContain('<title>2021 BMW X5 – Sold | Test Motors</title>');
      expect(quietHtml).toContain('<meta property="og:title" content="2021 BMW X5 – Sold" />');
      expect(quietHtml).toContain('<meta name="twitter:title" content="2021 BMW X5 – Sold" />');
      expect(quietHtml).toMatch(/<meta name="description" content="2021 BMW X5, sold: 24,000 mi, excellent condition, in Austin, TX\./);
      expect(quietHtml).not.toMatch(/for sale/i);
      expect(quietHtml).not.toContain('41,000');
      const car = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(quietHtml)?.[1] as string);
      expect(car.offers.availability).toBe('https://schema.org/SoldOut');

      const shownHtml = (await t.client().get(`/vehicles/${shown.id}`)).text;
      expect(shownHtml).toContain('<title>2021 BMW X6 – Sold for $41,000 | Test Motors</title>');
      expect(shownHtml).toMatch(/<meta name="description" content="2021 BMW X6, sold for \$41,000: 24,000 mi/);
      expect(shownHtml).not.toMatch(/for sale/i);
      await updateVehicle(t, quiet.id, { status: 'rejected' });
      await updateVehicle(t, shown.id, { status: 'rejected' });
    });

    it('serves a listing page only at its canonical address', async () => {
      expect((await t.client().get(`/vehicles/${approved.id}`)).status).toBe(200);
      for (const path of [`/vehicles/0${approved.id}`, `/vehicles/${approved.id}.0`, `/vehicles/+${approved.id}`, `/vehicles/${approved.id}e0`]) {
        const response = await t.client().get(path);
        expect({ path, status: response.status }).toEqual({ path, status: 404 });
        expect(response.text).not.toContain('application/ld+json');
      }
    });

    it('answers 404 (the page, marked noindex) for a listing that is not public or does not exist', async () => {
      for (const path of [`/vehicles/${pending.id}`, '/vehicles/999999']) {
        const response = await t.client().get(path);
        expect(response.status).toBe(404);
        expect(response.text).toContain('<div id="root"></div>');
        expect(response.text).toContain('<meta name="robots" content="noindex" />');
        expect(response.text).not.toContain('application/ld+json');
      }
    });
  });

  describe('first view', () => {
    const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
    const blockOf = (html: string) => /<script type="application\/json" id="first-view">(.*?)<\/script>/s.exec(html)?.[1];
    const answersOf = (html: string) => JSON.parse(blockOf(html) ?? 'null') as FirstViewAnswer[] | null;
    const summary = (answers: FirstViewAnswer[] | null) => answers?.map((a) => [a.kind, a.path, a.status]);

    it("writes the answers a signed-out visitor's first screen asks for, as the API gives them", async () => {
      const answers = answersOf((await t.client().get(`/vehicles/${approved.id}`)).text);
      expect(summary(answers)).toEqual([
        ['config', '/api/config', 200],
        ['user', '/api/user', 401],
        ['vehicle', `/api/vehicles/${approved.id}`, 200],
        ['priceHistory', `/api/vehicles/${approved.id}/price-history`, 200],
      ]);
      const byKind = new Map(answers!.map((a) => [a.kind, a]));
      expect(byKind.get('config')?.body).toEqual((await t.client().get('/api/config')).body);
      expect(byKind.get('priceHistory')?.body).toEqual((await t.client().get(`/api/vehicles/${approved.id}/price-history`)).body);
      const vehicle = (await t.client().get(`/api/vehicles/${approved.id}`)).body;
      expect({ ...(byKind.get('vehicle')?.body as object), views: 0 }).toEqual({ ...vehicle, views: 0 });
      expect(byKind.get('vehicle')?.id).toBe(approved.id);
    });

    it('cannot be ended early by listing text', async () => {
      const block = blockOf((await t.client().get(`/vehicles/${approved.id}`)).text) ?? '';
      expect(block).not.toContain('<');
      const vehicle = answersOf(`<script type="application/json" id="first-view">${block}</script>`)?.find((a) => a.kind === 'vehicle');
      expect((vehicle?.body as { description: string }).description).toBe('One owner, "garage kept". </script><script>alert(1)</script>');
    });

    it("asks for the search page's first results exactly as the storefront does, and for the landing page's recent listings", async () => {
      const query = 'make=BMW&maxPrice=50%2C000&sortBy=price_asc';
      const answers = answersOf((await t.client().get(`/search?${query}`)).text);
      const search = answers?.find((a) => a.kind === 'search');
      expect(search?.path).toBe(searchPath(searchApiParams(filtersFromParams(new URLSearchParams(query)), 1)));
      // The first screen's listings as cards: the API's answer without the texts no card shows (firstScreenOf).
      const asCards = (vehicles: Record<string, unknown>[]) => vehicles.map(({ description: _d, features: _f, ...card }) => card);
      const full = (await t.client().get(search!.path)).body as { vehicles: Record<string, unknown>[] };
      expect(search?.body).toEqual({ ...full, vehicles: asCards(full.vehicles) });
      expect(search?.partial).toBe(true);
      expect((search?.body as { total: number }).total).toBe(1);
      expect(summary(answers)?.map(([kind]) => kind)).toEqual(['config', 'user', 'search', 'makes']);

      const landing = answersOf((await t.client().get('/')).text);
      expect(landing?.find((a) => a.kind === 'recent')?.body).toEqual(asCards((await t.client().get('/api/vehicles/recent')).body as Record<string, unknown>[]));
    });

    it('reads the listing once: the head is made from the first view\'s answer, and read for itself only without one', async () => {
      const reader = t.app.get(ListingReader);
      const headReads = jest.spyOn(reader, 'publicListing');
      const detailReads = jest.spyOn(t.app.get(VehiclesService), 'detail');
      try {
        // Drawn anew (not a kept page).
        t.app.get(PageCache).clear();
        const html = (await t.client().get(`/vehicles/${approved.id}`)).text;
        expect(html).toContain('<title>2021 BMW X5');
        expect(answersOf(html)?.some((a) => a.kind === 'vehicle')).toBe(true);
        expect([headReads.mock.calls.length, detailReads.mock.calls.length]).toEqual([0, 1]);

        const signedIn = t.client();
        await registerUser(signedIn);
        expect((await signedIn.get(`/vehicles/${approved.id}`)).text).toContain('<title>2021 BMW X5');
        expect([headReads.mock.calls.length, detailReads.mock.calls.length]).toEqual([1, 1]);
      } finally {
        headReads.mockRestore();
        detailReads.mockRestore();
      }
    });

    it('writes nothing for a signed-in visitor, whose answers depend on who they are', async () => {
      const client = t.client();
      await registerUser(client);
      const html = (await client.get(`/vehicles/${approved.id}`)).text;
      expect(blockOf(html)).toBeUndefined();
      expect(html).toContain('<title>2021 BMW X5');
    });

    it("counts no view and sets no cookie: the page is the same for every visitor, and the storefront's own request counts the view", async () => {
      const viewsNow = async () => (await t.client().get(`/api/vehicles/${approved.id}`, { headers: { 'user-agent': 'curl/8' } })).body.views as number;
      const before = await viewsNow();
      const visitor = t.client();
      const page = await visitor.get(`/vehicles/${approved.id}`, { headers: { 'user-agent': BROWSER } });
      expect(page.headers.getSetCookie()).toEqual([]);
      expect(await viewsNow()).toBe(before);
      const own = await visitor.get(`/api/vehicles/${approved.id}`, { headers: { 'user-agent': BROWSER } });
      expect(own.headers.getSetCookie().some((c) => c.startsWith('cm_vid='))).toBe(true);
      await visitor.get(`/api/vehicles/${approved.id}`, { headers: { 'user-agent': BROWSER } });
      expect(await viewsNow()).toBe(before + 1);
    });

    it("preloads the page's own script files and links its style files, and sends the page compressed, public to a signed-out visitor", async () => {
      const response = await t.client().get(`/vehicles/${approved.id}`, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.headers.get('content-encoding')).toBe('br');
      expect(response.headers.get('cache-control')).toBe(PUBLIC_PAGE_CACHE_CONTROL);
      expect(response.text).toContain('<link rel="preload" as="script" href="/48.abc.js" /><link rel="preload" as="script" href="/page-vehicle.abc.js" /><link rel="stylesheet" href="/page-vehicle.abc.css" />');
      const landing = (await t.client().get('/')).text;
      expect(landing).toContain('<link rel="preload" as="script" href="/page-landing.abc.js" />');
      expect(landing).not.toContain('page-vehicle');
    });
  });

  describe('drawn by the server', () => {
    // A stand-in for the storefront's server build (apps/storefront/src/server-render.tsx, tested there): it
    // draws what it was asked for, with replacement patterns in it, fails for an address with "boom" and declines
    // (null) one with "decline" (in what the page reads: a search's keywords).
    const RENDERER = `exports.renderPage = async (path, answers) => {
      if (path.includes('boom')) throw new Error('boom');
      if (path.includes('decline')) return null;
      return '<main><h1>Drawn ' + path.replace(/[<&]/g, '') + '</h1><p data-kinds="' + answers.map((a) => a.kind).join(' ') + '">$& $\\' $1</p></main>';
    };`;
    const rootOf = (html: string) => /<div id="root"[^>]*>.*<\/div><\/body>/s.exec(html)?.[0];

    beforeAll(() => writeFileSync(join(staticDir, 'render.js'), RENDERER));
    afterAll(() => rmSync(join(staticDir, 'render.js'), { force: true }));

    it("draws a public page for a signed-out visitor with the first view's answers, and sends no script preloads", async () => {
      const faq = (await t.client().get('/faq')).text;
      expect(rootOf(faq)).toBe(`<div id="root" data-server-rendered><main><h1>Drawn /faq</h1><p data-kinds="config user">$& $' $1</p></main></div></body>`);
      const listing = await t.client().get(`/vehicles/${approved.id}`);
      expect(listing.status).toBe(200);
      expect(rootOf(listing.text)).toContain(`<h1>Drawn /vehicles/${approved.id}</h1><p data-kinds="config user vehicle priceHistory">`);
      // The page still carries its first view (the browser's app starts from the same answers) and its styles.
      expect(listing.text).toContain('<script type="application/json" id="first-view">');
      expect(listing.text).toContain('<link rel="stylesheet" href="/page-vehicle.abc.css" />');
      expect(listing.text).not.toContain('rel="preload" as="script"');
      // It works without scripts: no notice saying otherwise.
      expect(listing.text).not.toContain('<noscript>');
      expect(rootOf((await t.client().get('/search?make=BMW')).text)).toContain('<h1>Drawn /search?make=BMW</h1><p data-kinds="config user search makes">');
    });

    it('leaves the page to the browser for a signed-in visitor, a page that is not public, a 404, and a drawing that fails or declines', async () => {
      const signedIn = t.client();
      await registerUser(signedIn);
      const mine = (await signedIn.get(`/vehicles/${approved.id}`)).text;
      expect(rootOf(mine)).toBe('<div id="root"></div></body>');
      expect(mine).toContain('<link rel="preload" as="script" href="/page-vehicle.abc.js" />');
      expect(mine).toContain('<noscript>This site needs JavaScript to run.</noscript>');
      for (const [path, status] of [['/auth', 200], ['/dashboard', 200], ['/no-such-page', 404], [`/vehicles/${pending.id}`, 404], ['/search?query=boom', 200], ['/search?query=decline', 200]] as const) {
        const response = await t.client().get(path);
        expect({ path, status: response.status, root: rootOf(response.text) }).toEqual({ path, status, root: '<div id="root"></div></body>' });
      }
    });
  });

  it('redirects /vehicle/{id} to /vehicles/{id}', async () => {
    const response = await t.client().get(`/vehicle/${approved.id}?ref=dash`);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(`/vehicles/${approved.id}?ref=dash`);
  });

  it("preloads the landing page's hero photo with the same srcset and sizes as its <img>, and no other page's", async () => {
    const preloadsOf = async (path: string) => (await t.client().get(path)).text.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    expect(await preloadsOf('/')).toEqual([
      `<link rel="preload" as="image" href="${HERO_IMAGE.src}" imagesrcset="${HERO_IMAGE.srcSet}" imagesizes="${HERO_IMAGE.sizes}" fetchpriority="high" />`,
    ]);
    expect(await preloadsOf('/faq')).toEqual([]);
    // After the viewport tag: before it, a phone picks the preload's size for a 980 px wide page.
    writeFileSync(join(staticDir, 'index.html'), INDEX_HTML.replace('<meta charset="utf-8" />', '<meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />'));
    try {
      expect((await t.client().get('/')).text).toMatch(/<meta name="viewport" content="width=device-width, initial-scale=1" \/><link rel="preload" as="image" href="\/hero/);
    } finally {
      writeFileSync(join(staticDir, 'index.html'), INDEX_HTML);
    }
  });

  it('answers 404 with the page for an unknown path, and 200 with the site name for a known one', async () => {
    const unknown = await t.client().get('/no-such-page');
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('<div id="root"></div>');
    const faq = await t.client().get('/faq');
    expect(faq.status).toBe(200);
    expect(faq.text).toContain('<title>Test Motors</title>');
  });

  it('answers 200 for every page of the shared route table (the router reads the same table) and 404 beside them', async () => {
    for (const route of SITE_ROUTES) {
      const path = sitePath(route.pattern, { id: approved.id, '*': 'analytics' });
      const response = await t.client().get(path);
      expect({ path, status: response.status }).toEqual({ path, status: route.page === 'vehicleRedirect' ? 301 : 200 });
    }
    expect((await t.client().get('/saved')).status).toBe(200);
    for (const path of ['/saved/extra', '/vehicles', '/vehicles/1/2', '/edit-listing', '/searchx', '/admin-app/x']) {
      expect({ path, status: (await t.client().get(path)).status }).toEqual({ path, status: 404 });
    }
    expect((await t.client().get(`/vehicles/0${approved.id}`)).status).toBe(404);
  });

  it("draws the storefront's first-paint header bar on pages, and not in the framed slideshow", async () => {
    const shell = '<div class="boot-shell" aria-hidden="true"><div class="container"><img src="/favicon.svg" width="36" height="36" alt="" /></div></div>';
    writeFileSync(join(staticDir, 'index.html'), INDEX_HTML.replace('<div id="root"></div>', `<div id="root">${shell}</div>`));
    try {
      expect((await t.client().get('/faq')).text).toContain(`<div id="root">${shell}</div></body>`);
      expect((await t.client().get('/iframe-slideshow')).text).toContain('<div id="root"></div></body>');
    } finally {
      writeFileSync(join(staticDir, 'index.html'), INDEX_HTML);
    writeFileSync(join(staticDir, 'page-assets.json'), JSON.stringify({ 'page-vehicle': ['/48.abc.js', '/page-vehicle.abc.js', '/page-vehicle.abc.css'], 'page-landing': ['/page-landing.abc.js'] }));
    }
  });

  it('lets other sites frame /iframe-slideshow and no other page', async () => {
    const slideshow = await t.client().get('/iframe-slideshow');
    expect(slideshow.status).toBe(200);
    expect(slideshow.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(slideshow.headers.get('content-security-policy')).not.toContain("frame-ancestors 'none'");
    expect(slideshow.headers.get('x-frame-options')).toBeNull();

    for (const path of ['/', '/search', `/vehicles/${approved.id}`, '/api/config']) {
      const response = await t.client().get(path);
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('lists the public pages and public listings in /sitemap.xml', async () => {
    const response = await t.client().get('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/xml');
    const locs = [...response.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([...sitemapPaths().map((p) => `https://cars.example.com${p}`), `https://cars.example.com/vehicles/${approved.id}`]);
    expect(locs).toEqual([
      'https://cars.example.com/',
      'https://cars.example.com/search',
      'https://cars.example.com/how-it-works',
      'https://cars.example.com/financing',
      'https://cars.example.com/faq',
      'https://cars.example.com/privacy-policy',
      `https://cars.example.com/vehicles/${approved.id}`,
    ]);
  });

  it('serves the web app manifest with the site name, the brand colour and the icons', async () => {
    const response = await t.client().get('/manifest.webmanifest');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = JSON.parse(response.text);
    expect(manifest).toMatchObject({ name: 'Test Motors', short_name: 'Test Motors', start_url: '/', display: 'standalone', theme_color: '#b91c1c' });
    expect(manifest.icons.map((i: { src: string; sizes: string; purpose?: string }) => `${i.src} ${i.sizes}${i.purpose ? ` ${i.purpose}` : ''}`)).toEqual([
      '/icon-192.png 192x192',
      '/icon-512.png 512x512',
      '/icon-maskable-512.png 512x512 maskable',
      '/favicon.svg any',
    ]);
  });

  it('serves /robots.txt pointing at the sitemap', async () => {
    const response = await t.client().get('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.text).toContain('User-agent: *\nAllow: /\n');
    expect(response.text).toContain('Disallow: /dashboard\n');
    for (const path of robotsDisallowPaths()) expect(response.text).toContain(`Disallow: ${path}\n`);
    expect(robotsDisallowPaths()).toEqual(expect.arrayContaining(['/admin', '/auth', '/edit-listing/', '/iframe-slideshow', '/saved']));
    expect(response.text).toContain('Sitemap: https://cars.example.com/sitemap.xml');
  });
});
