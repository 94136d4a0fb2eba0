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

/**
 * One Chromium for a whole run (e2e/run.js): playwright-core's browser server, which the test files' processes
 * connect to by its endpoint (E2E_BROWSER_WS_ENDPOINT); `close()` ends it.
 */
async function launchBrowserServer() {
  assertChromium();
  const { chromium } = require('playwright-core');
  return chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS.filter((f) => f !== '--headless') });
}

/** This process's connection to the run's browser server, made on first use and dropped with its last context. */
let connection;

/**
 * A fresh browser context (its own cookies, storage and cache) on the run's shared Chromium when `wsEndpoint` is
 * given; closing the context leaves the browser running for the next file.
 */
async function newSharedContext(wsEndpoint, contextOptions) {
  const { chromium } = require('playwright-core');
  connection ??= chromium.connect(wsEndpoint);
  const browser = await connection;
  const context = await browser.newContext(contextOptions);
  const close = context.close.bind(context);
  context.close = async (...args) => {
    await close(...args);
    if (browser.contexts().length === 0 && connection) {
      connection = undefined;
      await browser.close(); // a connected browser: disconnects, the server keeps running
    }
  };
  return context;
}

/**
 * A browser context with Debian's Chromium: a new context on the run's shared browser when there is one
 * (E2E_BROWSER_WS_ENDPOINT, set by e2e/run.js), else playwright-core's launchPersistentContext with a fresh profile.
 */
async function launchBrowser(contextOptions = {}) {
  assertChromium();
  const wsEndpoint = process.env.E2E_BROWSER_WS_ENDPOINT;
  if (wsEndpoint) return newSharedContext(wsEndpoint, contextOptions);
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

module.exports = { CHROMIUM_PATH, CHROMIUM_FLAGS, assertChromium, freshProfile, launchBrowser, launchBrowserServer };
