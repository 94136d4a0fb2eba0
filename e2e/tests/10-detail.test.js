// The vehicle detail page for real people on real phones: the contact bar at the bottom of a phone's screen while
// the contact form is off-screen, a sold listing that reads as sold, the owner's banner on a listing the public
// cannot see, photos from the stored sizes and never enlarged, field errors of the contact form beside their fields
// and the confirmation after sending, and what "Certified" means. Screenshots at 1440, 768 and 390 px, each
// checked by axe-core.
const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { join } = require('node:path');
const { request } = require('playwright-core');
const sharp = require('sharp');
const { openBrowser, screenshots, assertAccessible, api, BASE_URL, DESKTOP, PHONE } = require('../lib');

const SELLER = { email: 'seller@example.com', password: 'seller-demo-2026' };
const ADMIN = { email: 'admin@example.com', password: 'admin-demo-2026' };
const TABLET = { width: 768, height: 1024 };
const SHOTS = join(__dirname, '..', 'screenshots');

let browser;
let seller;
let admin;
/** A public listing with several photos (approved, so "Certified"). */
let vehicle;
/** Three of the demo seller's live listings this file changes: a small photo added, one marked sold, one taken back to review. */
let smallPhotoSubject;
let soldSubject;
let hiddenSubject;
/** The fields of the listing form (PUT /api/vehicles/{id} replaces them all). */
const FORM_FIELDS = [
  'make', 'model', 'year', 'trim', 'mileage', 'price', 'condition', 'bodyType', 'fuelType', 'transmission', 'drivetrain', 'exteriorColor',
  'interiorColor', 'color', 'description', 'features', 'images', 'coverPhotoIndex', 'location', 'zipCode', 'contactPhone', 'contactEmail',
  'contactFirstName', 'contactLastName', 'contactLocation', 'vin', 'carfaxReportUrl', 'recentServices', 'engine', 'mpgCity', 'mpgHighway',
];
const formOf = (v) => Object.fromEntries(FORM_FIELDS.filter((f) => v[f] !== null && v[f] !== undefined).map((f) => [f, v[f]]));

async function apiSession(account) {
  const context = await request.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { Origin: BASE_URL } });
  const login = await context.post('/api/login', { data: account });
  assert.equal(login.status(), 200, `login as ${account.email}`);
  return context;
}

/** A new page signed in as `account` (null: a visitor); the browser's cookies are replaced. */
async function pageAs(account) {
  await browser.clearCookies();
  const page = await browser.newPage();
  if (account) assert.equal((await page.request.post('/api/login', { data: account })).status(), 200);
  return page;
}

/** The page at 768 px too (the screenshots helper covers 1440 and 390), checked by axe-core. */
async function tabletShot(page, name, options = {}) {
  const original = page.viewportSize();
  await page.setViewportSize(TABLET);
  await page.waitForTimeout(250);
  await page.screenshot({ path: join(SHOTS, `${name}-tablet.png`), fullPage: true });
  await assertAccessible(page, name, options);
  await page.setViewportSize(original);
}

const contactBar = (page) => page.getByRole('region', { name: 'Contact our team' }).filter({ has: page.getByRole('button', { name: 'Message' }) });

before(async () => {
  browser = await openBrowser();
  seller = await apiSession(SELLER);
  admin = await apiSession(ADMIN);
  // The demo seed runs in the background: wait for the seller's live listings. The other files use the
  // first ones; this one takes the last three.
  const started = Date.now();
  let live = [];
  while (live.length < 5 && Date.now() - started < 240_000) {
    live = (await (await seller.get('/api/user/vehicles')).json()).filter((v) => v.status === 'approved' && !v.pendingRevision);
    if (live.length < 5) await new Promise((r) => setTimeout(r, 1000));
  }
  assert.ok(live.length >= 5, 'the demo seller has five live listings');
  [smallPhotoSubject, soldSubject, hiddenSubject] = live.slice(-3);
  const mine = new Set(live.slice(-3).map((v) => v.id));
  const recent = await api('/api/vehicles/recent');
  vehicle = recent.find((v) => v.images.length >= 3 && v.status === 'approved' && !mine.has(v.id));
  assert.ok(vehicle, 'a public listing with several photos');
});
after(async () => {
  await seller?.dispose();
  await admin?.dispose();
  await browser?.close();
});

