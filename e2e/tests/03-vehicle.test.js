const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { openBrowser, screenshots, api, toastText, BASE_URL, DESKTOP, PHONE } = require('../lib');

let browser;
let page;
let vehicle;
before(async () => {
  browser = await openBrowser({ permissions: ['clipboard-read', 'clipboard-write'] });
  // Linux Chromium has no share sheet; make sure the copy path is the one taken.
  await browser.addInitScript(() => {
    delete Navigator.prototype.share;
  });
  page = await browser.newPage();
  const recent = await api('/api/vehicles/recent');
  vehicle = recent.find((v) => v.images.length >= 3) ?? recent[0];
});
after(async () => browser?.close());

const title = () => `${vehicle.year} ${vehicle.make} ${vehicle.model}`;

test('open a listing from the search page', async () => {
  await page.goto('/search');
  const first = page.locator('.search-results > .vehicle-grid article').first();
  const name = await first.locator('.vehicle-card-title').innerText();
  await first.getByRole('link', { name: /View details/i }).click();
  await page.waitForURL(/\/vehicles\/\d+$/);
  await page.getByRole('heading', { level: 1 }).filter({ hasText: name }).waitFor();
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByText('Vehicle Listings').waitFor();
});

test('the detail page: price, details, side card and similar vehicles', async () => {
  await page.goto(`/vehicles/${vehicle.id}`);
  await page.getByRole('heading', { level: 1 }).filter({ hasText: title() }).waitFor();
  await page.getByRole('heading', { name: 'Vehicle Details' }).waitFor();
  await page.getByText('Available 7 days a week').waitFor();
  await page.getByRole('link', { name: 'Text Us' }).waitFor();
  await page.getByRole('heading', { name: 'Contact Seller' }).waitFor();
  assert.match(await page.title(), new RegExp(vehicle.make));
  await screenshots(page, 'vehicle-detail');
});

test('the gallery wraps at both ends, with buttons and arrow keys', async () => {
  await page.goto(`/vehicles/${vehicle.id}`);
  const total = vehicle.images.length;
  assert.ok(total >= 2, 'the listing has several photos');
  const counter = page.locator('.gallery-counter');
  assert.equal(await counter.innerText(), `1 / ${total}`);
  await page.getByRole('button', { name: 'Previous photo' }).click();
  assert.equal(await counter.innerText(), `${total} / ${total}`);
  await page.getByRole('button', { name: 'Next photo' }).click();
  assert.equal(await counter.innerText(), `1 / ${total}`);
  await page.getByRole('region', { name: /^Photos of/ }).focus();
  await page.keyboard.press('ArrowLeft');
  assert.equal(await counter.innerText(), `${total} / ${total}`);
  await page.keyboard.press('ArrowRight');
  assert.equal(await counter.innerText(), `1 / ${total}`);
});

test('saving a vehicle survives a reload', async () => {
  await page.goto(`/vehicles/${vehicle.id}`);
  await page.getByRole('button', { name: `Save ${title()}` }).click();
  assert.match(await toastText(page), /Vehicle saved!/);
  await page.reload();
  const saved = page.getByRole('button', { name: `Remove ${title()} from saved vehicles` });
  await saved.waitFor();
  assert.equal(await saved.getAttribute('aria-pressed'), 'true');
  await saved.click();
  assert.match(await toastText(page), /Vehicle removed from saved/);
});

test('share copies the link of the listing', async () => {
  await page.goto(`/vehicles/${vehicle.id}`);
  await page.getByRole('button', { name: 'Share' }).click();
  assert.match(await toastText(page), /Link copied to clipboard!/);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, `${BASE_URL}/vehicles/${vehicle.id}`);
});

test('the contact form rejects missing fields, then sends and resets', async () => {
  await page.goto(`/vehicles/${vehicle.id}`);
  const form = page.locator('form.contact-form');
  assert.equal(await form.getByLabel('Subject').inputValue(), `Interested in your ${title()}`);
  await form.getByRole('button', { name: 'Send Message' }).click();
  // Each missing field is said at the field, not in a toast.
  await form.getByRole('alert').filter({ hasText: 'Please correct the highlighted fields' }).waitFor();
  assert.equal(await form.getByLabel('First name').getAttribute('aria-invalid'), 'true');
  await form.getByText('First name is required').waitFor();

  await form.getByLabel('First name').fill('Ana');
  await form.getByLabel('Last name').fill('Silva');
  await form.getByLabel('Email').fill('ana.silva@example.com');
  await form.getByLabel('Phone').fill('(512) 555-0100');
  await form.getByLabel("I'm interested in financing options").check();
  await form.getByRole('button', { name: 'Send Message' }).click();
  await page.locator('.toast', { hasText: 'Thank You!' }).waitFor();
  assert.match(await toastText(page), new RegExp(`Thanks for reaching out about the ${title()}! One of our associates will reply usually within a few hours.`));
  assert.equal(await form.getByLabel('First name').inputValue(), '');
});

test('/vehicle/{id} leads to /vehicles/{id}; a missing listing shows Vehicle Not Found', async () => {
  await page.goto(`/vehicle/${vehicle.id}`);
  await page.waitForURL(new RegExp(`/vehicles/${vehicle.id}$`));
  await page.goto('/vehicles/99999999');
  await page.getByRole('heading', { name: 'Vehicle Not Found' }).waitFor();
  await page.getByText("The vehicle you're looking for doesn't exist.").waitFor();
  await page.getByRole('link', { name: 'Browse All Vehicles' }).waitFor();
});

test('the server puts the listing in the page head for link previews', async () => {
  const html = await (await fetch(`${BASE_URL}/vehicles/${vehicle.id}`)).text();
  assert.ok(html.includes('"@type":"Car"'));
  assert.ok(html.includes('property="og:image"'));
  assert.ok(html.includes(`<link rel="canonical" href="${BASE_URL}/vehicles/${vehicle.id}" />`));
});

test('at 390 px no public page is wider than the screen', async () => {
  await page.setViewportSize(PHONE);
  try {
    for (const path of ['/', '/search', `/vehicles/${vehicle.id}`, '/how-it-works', '/financing', '/faq', '/privacy-policy', '/auth']) {
      await page.goto(BASE_URL + path, { waitUntil: 'networkidle' });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= PHONE.width, `${path} is ${width} px wide at ${PHONE.width} px`);
    }
  } finally {
    await page.setViewportSize(DESKTOP);
  }
});
