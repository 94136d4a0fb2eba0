#!/usr/bin/env node
// Browser tests: builds what is missing, starts the API (with the storefront and admin builds) on a free port
// with a fresh data folder (SQLite with the demo data), waits for /api/health, runs e2e/tests/*.test.js with
// node's test runner (playwright-core + Debian Chromium), stops the server and prints "N passed, N failed".
const { spawn, spawnSync } = require('node:child_process');
const { existsSync, mkdtempSync, rmSync, readdirSync } = require('node:fs');
const net = require('node:net');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { CHROMIUM_PATH } = require('../scripts/lib/chromium');

const root = join(__dirname, '..');

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status})`);
}

function ensureBuilt() {
  const outputs = ['dist/apps/api/main.js', 'apps/storefront/dist/index.html', 'apps/admin/dist/remoteEntry.js'];
  if (outputs.every((f) => existsSync(join(root, f))) && !process.env.E2E_REBUILD) return;
  console.log('▶ npm run build');
  run('npm', ['run', 'build']);
}

function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  console.log('▶ apt-get install -y chromium');
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', 'chromium'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl, server, timeoutMs = 120_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (server.exitCode !== null) throw new Error(`the API exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the API did not answer /api/health within ${timeoutMs / 1000} s`);
}

async function main() {
  ensureBuilt();
  ensureChromium();
  const dataDir = mkdtempSync(join(tmpdir(), 'cm-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['dist/apps/api/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'e2e-session-secret-0123456789-0123456789',
      PUBLIC_URL: '',
      // The tests reload and navigate a lot from one address.
      RATE_LIMIT_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let passed = 0;
  let failed = 0;
  try {
    await waitForHealth(baseUrl, server);
    console.log(`▶ browser tests against ${baseUrl}`);
    const files = readdirSync(join(__dirname, 'tests'))
      .filter((f) => f.endsWith('.test.js') && (!process.env.E2E_ONLY || f.includes(process.env.E2E_ONLY)))
      .sort()
      .map((f) => join('e2e', 'tests', f));
    const result = spawnSync(process.execPath, ['--test', '--test-concurrency=1', '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${join(dataDir, 'tap.txt')}`, ...files], {
      cwd: root,
      env: { ...process.env, E2E_BASE_URL: baseUrl },
      stdio: 'inherit',
    });
    const tap = require('node:fs').readFileSync(join(dataDir, 'tap.txt'), 'utf8');
    passed = Number(/^# pass (\d+)/m.exec(tap)?.[1] ?? 0);
    failed = Number(/^# fail (\d+)/m.exec(tap)?.[1] ?? 0) + Number(/^# cancelled (\d+)/m.exec(tap)?.[1] ?? 0);
    if (result.status !== 0 && failed === 0) failed = 1;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(failed > 0 || passed === 0 ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  console.log('\n0 passed, 1 failed');
  process.exit(1);
});
