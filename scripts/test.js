#!/usr/bin/env node
// `npm test`: every test of the project. Three tracks run side by side, since no one of them keeps both cores
// busy (an API test waits on the databases and the network, a browser test on pages):
//   1. static checks: type checks of all TypeScript (API and libs; frontends and libs) and the OpenAPI check
//   2. jest: unit and component tests, then the API's HTTP tests on SQLite and on MariaDB
//   3. browser tests (playwright-core + Debian Chromium) against the built app with demo data, in two lanes,
//      once their builds are current (stale ones start at once) and the static checks have built the API
// then, once all three have ended, the browser tests that time the server (`e2e: alone`), with nothing beside them.
// jest's output streams as it comes; the other tracks print theirs when they end (a failing browser test's whole
// output, else each file's line). Each track prints its time, the CPU time its processes used (user + system, from
// /proc on Linux: where the time goes on a busy or small machine) and the tests it ran; jest's slowest files
// follow. A summary of the tracks precedes the last line, which counts every test of both runners:
// "Total: N passed, N failed". Any failing track fails the run (the others still finish, so one run shows every
// failure).
const { spawn } = require('node:child_process');
const { closeSync, mkdtempSync, openSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const root = join(__dirname, '..');
const { staleTargets } = require('./lib/build-freshness');
const { failuresIn, flakyIn } = require('./lib/failures');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const scratch = mkdtempSync(join(tmpdir(), 'cm-test-'));
const jestReport = join(scratch, 'jest.json');
const started = Date.now();
const elapsed = (since = started) => ((Date.now() - since) / 1000).toFixed(1);

/** The browser tests' builds (storefront, admin console, demo bundle; the API's is the OpenAPI check's). */
const BROWSER_BUILDS = ['storefront', 'admin', 'demo'];

/**
 * Runs a command through cpu-of.js, which answers the CPU time of the command and everything it started (a
 * run's CPU time can no longer be told from this process's total when tracks overlap). `output`: 'inherit'
 * streams it, 'capture' keeps standard output (errors stream), 'quiet' keeps both, or a file to write both to.
 * Answers the child and `done`, which settles with its exit code, its CPU seconds and what was kept.
 */
function run(command, args, { output = 'inherit', env = {}, detached = false } = {}) {
  const cpuFile = join(scratch, `cpu-${Math.random().toString(36).slice(2)}`);
  let fd;
  let stdio;
  if (output === 'inherit') stdio = 'inherit';
  else if (output === 'capture') stdio = ['ignore', 'pipe', 'inherit'];
  else if (output === 'quiet') stdio = ['ignore', 'pipe', 'pipe'];
  else {
    fd = openSync(output, 'w');
    stdio = ['ignore', fd, fd];
  }
  const child = spawn(process.execPath, [join(__dirname, 'lib', 'cpu-of.js'), cpuFile, command, ...args], {
    cwd: root,
    stdio,
    env: { ...process.env, ...env },
    // A process group of its own where asked, so that a stopped run ends what it started.
    detached,
  });
  if (fd !== undefined) closeSync(fd);
  const chunks = [];
  child.stdout?.on('data', (chunk) => chunks.push(chunk));
  child.stderr?.on('data', (chunk) => chunks.push(chunk));
  const done = new Promise((resolveDone) => {
    child.once('error', (error) => resolveDone({ status: 1, cpu: 0, output: String(error) }));
    child.once('close', (code, signal) => {
      let cpu = 0;
      try {
        cpu = Number(readFileSync(cpuFile, 'utf8'));
      } catch {
        // ended before it could say
      }
      resolveDone({ status: code ?? (signal ? 1 : 0), cpu, output: Buffer.concat(chunks).toString() });
    });
  });
  running.set(child, detached);
  return { child, done };
}

/** The ten test files that took longest (with their project), from jest's JSON report. */
function printSlowest(report) {
  const files = report.testResults
    .map((file) => ({ name: file.name.slice(root.length + 1), seconds: (file.endTime - file.startTime) / 1000, tests: file.assertionResults.length }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 10);
  console.log('\nSlowest test files (each engine\'s run of an API file counts apart):');
  for (const file of files) console.log(`  ${file.seconds.toFixed(1).padStart(6)} s  ${String(file.tests).padStart(3)} tests  ${file.name}`);
}

const describe = (tests) => (tests ? `${tests.passed} passed, ${tests.failed} failed${tests.skipped ? `, ${tests.skipped} skipped` : ''}` : 'no tests');

/** The counts in the browser tests' last line ("N passed, N failed"). */
function browserCounts(output) {
  const match = [...output.matchAll(/^(\d+) passed, (\d+) failed$/gm)].pop();
  return match ? { passed: Number(match[1]), failed: Number(match[2]) } : undefined;
}

/** Lines of the summary: name, start and end (seconds from the run's start), CPU seconds, tests, ok. */
const summary = [];
const counts = { passed: 0, failed: 0 };
/** Every failing test by name ("file › test"), listed at the end of the run. */
const failures = [];
/** Browser tests that failed in a lane and passed when their file ran again by itself: listed last, beside the failures. */
const flaky = [];
/** The run's processes (each with whether it leads a process group of its own), to end if the run is stopped. */
const running = new Map();

function record(name, since, { cpu, tests, ok }) {
  summary.push({ name, from: ((since - started) / 1000).toFixed(1), seconds: elapsed(since), cpu, tests, ok });
  if (tests) {
    counts.passed += tests.passed;
    counts.failed += tests.failed;
  }
  if (!ok && !tests?.failed) counts.failed += 1;
  console.log(`\n${ok ? '✔' : '✖'} ${name}: ${elapsed(since)} s, ${cpu.toFixed(1)} s CPU (${describe(tests)})`);
  return ok;
}

/** Starts `command` as one of the run's processes; answers its result once it ends. */
async function track(command, args, options) {
  const { child, done } = run(command, args, options);
  const result = await done;
  running.delete(child);
  return result;
}

/** Track 1: the three static checks, single-threaded and independent, side by side; each prints as it ends. */
async function staticChecks() {
  const since = Date.now();
  const checks = [
    { name: 'type check (API and libs)', command: bin('tsc'), args: ['-p', 'tsconfig.json', '--noEmit'] },
    { name: 'type check (frontends and libs)', command: bin('tsc'), args: ['-p', 'tsconfig.web.json'] },
    // Builds the API when it is stale (npm run build:api), which the browser tests then use.
    { name: 'OpenAPI document and client types match the code', command: process.execPath, args: [join(root, 'scripts', 'openapi', 'generate.mjs'), '--check'] },
  ];
  const results = await Promise.all(
    checks.map(async (check) => {
      const begun = Date.now();
      const result = await track(check.command, check.args, { output: 'quiet' });
      process.stdout.write(`\n${result.status === 0 ? '✔' : '✖'} ${check.name} (${elapsed(begun)} s)\n${result.output}`);
      return { ...check, ...result, seconds: elapsed(begun) };
    }),
  );
  const ok = record('static checks', since, { cpu: results.reduce((sum, r) => sum + r.cpu, 0), ok: results.every((r) => r.status === 0) });
  for (const r of results) summary.push({ name: `  ${r.name}`, seconds: r.seconds, cpu: r.cpu, ok: r.status === 0 });
  return ok;
}

/** Track 2: jest, its output streamed. */
async function jest() {
  const since = Date.now();
  console.log('▶ jest (unit, components, API on SQLite and MariaDB): output follows as it comes');
  const result = await track(bin('jest'), ['--ci', '--json', `--outputFile=${jestReport}`, ...process.argv.slice(2)]);
  let tests;
  try {
    const report = JSON.parse(readFileSync(jestReport, 'utf8'));
    printSlowest(report);
    tests = { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
    for (const file of report.testResults) {
      const name = file.name.slice(root.length + 1);
      const failed = file.assertionResults.filter((a) => a.status === 'failed');
      failures.push(...failed.map((a) => `${name} › ${a.fullName}`));
      // A file that failed before its tests ran (a syntax or set-up error) has no failing test to name.
      if (failed.length === 0 && file.status === 'failed') failures.push(`${name} (did not run: ${String(file.message).trim().split('\n')[0]})`);
    }
  } catch {
    // no report (jest did not get that far): its failure is counted by record
  }
  return record('jest (unit, components, API on SQLite and MariaDB)', since, { cpu: result.cpu, tests, ok: result.status === 0 });
}

/**
 * The browser tests' stale builds, started at once at normal priority (a fresh clone's browser tests wait for
 * them: they are the longest chain of the run); their output goes to a log printed only if one fails.
 */
function startBrowserBuilds() {
  const names = process.env.E2E_REBUILD ? BROWSER_BUILDS : staleTargets(BROWSER_BUILDS);
  if (names.length === 0) return Promise.resolve({ ok: true });
  const since = Date.now();
  const log = join(scratch, 'builds.log');
  console.log(`▷ building ${names.join(', ')} for the browser tests (log: shown on failure)`);
  return track(process.execPath, [join(root, 'scripts', 'lib', 'build-freshness.js'), 'rebuild', ...names], { output: log, detached: true }).then((result) => {
    const ok = result.status === 0;
    if (!ok) process.stdout.write(readFileSync(log, 'utf8'));
    summary.push({ name: `builds for the browser tests (${names.join(', ')})`, seconds: elapsed(since), cpu: result.cpu, ok });
    console.log(`\n${ok ? '✔' : '✖'} builds for the browser tests (${names.join(', ')}): ${elapsed(since)} s, ${result.cpu.toFixed(1)} s CPU`);
    return { ok };
  });
}

/**
 * One part of the browser tests (e2e/run.js with E2E_PART): each file's result line printed as it comes, the whole
 * output at its end when a test failed.
 */
async function browserTests(name, part) {
  const since = Date.now();
  console.log(`\n▶ ${name}`);
  const { child, done } = run(process.execPath, [join(root, 'e2e', 'run.js')], { output: 'capture', env: { E2E_PART: part } });
  let rest = '';
  child.stdout.on('data', (chunk) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop();
    // Each file's result line ("[lane] ✔ e2e/tests/…: N passed, N failed (s)"), and the parts' headings.
    for (const line of lines) if (/^(\[\d+\] )?[✔✖] e2e\/tests\//.test(line) || /^▶ /.test(line)) console.log(`  browser │ ${line}`);
  });
  const result = await done;
  running.delete(child);
  const tests = browserCounts(result.output);
  const flakyHere = flakyIn(result.output);
  failures.push(...failuresIn(result.output));
  flaky.push(...flakyHere);
  // A flaky test's first failure is in the output too: shown, so that it can be mended at its cause.
  if (result.status !== 0 || flakyHere.length > 0) process.stdout.write(`\n── ${name}: whole output ──\n${result.output}\n── end of ${name} ──\n`);
  return record(name, since, { cpu: result.cpu, tests, ok: result.status === 0 });
}

function stopAll() {
  for (const [child, detached] of running) {
    try {
      // A detached child leads a process group of its own: end all of it.
      if (detached) process.kill(-child.pid, 'SIGTERM');
      else child.kill('SIGTERM');
    } catch {
      // already gone
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    stopAll();
    process.exit(130);
  });
}

function finish(ok) {
  rmSync(scratch, { recursive: true, force: true });
  if (flaky.length > 0) console.log(`\nFlaky tests (failed in a lane, passed when their file ran again by itself):\n${flaky.map((name) => `  ⚠ ${name}`).join('\n')}`);
  if (failures.length > 0) console.log(`\nFailing tests:\n${failures.map((name) => `  ✖ ${name}`).join('\n')}`);
  console.log(`\nTracks (side by side; the timed browser tests after them), in ${elapsed()} s:`);
  for (const line of summary) {
    const cpu = line.cpu === null || line.cpu === undefined ? '' : `${line.cpu.toFixed(1).padStart(7)} s CPU  `;
    const from = line.from === undefined ? '        ' : `@${line.from.padStart(6)} `;
    console.log(`  ${line.ok ? '✔' : '✖'} ${line.name.padEnd(56)} ${from}${line.seconds.padStart(7)} s  ${cpu}${describe(line.tests)}`);
  }
  console.log(`\nTotal: ${counts.passed} passed, ${counts.failed} failed`);
  process.exit(ok ? 0 : 1);
}

async function main() {
  const builds = startBrowserBuilds();
  const checks = staticChecks();
  const unitAndApi = jest();
  // The browser tests need their builds and the API's (made by the OpenAPI check when stale).
  const browser = Promise.all([builds, checks]).then(([built, checked]) => {
    if (!built.ok || !checked) {
      console.log('\n✖ browser tests not run: a build or a static check failed');
      summary.push({ name: 'browser tests (not run: a build or a static check failed)', seconds: '0.0', cpu: 0, ok: false });
      counts.failed += 1;
      return false;
    }
    return browserTests('browser tests', 'shared');
  });
  const results = await Promise.all([checks, unitAndApi, browser]);
  if (!results.every(Boolean)) return finish(false);
  // With the cores to themselves: these time the server (the demo's listings within 5 s of health).
  finish(await browserTests('browser tests that time the server (by themselves)', 'alone'));
}

main();
