// The admin console deployed on its own: its build served by Debian's nginx on another origin (with the
// production settings of deploy/nginx/admin-console.conf), the shell at /admin loading it through
// ADMIN_REMOTE_URL; then a new build deployed there (a symlink swap, as a release would) and picked up by the
// shell on the next load of /admin, with no rebuild or restart of the API.
const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const { chmodSync, cpSync, mkdtempSync, readdirSync, renameSync, rmSync, symlinkSync } = require('node:fs');
const net = require('node:net');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { startApiServer } = require('../../scripts/lib/api-server');
const { startNginx } = require('../../scripts/lib/nginx');
const { openBrowser, screenshots } = require('../lib');

const root = join(__dirname, '..', '..');
const ADMIN = { email: 'admin@example.com', password: 'admin-demo-2026' };
const SECOND_BUILD = `e2e-release-${process.pid}`;

let browser;
let server;
let nginx;
let releases;
let consoleOrigin;

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Points `current` at a release folder in one rename, as a deploy does. */
function activate(release) {
  const link = join(releases, `next-${Date.now()}`);
  symlinkSync(join(releases, release), link);
  renameSync(link, join(releases, 'current'));
}

before(async () => {
  releases = mkdtempSync(join(tmpdir(), 'cm-admin-releases-'));
  // nginx's workers run as an unprivileged user: the folder must be readable by others (mkdtemp makes it 0700).
  chmodSync(releases, 0o755);
  cpSync(join(root, 'apps/admin/dist'), join(releases, 'one'), { recursive: true });
  activate('one');
  const port = await freePort();
  consoleOrigin = `http://127.0.0.1:${port}`;
  nginx = await startNginx({
    port,
    http: `  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  server {
    listen 127.0.0.1:${port};
    root ${join(releases, 'current')};
    include ${join(root, 'deploy/nginx/admin-console.conf')};
  }`,
  });
  server = await startApiServer({
    listings: false,
    env: {
      RATE_LIMIT_PER_MINUTE: '100000',
      SEED_DEMO: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ADMIN_REMOTE_URL: `${consoleOrigin}/remoteEntry.js`,
    },
  });
  browser = await openBrowser({ baseURL: server.baseUrl });
});

after(async () => {
  await browser?.close();
  await server?.stop();
  nginx?.stop();
  if (releases) rmSync(releases, { recursive: true, force: true });
});

/** Signs in as the admin and opens /admin; answers the page, the origins its scripts came from and any CSP report. */
async function openConsole() {
  await browser.clearCookies();
  const page = await browser.newPage();
  const response = await page.request.post(`${server.baseUrl}/api/login`, { data: ADMIN });
  assert.equal(response.status(), 200);
  const scripts = [];
  const refused = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
  page.on('console', (message) => /Content Security Policy/i.test(message.text()) && refused.push(message.text()));
  await page.goto('/admin');
  await page.getByRole('heading', { name: 'Admin Dashboard', level: 2 }).waitFor({ timeout: 30_000 });
  return { page, scripts, refused };
}

test("the shell loads the console from the console's own origin, within its Content-Security-Policy", async () => {
  const { page, scripts, refused } = await openConsole();
  assert.deepEqual(refused, []);
  assert.ok(scripts.includes(`${consoleOrigin}/remoteEntry.js`), `remoteEntry.js from ${consoleOrigin}: ${scripts.join(', ')}`);
  // The chunks come from where remoteEntry.js came from (publicPath 'auto'), not from the API.
  assert.ok(scripts.filter((url) => url.startsWith(consoleOrigin) && /\.[0-9a-f]{8}\.js$/.test(url)).length > 0, scripts.join(', '));
  assert.equal(scripts.filter((url) => url.includes('/admin-app/')).length, 0);
  // It works: the pending queue answers from the API.
  await page.getByRole('tab', { name: /Pending/ }).waitFor();
  const build = await page.locator('.adm-console-build').innerText();
  assert.match(build, /^Console build /);
  assert.doesNotMatch(build, new RegExp(SECOND_BUILD));
  await screenshots(page, 'admin-remote-origin');
  await page.close();
});

test('remoteEntry.js is revalidated on every load; the hashed chunks are cached for a year', async () => {
  const entry = await fetch(`${consoleOrigin}/remoteEntry.js`);
  assert.equal(entry.status, 200);
  assert.equal(entry.headers.get('cache-control'), 'no-cache');
  assert.match(entry.headers.get('content-type'), /javascript/);
  const [chunk] = readdirSync(join(releases, 'current')).filter((f) => /\.[0-9a-f]{8}\.js$/.test(f));
  const hashed = await fetch(`${consoleOrigin}/${chunk}`);
  assert.equal(hashed.status, 200);
  assert.equal(hashed.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  // Source maps stay private.
  assert.equal((await fetch(`${consoleOrigin}/${chunk}.map`)).status, 404);
});

test('a new console build deployed on its server is what the next /admin runs, without touching the API', async () => {
  const built = spawnSync(join(root, 'node_modules/.bin/webpack'), ['--config', 'webpack.config.js', '--config-node-env', 'production', '--output-path', join(releases, 'two')], {
    cwd: join(root, 'apps/admin'),
    env: { ...process.env, ADMIN_BUILD_ID: SECOND_BUILD },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  assert.equal(built.status, 0, 'the second admin build');
  activate('two');
  const { page, refused } = await openConsole();
  assert.deepEqual(refused, []);
  assert.equal(await page.locator('.adm-console-build').innerText(), `Console build ${SECOND_BUILD}`);
  await page.close();
});
