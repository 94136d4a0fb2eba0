#!/usr/bin/env node
// `npm run profile:page [-- /search /vehicles/1 …]`: where a storefront page's start spends the phone's main thread.
// Loads each page of the built app with the demo data (by default lib/public-pages.js's: /, /search and the newest
// listing with photos) in Debian's Chromium with its CPU slowed down as Lighthouse's mobile run slows it (4x;
// PROFILE_SLOWDOWN=n), records a CPU profile from the navigation until PROFILE_WAIT_MS (default 6000) after the
// load, and prints:
//   - the long tasks (over 50 ms) the page saw and what of them counts as blocking time (the part over 50 ms);
//   - the functions that took the most time themselves, by the storefront build's source maps (the file and line of
//     the source, and the built file's place: a module's top level shows as its chunk and column).
// Lighthouse names the slow scripts; this names the functions in them: it found the make list's collator and the
// photo placeholders' drawing, 46-73 and 40-50 ms of /search's and the landing page's start at 4x.
// PROFILE_URL=http://… profiles a running server instead of starting one; PROFILE_TOP=n functions (default 25).
const { readFileSync, existsSync } = require('node:fs');
const { join } = require('node:path');
const { chromium } = require('playwright-core');
const { SourceMapConsumer } = require('source-map');
const { startApiServer } = require('./lib/api-server');
const { publicPages } = require('./lib/public-pages');
const { CHROMIUM_FLAGS, CHROMIUM_PATH, assertChromium } = require('./lib/chromium');

const SLOWDOWN = Number(process.env.PROFILE_SLOWDOWN) || 4;
const WAIT_MS = Number(process.env.PROFILE_WAIT_MS) || 6000;
const TOP = Number(process.env.PROFILE_TOP) || 25;
const BUILD = join(__dirname, '..', 'apps', 'storefront', 'dist');

/** Source maps of the storefront build, by file name, read when first needed (null: the file has none). */
const maps = new Map();
async function mapOf(url) {
  const file = new URL(url).pathname.slice(1);
  if (!maps.has(file)) {
    const path = join(BUILD, `${file}.map`);
    maps.set(file, existsSync(path) ? await new SourceMapConsumer(JSON.parse(readFileSync(path, 'utf8'))) : null);
  }
  return maps.get(file);
}

/** A profile node's function as the source names it: name, source file and line, and where it is in the build. */
async function functionOf({ functionName, url, lineNumber, columnNumber }) {
  const name = functionName || '(anonymous)';
  if (!/^https?:.*\.js/.test(url)) return url ? `${name} ${url}` : name;
  const built = `${new URL(url).pathname.slice(1)}:${lineNumber + 1}:${columnNumber}`;
  const map = await mapOf(url);
  const original = map?.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
  if (!original?.source) return `${name} [${built}]`;
  const source = original.source.replace(/^webpack:\/\/[^/]*\//, '').replace(/.*node_modules\//, '');
  return `${original.name ?? name} ${source}:${original.line} [${built}]`;
}

/**
 * Self time per function (ms, at the slowdown) of a CPU profile, idle time left out. "(garbage collector)" is the
 * collector's; "(program)", the thread's time outside scripts (the browser's own work, and with the slowdown its
 * pauses), is kept apart by the caller.
 */
async function selfTimes(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFunction = new Map();
  for (let i = 0; i < profile.samples.length; i += 1) {
    const { callFrame } = nodes.get(profile.samples[i]);
    if (callFrame.functionName === '(idle)') continue;
    const key = await functionOf(callFrame);
    byFunction.set(key, (byFunction.get(key) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
  }
  return [...byFunction].sort((a, b) => b[1] - a[1]);
}

async function profilePage(browser, baseUrl, path) {
  // A first visit warms the server (kept answers, drawn pages), as for Lighthouse.
  await fetch(`${baseUrl}${path}`);
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await page.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
      }).observe({ type: 'longtask', buffered: true });
    });
    await cdp.send('Profiler.start');
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
    await page.waitForTimeout(WAIT_MS);
    const { profile } = await cdp.send('Profiler.stop');
    const longTasks = await page.evaluate(() => window.__longTasks);
    const all = await selfTimes(profile);
    const program = all.find(([name]) => name === '(program)')?.[1] ?? 0;
    const times = all.filter(([name]) => name !== '(program)');
    const busy = times.reduce((sum, [, ms]) => sum + ms, 0);
    const blocking = longTasks.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
    console.log(`\n${path}: ${Math.round(busy)} ms in scripts and the garbage collector at ${SLOWDOWN}x (${Math.round(program)} ms outside them); long tasks (start+duration, ms from navigation): ${longTasks.map(([start, duration]) => `${Math.round(start)}+${Math.round(duration)}`).join(' ') || 'none'}; their blocking part ${Math.round(blocking)} ms`);
    for (const [name, ms] of times.slice(0, TOP)) console.log(`${ms.toFixed(1).padStart(8)} ms  ${name}`);
  } finally {
    await context.close();
  }
}

async function main() {
  assertChromium();
  const server = process.env.PROFILE_URL ? null : await startApiServer();
  const baseUrl = process.env.PROFILE_URL ?? server.baseUrl;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS.filter((flag) => flag !== '--headless'), headless: true });
  try {
    const asked = process.argv.slice(2);
    const paths = asked.length > 0 ? asked : (await publicPages(baseUrl)).map((page) => page.path);
    console.log(`Profiling ${paths.join(', ')} at ${SLOWDOWN}x CPU slowdown (phone viewport), ${WAIT_MS} ms after each load`);
    for (const path of paths) await profilePage(browser, baseUrl, path);
  } finally {
    await browser.close();
    await server?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