test('on a phone, Call, Text and Message stay at the bottom while the form is off-screen, and never cover the page', async () => {
  const page = await pageAs(null);
  await page.setViewportSize(PHONE);
  await page.goto(`/vehicles/${vehicle.id}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  const bar = contactBar(page);
  await bar.waitFor();
  const config = await api('/api/config');
  const digits = config.supportPhone.replace(/[^\d+]/g, '');
  assert.equal(await bar.getByRole('link', { name: /^Call/ }).getAttribute('href'), `tel:${digits}`);
  assert.equal(await bar.getByRole('link', { name: /^Text/ }).getAttribute('href'), `sms:${digits}`);
  await page.screenshot({ path: join(SHOTS, 'detail-contact-bar-top-phone.png') });

  // Half way down the listing: the bar is still there, over nothing it hides for good (the page is padded).
  await page.evaluate(() => window.scrollTo(0, document.getElementById('details-title').getBoundingClientRect().top + window.scrollY - 80));
  await bar.waitFor();
  await page.screenshot({ path: join(SHOTS, 'detail-contact-bar-scrolled-phone.png') });
  await assertAccessible(page, 'detail page with the contact bar');
  const barHeight = await bar.evaluate((el) => el.getBoundingClientRect().height);
  const padding = await page.evaluate(() => parseFloat(getComputedStyle(document.body).paddingBottom));
  assert.ok(padding >= barHeight, `the page bottom is padded (${padding} px) by at least the bar's height (${barHeight} px)`);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await bar.waitFor();
  const footerBottom = await page.locator('footer').evaluate((el) => el.getBoundingClientRect().bottom);
  const barTop = await bar.evaluate((el) => el.getBoundingClientRect().top);
  assert.ok(footerBottom <= barTop + 1, `the end of the page (${footerBottom}) shows above the bar (${barTop})`);

  // Message: to the form, the cursor in its first field; the bar gives way to the form.
  await page.evaluate(() => window.scrollTo(0, 0));
  await bar.getByRole('button', { name: 'Message' }).click();
  const firstName = page.locator('form.contact-form').getByLabel('First name');
  await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'firstName');
  assert.ok(await firstName.isVisible());
  await bar.waitFor({ state: 'detached' });
  const top = await page.locator('form.contact-form').evaluate((el) => el.getBoundingClientRect().top);
  assert.ok(top >= 64 && top < PHONE.height / 2, `the form starts below the header, near the top (${top} px)`);
  await page.screenshot({ path: join(SHOTS, 'detail-contact-form-phone.png') });

  // Scrolled away again, it comes back; on a wide screen the contact card stays beside the listing instead.
  await page.evaluate(() => window.scrollTo(0, 0));
  await bar.waitFor();
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(100);
  assert.equal(await bar.isVisible(), false, 'no bar at 1440 px');
  await page.close();
});

