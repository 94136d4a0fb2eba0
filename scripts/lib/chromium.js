// Debian's Chromium for the browser tests, the size check and Lighthouse: never a downloaded browser.
const { existsSync, mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function assertChromium() {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install it with "apt-get install -y chromium" (or set CHROME_PATH).`);
  }
}

/** A new, empty profile folder for one browser run. */
function freshProfile(prefix = 'chromium-profile-') {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** playwright-core's launchPersistentContext with Debian's Chromium and a fresh profile. */
async function launchBrowser(contextOptions = {}) {
  assertChromium();
  const { chromium } = require('playwright-core');
  // Playwright adds its own headless flag; pass the others as they are.
  const context = await chromium.launchPersistentContext(freshProfile(), {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS.filter((f) => f !== '--headless'),
    ...contextOptions,
  });
  return context;
}

module.exports = { CHROMIUM_PATH, CHROMIUM_FLAGS, assertChromium, freshProfile, launchBrowser };
