#!/usr/bin/env node
// Browser tests: builds what is missing, then runs e2e/tests/*.test.js with node's test runner (playwright-core +
// Debian Chromium: one browser for the run, a fresh context per test file) in lanes that run side by side. Each
// lane has its own API (with the storefront and admin builds) on a free port with a fresh data folder (SQLite with
// the demo data), so no file sees another lane's changes; a lane takes the next file from one queue when its last
// one ends, in name order, one at a time. A file that fails in a lane runs again by itself on a fresh server once
// the lanes end: it fails the run only if it fails again (then both runs' failures are printed; a file that passes
// the second time is listed as flaky). Prints "N passed, N failed" at the end.
//   E2E_LANES=n   lanes (default 2: the tests spend much of their time waiting on pages, a second lane fills it;
//                 1 runs every file against one server in order, as before)
//   E2E_ONLY=s    only the files whose name contains s
//   E2E_PART=shared|alone  only the files that run in the lanes, or only those marked `e2e: alone` (npm test runs
//                 the lanes beside jest, and the files that time the server once nothing else runs); default both
//   E2E_SCREENSHOTS=1 keeps the screenshots the tests take (e2e/screenshots/); without it only a failing test's
//                 pages are captured.
const { spawn, spawnSync } = require('node:child_process');
const { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { ensureBuilt, startApiServer } = require('../scripts/lib/api-server');
const { CHROMIUM_PATH, launchBrowserServer } = require('../scripts/lib/chromium');
const { FAILED_MARK, FLAKY_MARK } = require('../scripts/lib/failures');

const root = join(__dirname, '..');
/** A test file that measures time says so in its first lines (`e2e: alone`): it runs with no other file beside it. */
const ALONE = /e2e: alone/;

function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  console.log('▶ apt-get install -y chromium');
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', 'chromium']]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
}

function testFiles() {
  return readdirSync(join(__dirname, 'tests'))
    .filter((f) => f.endsWith('.test.js') && (!process.env.E2E_ONLY || process.env.E2E_ONLY.split(',').some((part) => f.includes(part))))
    .sort()
    .map((f) => join('e2e', 'tests', f));
}

/** Prints a child's output line by line, each line tagged with its lane when there is more than one. */
function pipeLines(stream, tag) {
  let rest = '';
  stream.on('data', (chunk) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop();
    for (const line of lines) process.stdout.write(`${tag}${line}\n`);
  });
  stream.on('end', () => rest && process.stdout.write(`${tag}${rest}\n`));
}