test('a normal listing at 1440, 768 and 390 px', async () => {
  const page = await pageAs(null);
  await page.goto(`/vehicles/${vehicle.id}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await screenshots(page, 'detail-listing');
  await tabletShot(page, 'detail-listing');
  await page.close();
});

test('"Certified" says what it means: reviewed and approved by our staff, the detail on a tap', async () => {
  const page = await pageAs(null);
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.goto(`/vehicles/${vehicle.id}`);
    const certified = page.locator('.vehicle-head .certified');
    await certified.getByText('Certified', { exact: true }).waitFor();
    await certified.getByText('Reviewed and approved by our staff').waitFor();
    const toggle = certified.getByRole('button', { name: 'What this means' });
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    const details = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    assert.equal(await details.isVisible(), false);
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    assert.match(await details.innerText(), /checked this listing's details, photos and VIN before it went live/);
    await page.screenshot({ path: join(SHOTS, `detail-certified-open-${size.width}.png`) });
    await assertAccessible(page, 'Certified explained');
  }
  await page.close();
});

test('photos come as AVIF in the smallest stored size the screen needs, fetched once, never shown larger than their pixels', async () => {
  const cover = vehicle.images[vehicle.coverPhotoIndex] ?? vehicle.images[0];
  const stem = cover.replace(/\.webp$/, '');
  for (const [size, dpr] of [
    [DESKTOP, 1],
    [PHONE, 1],
    [PHONE, 3],
  ]) {
    // A fresh browser per width: nothing in its cache.
    const fresh = await openBrowser({ viewport: size, deviceScaleFactor: dpr });
    const page = await fresh.newPage();
    const fetched = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    await page.goto(`/vehicles/${vehicle.id}`, { waitUntil: 'networkidle' });
    const source = page.locator('.gallery-main picture > source');
    assert.equal(await source.getAttribute('type'), 'image/avif');
    const candidates = (await source.getAttribute('srcset')).split(', ').map((c) => {
      const [url, w] = c.split(' ');
      return { url, width: parseInt(w, 10) };
    });
    assert.ok(candidates.length >= 4, `${candidates.length} sizes offered`);
    const photo = page.locator('.gallery-main img');
    await page.waitForFunction(() => document.querySelector('.gallery-main img')?.complete);
    const shown = await photo.evaluate((img) => ({ src: new URL(img.currentSrc).pathname, background: img.style.backgroundImage, ...img.getBoundingClientRect().toJSON() }));
    // The smallest file at least as wide as the photo's slot in device pixels (or the largest there is).
    const needed = shown.width * dpr;
    const expected = candidates.find((c) => c.width >= needed) ?? candidates[candidates.length - 1];
    assert.equal(shown.src, expected.url, `at ${size.width} px × ${dpr} the gallery (${Math.round(shown.width)} px wide) shows ${expected.url}`);
    assert.ok(shown.src.startsWith(stem) && shown.src.endsWith('.avif'));
    assert.equal(fetched.filter((p) => p === expected.url).length, 1, `${expected.url} is fetched once (the preload and the gallery agree)`);
    assert.equal(fetched.filter((p) => p.startsWith(stem) && p.endsWith('.webp') && !p.startsWith(`${stem}-320`)).length, 0, 'no WebP of the cover where AVIF is shown');
    if (size === PHONE && dpr === 1) assert.equal(fetched.filter((p) => p === `${stem}.avif`).length, 0, `the largest size is not fetched at ${size.width} px`);
    assert.equal(shown.background, '', 'the placeholder is gone once the photo has loaded');
    const pixels = await page.evaluate(async (src) => {
      const probe = new Image();
      probe.src = src;
      await probe.decode();
      return { width: probe.naturalWidth, height: probe.naturalHeight };
    }, `${stem}.avif`);
    assert.ok(shown.width <= pixels.width && shown.height <= pixels.height, `shown ${shown.width}×${shown.height} within its ${pixels.width}×${pixels.height} px`);
    await fresh.close();
  }
});

test('a ThumbHash placeholder paints each photo while its file loads', async () => {
  for (const [size, label] of [
    [PHONE, 'phone'],
    [DESKTOP, 'desktop'],
  ]) {
    const fresh = await openBrowser({ viewport: size });
    // Photos held back: what a slow phone network shows first.
    let release;
    const held = new Promise((resolve) => (release = resolve));
    try {
      const page = await fresh.newPage();
      await page.route(/\/uploads\/.*\.(avif|webp)$/, async (route) => {
        await held;
        await route.continue();
      });
      // Held photos hold the load event back (the detail page preloads its first photo): wait for the document.
      await page.goto('/search', { waitUntil: 'domcontentloaded' });
      // A card with a sized photo (a listing another test made may have none).
      const card = page.locator('.vehicle-card-media picture img').first();
      await card.waitFor();
      assert.match(await card.evaluate((img) => img.style.backgroundImage), /^linear-gradient\(/, 'the card paints its placeholder (a gradient of the ThumbHash colours)');
      await page.goto(`/vehicles/${vehicle.id}`, { waitUntil: 'domcontentloaded' });
      const photo = page.locator('.gallery-main img');
      await photo.waitFor();
      assert.match(await photo.evaluate((img) => img.style.backgroundImage), /^linear-gradient\(/, 'the gallery paints its placeholder');
      await page.screenshot({ path: join(SHOTS, `detail-photo-placeholder-${label}.png`) });
      release();
      await page.waitForFunction(() => document.querySelector('.gallery-main img')?.style.backgroundImage === '');
    } finally {
      release();
      await fresh.close();
    }
  }
});

test('a photo smaller than the gallery is shown at its own size, never enlarged', async () => {
  // A 480 × 320 photo added at the end of a live listing (goes live at once).
  const small = await sharp({ create: { width: 480, height: 320, channels: 3, background: { r: 40, g: 90, b: 160 } } }).jpeg({ quality: 85 }).toBuffer();
  const upload = await seller.post('/api/uploads', { multipart: { file: { name: 'small.jpg', mimeType: 'image/jpeg', buffer: small } } });
  assert.equal(upload.status(), 201, await upload.text());
  const { secure_url: url, width } = await upload.json();
  assert.equal(width, 480, 'stored at its own size');
  const full = await (await seller.get(`/api/vehicles/${smallPhotoSubject.id}`)).json();
  const images = [...full.images, url];
  const saved = await seller.put(`/api/vehicles/${smallPhotoSubject.id}`, { data: { ...formOf(full), images } });
  assert.equal(saved.status(), 200, await saved.text());
  assert.deepEqual((await saved.json()).images, images);

  const page = await pageAs(null);
  for (const size of [DESKTOP, TABLET, PHONE]) {
    await page.setViewportSize(size);
    await page.goto(`/vehicles/${smallPhotoSubject.id}`);
    await page.getByRole('button', { name: `Show photo ${images.length}` }).click();
    const photo = page.getByAltText(new RegExp(`photo ${images.length} of ${images.length}$`));
    // Capped at the size its URL gives: the layout follows within a frame or two.
    await page.waitForFunction(() => {
      const img = document.querySelector('.gallery-main img');
      return img?.style.maxWidth === '480px' && img.getBoundingClientRect().width <= 480.5;
    });
    const box = await photo.evaluate((img) => img.getBoundingClientRect().toJSON());
    const frame = await page.locator('.gallery-main').evaluate((el) => el.getBoundingClientRect().toJSON());
    assert.ok(box.width <= 480 && box.height <= 320, `at ${size.width} px shown ${box.width}×${box.height}, within 480×320`);
    if (frame.width >= 480) assert.equal(Math.round(box.width), 480, 'at its own width where the frame is wider');
    else assert.ok(box.width <= frame.width + 0.5, 'scaled down to the frame where it is narrower');
    if (size === DESKTOP) await page.screenshot({ path: join(SHOTS, 'detail-small-photo-desktop.png') });
  }
  await page.close();
});

test('the contact form: a field error from the server shows beside its field; after sending, what happens next', async () => {
  const page = await pageAs(null);
  for (const [size, label] of [
    [PHONE, 'phone'],
    [DESKTOP, 'desktop'],
  ]) {
    await page.setViewportSize(size);
    await page.goto(`/vehicles/${vehicle.id}`);
    const form = page.locator('form.contact-form');
    await form.getByLabel('First name').fill('Ana');
    await form.getByLabel('Last name').fill('Silva');
    // Passes the browser's e-mail check, not the server's; and a message longer than the server takes.
    await form.getByLabel('Email').fill('ana@example');
    await form.getByLabel('Message').fill('Is it still available? '.repeat(230));
    await form.getByRole('button', { name: 'Send Message' }).click();
    const email = form.getByLabel('Email');
    await page.waitForFunction(() => document.querySelector('form.contact-form input[name="email"]')?.getAttribute('aria-invalid') === 'true');
    const emailError = page.locator(`#${await email.getAttribute('aria-describedby')}`);
    assert.equal(await emailError.innerText(), 'Enter a valid email address');
    // The message box stops at the server's limit (its counter shows it before sending): the long text was cut there.
    const message = form.getByLabel('Message');
    assert.equal((await message.inputValue()).length, 5000);
    assert.notEqual(await message.getAttribute('aria-invalid'), 'true');
    assert.equal(await page.locator('.toast').filter({ hasText: 'Failed to send message' }).count(), 0);
    assert.equal(await form.getByRole('alert').innerText(), 'Please correct the highlighted field and send again.');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'email');
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `detail-contact-field-error-${label}.png`), fullPage: true });
    await assertAccessible(page, 'contact form with field errors');

    await email.fill('ana.silva@example.com');
    await message.fill('Is it still available? I would like to see the service records.');
    await form.getByRole('button', { name: 'Send Message' }).click();
    const sent = form.getByRole('status');
    await sent.waitFor();
    assert.match(await sent.innerText(), /Message sent/);
    assert.match(await sent.innerText(), /sales associates.*will reply to ana\.silva@example\.com, usually within a few hours/s);
    await page.locator('.toast', { hasText: 'Thank You!' }).waitFor();
    assert.equal(await form.getByLabel('First name').inputValue(), '');
    await page.screenshot({ path: join(SHOTS, `detail-contact-sent-${label}.png`), fullPage: true });
    await assertAccessible(page, 'contact form after sending');
  }
  await page.close();
});

