// Starts the built API (with the storefront and admin builds) on a free port with a fresh data folder:
// SQLite with the demo data. Used by the browser tests and by Lighthouse.
const { spawn } = require('node:child_process');
const { existsSync, mkdtempSync, readFileSync, rmSync } = require('node:fs');
const net = require('node:net');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { rebuildStale } = require('./build-freshness');
const { SERVER_NODE_OPTIONS } = require('./server-node-options');

const root = join(__dirname, '..', '..');

/**
 * Rebuilds the outputs the server needs (API, storefront, admin console, demo bundle) whose sources changed since
 * they were built, each by its own npm script: a build is current when the hash of its sources stored beside it
 * matches (scripts/lib/build-freshness.js). E2E_REBUILD=1 rebuilds them all.
 */
function ensureBuilt() {
  rebuildStale({ force: Boolean(process.env.E2E_REBUILD) });
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

async function waitForHealth(baseUrl, child, timeoutMs) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`the API exited with code ${child.exitCode}`);
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

/** The demo listings the search will find once the import is over (the bundle's approved ones at least). */
function demoApprovedCount() {
  try {
    const bundle = JSON.parse(readFileSync(join(root, 'tools/demo/bundle/bundle.json'), 'utf8'));
    return bundle.listings.filter((l) => l.status === 'approved').length;
  } catch {
    return 1;
  }
}

/** The demo data is imported in the background after start (newest listings first): wait until all are in. */
async function waitForListings(baseUrl, timeoutMs) {
  const started = Date.now();
  const expected = demoApprovedCount();
  let last = '';
  while (Date.now() - started < timeoutMs) {
    try {
      const response = await fetch(`${baseUrl}/api/vehicles/search?limit=1`);
      last = `${response.status}`;
      if (response.ok) {
        const { total } = await response.json();
        last += `, ${total} of ${expected} listings`;
        if (total >= expected) return;
      }
    } catch (error) {
      last = String(error);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no listings within ${timeoutMs / 1000} s (last answer: ${last}): is the demo data seeded?`);
}

/**
 * Builds what is missing, starts the API and waits until it is healthy; `stop()` ends it and removes its data.
 * `onLog(child)`: the server's output is piped to the caller, who reads `child.stdout` / `child.stderr` from
 * the start (instead of this terminal).
 */
async function startApiServer({ env = {}, timeoutMs = 120_000, listings = true, onLog } = {}) {
  ensureBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'cm-run-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...SERVER_NODE_OPTIONS, 'dist/apps/api/main.js'], {
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
      SESSION_SECRET: 'local-run-session-secret-0123456789-0123456789',
      PUBLIC_URL: '',
      ...env,
    },
    stdio: ['ignore', onLog ? 'pipe' : 'inherit', onLog ? 'pipe' : 'inherit'],
  });
  onLog?.(child);
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child, timeoutMs);
    if (listings) await waitForListings(baseUrl, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, dataDir, stop };
}

module.exports = { startApiServer, ensureBuilt, freePort };
