// Navigation on phones and tablets: the menu sheet covers the screen and every link in it works (signed out,
// as a seller, as an admin); the saved-vehicles heart in the header; the signed-out header on one line from
// 1024 to 1279 px.
const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { join } = require('node:path');
const { openBrowser, assertAccessible, SHOTS, PHONE, DESKTOP } = require('../lib');

const TABLET = { width: 768, height: 1024 };
const SELLER = { email: 'seller@example.com', password: 'seller-demo-2026' };
const ADMIN = { email: 'admin@example.com', password: 'admin-demo-2026' };

let browser;
before(async () => {
  browser = await openBrowser();
});
after(async () => browser?.close());

/** A new tab, signed out (the tabs of this browser share cookies). */
async function newPage(size = DESKTOP) {
  await browser.clearCookies();
  const page = await browser.newPage();
  await page.setViewportSize(size);
  return page;
}

async function signedIn(account) {
  const page = await newPage();
  const res = await page.request.post('/api/login', { data: account });
  assert.equal(res.status(), 200);
  return page;
}

/** Opens the menu and checks that it really covers the screen: visible, full height, on top of the page. */
async function openMenu(page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const sheet = page.getByRole('dialog', { name: 'Menu' });
  await sheet.waitFor();
  // Settled: any opening animation of the sheet and its backdrop has finished.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity).map((a) => a.finished)),
  );
  const box = await sheet.boundingBox();
  const viewport = page.viewportSize();
  assert.ok(box && box.height >= viewport.height - 1, `the sheet is ${box?.height} px tall in a ${viewport.height} px window`);
  const onTop = await sheet.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
  });
  assert.equal(onTop, true, 'the middle of the sheet is the sheet, not the page behind');
  assert.equal(await page.evaluate(() => document.body.style.overflow), 'hidden', 'the page behind does not scroll');
  return sheet;
}

/** Every link of the open menu, by name and target. */
async function menuLinks(sheet) {
  return sheet.getByRole('link').evaluateAll((links) => links.map((a) => ({ name: a.textContent.trim(), href: a.getAttribute('href') })));
}

async function followEveryLink(page, who, expected) {
  await page.goto('/faq');
  const links = await menuLinks(await openMenu(page));
  const names = links.map((l) => l.name);
  for (const name of expected) assert.ok(names.includes(name), `${who}: the menu has ${name} (it has ${names.join(', ')})`);
  for (const [index, link] of links.entries()) {
    await page.goto('/faq');
    const sheet = await openMenu(page);
    await sheet.getByRole('link').nth(index).click();
    await page.waitForURL((url) => `${url.pathname}${url.search}` === link.href, { timeout: 10_000 });
    await sheet.waitFor({ state: 'detached' });
  }
  return links;
}

for (const [label, size] of [['390', PHONE], ['768', TABLET]]) {
  test(`${label} px, signed out: the menu covers the screen, traps focus, closes on Escape and backdrop, and every link works`, async () => {
    const page = await newPage(size);
    await page.goto('/');
    const sheet = await openMenu(page);
    await assertAccessible(page, `menu-${label}`);
    await page.screenshot({ path: join(SHOTS, `menu-open-${label}.png`) });
    for (let i = 0; i < 15; i += 1) await page.keyboard.press('Tab');
    assert.equal(await sheet.evaluate((el) => el.contains(document.activeElement)), true, 'focus stays in the menu');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.body.style.overflow), '');

    await openMenu(page);
    // The backdrop: a tap left of the panel.
    await page.mouse.click(8, size.height / 2);
    await sheet.waitFor({ state: 'detached' });

    const links = await followEveryLink(page, 'visitor', ['Buy Cars', 'Sell Your Car', 'How It Works', 'Financing', 'FAQ', 'Sign In', 'Register']);
    assert.ok(links.length >= 7);
    await page.close();
  });
}

test('the sell calls to action lead to the listing form when signed in, through sign-in otherwise', async () => {
  const visitor = await newPage();
  await visitor.goto('/');
  for (const name of ['Start Selling Today', 'List Your Car Free']) {
    assert.equal(await visitor.getByRole('link', { name, exact: true }).getAttribute('href'), '/auth?returnTo=%2Fcreate-listing');
  }
  await visitor.close();
  const seller = await signedIn(SELLER);
  await seller.goto('/');
  await seller.getByRole('button', { name: /account menu for/ }).waitFor();
  for (const name of ['Start Selling Today', 'List Your Car Free']) assert.equal(await seller.getByRole('link', { name, exact: true }).getAttribute('href'), '/create-listing');
  await seller.getByRole('link', { name: 'Start Selling Today' }).click();
  await seller.waitForURL('**/create-listing');
  await seller.close();
});

test('390 px: a seller and an admin reach every page of the menu (the admin reaches /admin)', async () => {
  const seller = await signedIn(SELLER);
  await seller.setViewportSize(PHONE);
  await followEveryLink(seller, 'seller', ['Buy Cars', 'Sell Your Car', 'Dashboard']);
  await seller.close();

  const admin = await signedIn(ADMIN);
  await admin.setViewportSize(PHONE);
  await admin.goto('/');
  const sheet = await openMenu(admin);
  await admin.screenshot({ path: join(SHOTS, 'menu-open-admin-390.png') });
  await assertAccessible(admin, 'menu-admin-390');
  await sheet.getByRole('link', { name: 'Admin', exact: true }).click();
  await admin.waitForURL('**/admin');
  await admin.getByText('Admin Dashboard').first().waitFor();
  await admin.close();
});