test('a sold listing reads as sold: over the photos, in the title, and "See similar vehicles" instead of the form', async () => {
  const res = await seller.post(`/api/vehicles/${soldSubject.id}/sold`, { data: { soldPrice: 41500, showSoldPrice: true } });
  assert.equal(res.status(), 200, await res.text());
  const name = `${soldSubject.year} ${soldSubject.make} ${soldSubject.model}`;

  const page = await pageAs(null);
  await page.goto(`/vehicles/${soldSubject.id}`);
  await page.getByRole('heading', { level: 1 }).filter({ hasText: name }).waitFor();
  const overlay = page.locator('.gallery-main .gallery-sold');
  assert.equal((await overlay.innerText()).replace(/\s+/g, ' '), 'SOLD for $41,500');
  assert.equal(await page.locator('form.contact-form').count(), 0, 'no "is it still available?" form');
  const similar = page.getByRole('link', { name: 'See similar vehicles' });
  const href = new URL(await similar.getAttribute('href'), BASE_URL);
  assert.equal(href.pathname, '/search');
  assert.equal(href.searchParams.get('make'), soldSubject.make);
  assert.equal(href.searchParams.get('model'), soldSubject.model);
  const title = await page.title();
  assert.doesNotMatch(title, /for sale/i);
  assert.match(title, /Sold for \$41,500/);
  const head = await (await fetch(`${BASE_URL}/vehicles/${soldSubject.id}`)).text();
  const serverTitle = /<title>([^<]*)<\/title>/.exec(head)?.[1] ?? '';
  assert.doesNotMatch(serverTitle, /for sale/i);
  assert.match(serverTitle, /Sold for \$41,500/);
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(100);
  assert.equal(await contactBar(page).count(), 0, 'no contact bar on a sold listing');
  await page.setViewportSize(DESKTOP);
  await screenshots(page, 'detail-sold');
  await tabletShot(page, 'detail-sold');

  await similar.click();
  await page.waitForURL(/\/search\?/);
  await page.close();
});

