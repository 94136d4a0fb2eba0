#!/usr/bin/env node
// Browser tests: builds what is missing, starts the API (with the storefront and admin builds) on a free port
// with a fresh data folder (SQLite with the demo data), waits for /api/health, runs e2e/tests/*.test.js with
// node's test runner (playwright-core + Debian Chromium: one browser for the run, a fresh context per test file),
// stops the server and prints "N passed, N failed". E2E_SCREENSHOTS=1 keeps the screenshots the tests take
// (e2e/screenshots/); without it only a failing test's pages are captured.
const { spawn, spawnSync } = require('node:child_process');
const { existsSync, readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const { startApiServer } = require('../scripts/lib/api-server');
const { CHROMIUM_PATH, launchBrowserServer } = require('../scripts/lib/chromium');

const root = join(__dirname, '..');

function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  console.log('▶ apt-get install -y chromium');
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', 'chromium']]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
}

async function main() {
  ensureChromium();
  // The tests reload and navigate a lot from one address.
  const server = await startApiServer({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  const { baseUrl, dataDir } = server;
  let passed = 0;
  let failed = 0;
  let browser;
  try {
    browser = await launchBrowserServer();
    console.log(`▶ browser tests against ${baseUrl}`);
    const files = readdirSync(join(__dirname, 'tests'))
      .filter((f) => f.endsWith('.test.js') && (!process.env.E2E_ONLY || f.includes(process.env.E2E_ONLY)))
      .sort()
      .map((f) => join('e2e', 'tests', f));
    // Asynchronous: the browser server lives in this process and must keep serving the files' connections.
    const child = spawn(process.execPath, ['--test', '--test-concurrency=1', '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${join(dataDir, 'tap.txt')}`, ...files], {
      cwd: root,
      env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_BROWSER_WS_ENDPOINT: browser.wsEndpoint() },
      stdio: 'inherit',
    });
    const result = { status: await new Promise((resolve) => child.once('exit', (code) => resolve(code))) };
    const tap = readFileSync(join(dataDir, 'tap.txt'), 'utf8');
    passed = Number(/^# pass (\d+)/m.exec(tap)?.[1] ?? 0);
    failed = Number(/^# fail (\d+)/m.exec(tap)?.[1] ?? 0) + Number(/^# cancelled (\d+)/m.exec(tap)?.[1] ?? 0);
    if (result.status !== 0 && failed === 0) failed = 1;
  } finally {
    await browser?.close();
    await server.stop();
  }
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(failed > 0 || passed === 0 ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  console.log('\n0 passed, 1 failed');
  process.exit(1);
});