test('the heart in the header counts saved vehicles for everyone and leads to /saved, which the server answers', async () => {
  const page = await newPage(PHONE);
  await page.goto('/search');
  const heart = page.getByRole('link', { name: /^Saved vehicles: / });
  assert.equal(await heart.getAttribute('aria-label'), 'Saved vehicles: 0');
  await page.locator('.vehicle-card').first().getByRole('button', { name: /^Save / }).click();
  assert.equal(await heart.getAttribute('aria-label'), 'Saved vehicles: 1');
  await page.getByText('Access your saved vehicles from the heart at the top of the page.').waitFor();
  await heart.click();
  await page.waitForURL('**/saved');
  assert.ok((await page.locator('.vehicle-card').count()) >= 1);
  const status = await page.evaluate(async () => (await fetch('/saved')).status);
  assert.equal(status, 200);
  await page.close();
});

test('1024 to 1279 px: the signed-out header keeps its items on one line', async () => {
  const page = await newPage();
  for (const width of [1024, 1100, 1279, DESKTOP.width]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/faq');
    await page.getByRole('link', { name: 'Register' }).first().waitFor();
    const height = await page.locator('.site-header').evaluate((el) => el.getBoundingClientRect().height);
    assert.ok(height <= 66, `at ${width} px the header is ${height} px tall`);
    const tops = await page.locator('.header-inner > *, .header-nav > *, .header-actions > *').evaluateAll((els) =>
      els.filter((el) => el.getClientRects().length > 0).map((el) => Math.round(el.getBoundingClientRect().top + el.getBoundingClientRect().height / 2)),
    );
    assert.ok(Math.max(...tops) - Math.min(...tops) <= 4, `at ${width} px the header's items sit on one line (${tops.join(', ')})`);
    const right = await page.locator('.header-actions').evaluate((el) => Math.max(...[...el.children].map((c) => c.getBoundingClientRect().right)));
    assert.ok(right <= width, `at ${width} px the header's last item ends at ${right} px`);
    if (width === 1024) await page.screenshot({ path: join(SHOTS, 'header-1024.png') });
  }
  await page.close();
});

test('a route change moves focus to the new page\'s main heading and announces its title', async () => {
  const page = await newPage(PHONE);
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'How It Works' }).click();
  await page.waitForURL('**/how-it-works');
  await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
  assert.equal(await page.evaluate(() => document.activeElement.textContent), 'How It Works');
  await page.waitForFunction(() => document.querySelector('[role="status"][aria-live="polite"]')?.textContent === document.title);
  // The footer's links too.
  await page.locator('footer').getByRole('link', { name: 'FAQ', exact: true }).click();
  await page.waitForURL('**/faq');
  await page.waitForFunction(() => document.activeElement?.tagName === 'H1' && document.activeElement.textContent === 'Frequently Asked Questions');
  await page.close();
});

test('390 px: the landing page shows at most two rows of recent listings before the sections below', async () => {
  const page = await newPage(PHONE);
  await page.goto('/');
  const grid = page.getByRole('list', { name: 'Recent listings' });
  await grid.locator('article').first().waitFor();
  assert.equal(await grid.locator('article:visible').count(), 2);
  await page.getByRole('link', { name: 'View All Vehicles' }).waitFor();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  console.log(`# landing page at 390 px: ${height} px tall`);
  assert.ok(height < 9000, `the landing page is ${height} px tall`);
  await page.close();
});

test('a 300 x 250 embed of the slideshow: nothing covers the title', async () => {
  const page = await newPage({ width: 300, height: 250 });
  await page.goto('/iframe-slideshow');
  const title = page.locator('.slide.is-active .slide-title');
  await title.waitFor();
  // The slides let clicks through to the carousel, so overlap is measured: no control's box meets the title's.
  const covered = await title.evaluate((el) => {
    const t = el.getBoundingClientRect();
    return [...document.querySelectorAll('.slide-dots, .slide-dot, .slide-count, .slide-arrow')]
      .filter((c) => c.getClientRects().length > 0 && getComputedStyle(c).display !== 'none')
      .filter((c) => {
        const r = c.getBoundingClientRect();
        return r.left < t.right && r.right > t.left && r.top < t.bottom && r.bottom > t.top;
      })
      .map((c) => c.className);
  });
  await page.screenshot({ path: join(SHOTS, 'slideshow-300x250.png') });
  assert.deepEqual(covered, [], 'nothing covers the title');
  await page.close();
});

test('the header marks the current page, and only it', async () => {
  const page = await newPage();
  const current = async () => page.locator('.header-nav [aria-current="page"]').allInnerTexts();
  for (const [path, expected] of [['/search', ['Buy Cars']], ['/how-it-works', ['How It Works']], ['/auth', []], ['/faq', []]]) {
    await page.goto(path);
    await page.locator('.header-nav a').first().waitFor();
    assert.deepEqual(await current(), expected, `on ${path}`);
  }
  await page.close();
});

test('390 px: a failed publish lists its problems at the top, with focus there, and each links to its field', async () => {
  const page = await signedIn(SELLER);
  await page.setViewportSize(PHONE);
  await page.goto('/create-listing');
  await page.getByLabel(/^Mileage/).fill('28,500 mi');
  await page.getByRole('button', { name: /^(Publish|Create) Listing/ }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'to fix before publishing' });
  await summary.waitFor();
  assert.equal(await summary.evaluate((el) => el === document.activeElement), true);
  assert.equal(await summary.getByRole('link', { name: /^Mileage:/ }).count(), 0, '"28,500 mi" is a mileage');
  await assertAccessible(page, 'listing-form-error-summary');
  await page.screenshot({ path: join(SHOTS, 'listing-form-error-summary-390.png') });
  await summary.getByRole('link', { name: /^Price/ }).click();
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'price');
  await page.close();
});