test("the owner and staff see a pending or rejected listing's banner; buyers do not see the listing", async () => {
  const id = hiddenSubject.id;
  assert.equal((await admin.patch(`/api/admin/vehicles/${id}/status`, { data: { status: 'pending' } })).status(), 200);

  const owner = await pageAs(SELLER);
  await owner.goto(`/vehicles/${id}`);
  const banner = owner.locator('.status-banner');
  await banner.getByRole('heading', { name: 'Not public yet: awaiting staff review' }).waitFor();
  assert.match(await banner.innerText(), /Only the seller and our staff can see this page/);
  assert.equal(await owner.locator('form.contact-form').count(), 0, 'no contact form on a listing buyers cannot see');
  assert.equal(await owner.locator('.vehicle-head .certified').count(), 0, 'not "Certified" before staff approve it');
  await screenshots(owner, 'detail-owner-pending');
  await tabletShot(owner, 'detail-owner-pending');

  const visitor = await request.newContext({ baseURL: BASE_URL });
  assert.equal((await visitor.get(`/api/vehicles/${id}`)).status(), 404);
  await visitor.dispose();

  // Rejected, with a reason where the API keeps one (the moderation change), else without.
  let rejected = await admin.patch(`/api/admin/vehicles/${id}/status`, { data: { status: 'rejected', reason: 'photos', note: 'Please add a photo of the odometer.' } });
  if (rejected.status() === 400) rejected = await admin.patch(`/api/admin/vehicles/${id}/status`, { data: { status: 'rejected' } });
  assert.equal(rejected.status(), 200, await rejected.text());
  const stored = await (await seller.get(`/api/vehicles/${id}`)).json();

  const staff = await pageAs(ADMIN);
  await staff.goto(`/vehicles/${id}`);
  const staffBanner = staff.locator('.status-banner');
  await staffBanner.getByRole('heading', { name: 'Not published: rejected by our staff' }).waitFor();
  assert.equal(await staffBanner.getByRole('link', { name: 'Edit the listing' }).getAttribute('href'), `/edit-listing/${id}`);
  if (stored.rejection) {
    assert.match(await staffBanner.innerText(), /Why: Photos are missing, unclear or not of this vehicle\. Please add a photo of the odometer\./);
  } else {
    assert.equal(await staffBanner.locator('.status-banner-reason').count(), 0);
  }
  await screenshots(staff, 'detail-admin-rejected');
  await staff.close();
  await owner.close();
  assert.equal((await admin.patch(`/api/admin/vehicles/${id}/status`, { data: { status: 'approved' } })).status(), 200);
});