/** One test file through node's test runner against a lane's server; answers its pass and fail counts. */
async function runFile(file, { baseUrl, dataDir, wsEndpoint, tag }) {
  const tap = join(dataDir, `${file.replace(/\W+/g, '-')}.tap`);
  const child = spawn(
    process.execPath,
    ['--test', '--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=tap', `--test-reporter-destination=${tap}`, file],
    { cwd: root, env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_BROWSER_WS_ENDPOINT: wsEndpoint }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  pipeLines(child.stdout, tag);
  pipeLines(child.stderr, tag);
  const status = await new Promise((resolve) => child.once('close', (code) => resolve(code)));
  const report = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
  const passed = Number(/^# pass (\d+)/m.exec(report)?.[1] ?? 0);
  let failed = Number(/^# fail (\d+)/m.exec(report)?.[1] ?? 0) + Number(/^# cancelled (\d+)/m.exec(report)?.[1] ?? 0);
  if (status !== 0 && failed === 0) failed = 1;
  // The failing tests' names, for the summary at the end (a CI log may keep only its last lines).
  // A TAP line with a directive (` # SKIP`, ` # TODO`) does not count as a failure.
  const failures = [...new Set([...report.matchAll(/^\s*not ok \d+ - (.+)$/gm)].map((m) => m[1]).filter((name) => !/ # (SKIP|TODO)\b/.test(name)))];
  if (failed > 0 && failures.length === 0) failures.push('(the file ended before its tests reported)');
  return { passed, failed, failures };
}

/** A lane's server: the tests reload and navigate a lot from one address; the landing page shows a review count. */
const LANE_SERVER_ENV = { RATE_LIMIT_PER_MINUTE: '100000', REVIEWS_RATING: '4.8', REVIEWS_COUNT: '212' };

async function main() {
  ensureChromium();
  ensureBuilt();
  const queue = testFiles();
  const lanes = Math.max(1, Math.min(Number(process.env.E2E_LANES ?? 2) || 1, queue.length));
  const totals = { passed: 0, failed: 0 };
  /** "file › test" of every failing test, printed last; and of those that failed once, then passed (flaky). */
  const failing = [];
  const flaky = [];
  const servers = [];
  let browser;
  // Files that time the server (00-demo-start: listings within 5 s of health, on servers they start) run first,
  // by themselves: before the lanes' servers start, whose own demo import would slow them.
  const part = process.env.E2E_PART;
  if (part && part !== 'shared' && part !== 'alone') throw new Error(`E2E_PART must be "shared" or "alone", not "${part}"`);
  const marked = queue.filter((file) => ALONE.test(readFileSync(join(root, file), 'utf8').slice(0, 2000)));
  const alone = part === 'shared' ? [] : marked;
  const shared = part === 'alone' ? [] : queue.filter((file) => !marked.includes(file));
  const scratch = mkdtempSync(join(tmpdir(), 'cm-e2e-'));
  try {
    browser = await launchBrowserServer();
    /** Files of the lanes that failed there, with their failures: run again, one at a time, once the lanes end. */
    const again = [];
    /** Runs `files` (a queue the lanes share) on `server`; answers the files that failed and were not put aside to run again. */
    const run = async (server, lane, files, { retry = false } = {}) => {
      const tag = lanes > 1 && !retry ? `[${lane + 1}] ` : '';
      const failedFiles = [];
      for (let file = files.shift(); file; file = files.shift()) {
        const started = Date.now();
        const { passed, failed, failures } = await runFile(file, { ...server, wsEndpoint: browser.wsEndpoint(), tag });
        const took = `(${((Date.now() - started) / 1000).toFixed(1)} s)`;
        if (failed > 0 && server.baseUrl && !retry) {
          again.push({ file, failures });
          console.log(`${tag}✖ ${file}: ${passed} passed, ${failed} failed ${took}: runs again by itself once the lanes end`);
          continue;
        }
        totals.passed += passed;
        totals.failed += failed;
        failing.push(...failures.map((name) => `${file} › ${name}`));
        if (failed > 0) failedFiles.push(file);
        console.log(`${tag}${failed ? '✖' : '✔'} ${file}: ${passed} passed, ${failed} failed ${took}`);
      }
      return failedFiles;
    };
    if (alone.length) console.log(`▶ browser tests by themselves: ${alone.join(', ')}`);
    await run({ baseUrl: '', dataDir: scratch }, 0, alone);
    if (shared.length > 0) {
      servers.push(...(await Promise.all(Array.from({ length: lanes }, () => startApiServer({ env: LANE_SERVER_ENV })))));
      console.log(`▶ browser tests: ${shared.length} files in ${lanes} lane${lanes > 1 ? 's' : ''} (${servers.map((s) => s.baseUrl).join(', ')})`);
      await Promise.all(servers.map((server, lane) => run(server, lane, shared)));
      // A file that failed beside the other lane (and jest, under npm test) runs again with nothing else of this run
      // beside it: a wait that a busy machine outlasted passes then, and a real failure fails twice. Either way the
      // first run's failures are printed, as flaky when the second passes.
      if (again.length > 0) {
        console.log(`▶ browser tests that failed in the lanes, again one at a time: ${again.map((a) => a.file).join(', ')}`);
        // On a server of its own, with fresh demo data: the first run may have left its accounts and listings behind.
        const fresh = await startApiServer({ env: LANE_SERVER_ENV });
        servers.push(fresh);
        const failedAgain = new Set(await run(fresh, 0, again.map((a) => a.file), { retry: true }));
        flaky.push(...again.filter((a) => !failedAgain.has(a.file)).flatMap((a) => a.failures.map((name) => `${a.file} › ${name}`)));
      }
    }
  } finally {
    await browser?.close();
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(scratch, { recursive: true, force: true });
  }
  if (flaky.length > 0) console.log(`\nFlaky (failed in a lane, passed when run again by itself):\n${flaky.map((name) => `${FLAKY_MARK}${name}`).join('\n')}`);
  if (failing.length > 0) console.log(`\nFailed:\n${failing.map((name) => `${FAILED_MARK}${name}`).join('\n')}`);
  console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
  process.exit(totals.failed > 0 || totals.passed === 0 ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  console.log('\n0 passed, 1 failed');
  process.exit(1);
});
