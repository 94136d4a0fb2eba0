#!/usr/bin/env node
// `npm run bench:first-run`: a newcomer's first run, timed. Clones this checkout's HEAD into a temporary folder,
// then runs the README's `npm install` and `npm start` there and prints when each step ended: the install, the
// server's health, the first demo listings in /api/vehicles/recent, and every demo photo attached. Stops the server
// and removes the clone afterwards (`--keep` keeps it).
//
//   npm run bench:first-run [-- --port 3999] [--keep] [--warm]
//
// The npm cache of this machine is used as a newcomer's would be after their first download (the registry is the
// same for everyone; its speed is not the product's). This machine's demo render cache is not (a newcomer has
// none): the clone renders every photo (DEMO_PHOTO_CACHE=off; `--warm` uses the cache, as a second checkout
// would). Give the load average beside the figures: it prints it.
const { spawn, spawnSync } = require('node:child_process');
const { mkdtempSync, rmSync } = require('node:fs');
const { loadavg, tmpdir } = require('node:os');
const { join } = require('node:path');
const { parseArgs } = require('node:util');

const root = join(__dirname, '..', '..');
const { values } = parseArgs({ options: { port: { type: 'string', default: '3999' }, keep: { type: 'boolean', default: false }, warm: { type: 'boolean', default: false } } });
const port = Number(values.port);
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');
const started = Date.now();
const at = () => ((Date.now() - started) / 1000).toFixed(1);
const rows = [];
const mark = (what) => {
  rows.push([what, at(), load()]);
  console.log(`[first-run] ${at()} s  ${what}  (load average ${load()})`);
};

function step(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status})`);
}

async function json(path) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}${path}`);
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

/** Whether every car the search shows has its demo photos (each demo listing has 6 to 8). */
async function everyCarPhotographed() {
  const cars = [];
  for (let page = 1; ; page += 1) {
    const result = await json(`/api/vehicles/search?limit=50&page=${page}`);
    if (!result) return false;
    cars.push(...result.vehicles);
    if (cars.length >= result.total || result.vehicles.length === 0) break;
  }
  return cars.length > 0 && cars.every((car) => car.images.length >= 6);
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'carmarket-first-run-'));
  let server = null;
  try {
    mark(`start (load average before: ${load()})`);
    step('git', ['clone', '--quiet', root, dir], root);
    mark('git clone');
    step('npm', ['install', '--no-audit', '--no-fund'], dir);
    mark('npm install');
    server = spawn('npm', ['start'], { cwd: dir, env: { ...process.env, PORT: String(port), ...(values.warm ? {} : { DEMO_PHOTO_CACHE: 'off' }) }, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
    let healthy = false;
    let listed = false;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`npm start exited (${server.exitCode})`);
      if (!healthy && (await json('/api/health'))) {
        healthy = true;
        mark('server healthy');
      }
      const recent = healthy ? await json('/api/vehicles/recent') : null;
      if (!listed && Array.isArray(recent) && recent.length > 0) {
        listed = true;
        mark(`demo listings shown (${recent.length} recent)`);
      }
      if (listed && (await everyCarPhotographed())) {
        mark('every public demo car has its photos (6 or more)');
        break;
      }
      if (Date.now() - started > 30 * 60_000) throw new Error('gave up after 30 minutes');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    if (server && server.exitCode === null) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        // gone
      }
    }
    if (!values.keep) rmSync(dir, { recursive: true, force: true });
    else console.log(`kept ${dir}`);
  }
  console.log('\n| step | seconds from clone | load average (1, 5, 15 min) |\n|---|---|---|');
  for (const [what, seconds, avg] of rows) console.log(`| ${what} | ${seconds} | ${avg} |`);
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
