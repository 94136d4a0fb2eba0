#!/usr/bin/env node
// `npm test`: every test of the project, in order, stopping at the first failing stage.
//   1. type checks of all TypeScript (API and libs; frontends and libs)
//   2. jest: unit and component tests, then the API's HTTP tests on SQLite and on MariaDB
//   3. browser tests (playwright-core + Debian Chromium) against the built app with demo data
// Each stage prints its time, the CPU time its processes used (user + system, from /proc on Linux: where the
// time goes on a busy or small machine) and the tests it ran; jest's slowest files follow its stage. A summary
// of the stages precedes the last line, which counts every test of both runners: "Total: N passed, N failed".
const { spawn } = require('node:child_process');
const { closeSync, mkdtempSync, openSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const root = join(__dirname, '..');
const { staleTargets } = require('./lib/build-freshness');
const { childCpuSeconds } = require('./lib/cpu-time');
const { lowerSessionPriority } = require('./lib/priority');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const scratch = mkdtempSync(join(tmpdir(), 'cm-test-'));
const jestReport = join(scratch, 'jest.json');
const counts = { passed: 0, failed: 0 };
/** Per stage: name, seconds, and the tests it ran (none for the type checks). */
const summary = [];
/** The background builds' line of the summary, once they end. */
let backgroundSummary = null;

/**
 * The browser tests' builds (storefront, admin console, demo bundle: the API's is the OpenAPI stage's) that are
 * stale start at once in the background, at the lowest CPU priority, and the browser stage waits for them:
 * they use the core the single-threaded type checks leave idle and the time jest's API tests spend waiting on
 * the databases, instead of running alone before the browser tests (about four minutes of a fresh clone's run).
 * Their output goes to a log that is printed only if one fails.
 */
const BACKGROUND_BUILDS = ['storefront', 'admin', 'demo'];
function startBackgroundBuilds() {
  const names = process.env.E2E_REBUILD ? BACKGROUND_BUILDS : staleTargets(BACKGROUND_BUILDS);
  if (names.length === 0) return null;
  const log = join(scratch, 'builds.log');
  console.log(`▷ building ${names.join(', ')} in the background for the browser tests (log: shown on failure)`);
  // To a file, not a pipe: nothing of it is shown unless it fails.
  const fd = openSync(log, 'w');
  // A process group of its own, so that a failed or interrupted run ends the builds it started (npm, webpack, the
  // demo tool's workers), not only their parent.
  const child = spawn(process.execPath, [join(root, 'scripts', 'lib', 'build-freshness.js'), 'rebuild', '--nice', ...names], {
    cwd: root,
    stdio: ['ignore', fd, fd],
    detached: true,
  });
  // `--nice` lowers the builder's nice value; its session's share of the CPU is lowered here (autogroups).
  lowerSessionPriority(child.pid, 19);
  closeSync(fd);
  const started = Date.now();
  const done = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      const output = readFileSync(log, 'utf8');
      // The builder's last line gives the CPU time its builds used, which is left out of the stage it ends in.
      backgroundCpu = Number(/^build cpu: ([\d.]+) s$/m.exec(output)?.[1] ?? 0);
      backgroundSummary = { seconds: ((Date.now() - started) / 1000).toFixed(1), cpu: backgroundCpu.toFixed(1), ok: code === 0 };
      resolve({ code: code ?? signal, log: output, names });
    }),
  );
  return { child, done, names };
}

const stages = [
  // The three static checks are single-threaded and independent: they run side by side (their output is
  // printed as each ends), and each line of the summary gives its own time.
  {
    name: 'static checks',
    parallel: [
      { name: 'type check (API and libs)', command: bin('tsc'), args: ['-p', 'tsconfig.json', '--noEmit'] },
      { name: 'type check (frontends and libs)', command: bin('tsc'), args: ['-p', 'tsconfig.web.json'] },
      { name: 'OpenAPI document and client types match the code', command: process.execPath, args: [join(root, 'scripts', 'openapi', 'generate.mjs'), '--check'] },
    ],
  },
  {
    name: 'jest (unit, components, API on SQLite and MariaDB)',
    command: bin('jest'),
    args: ['--ci', '--json', `--outputFile=${jestReport}`, ...process.argv.slice(2)],
    count: () => {
      const report = JSON.parse(readFileSync(jestReport, 'utf8'));
      printSlowest(report);
      return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
    },
  },
  {
    name: 'browser tests',
    // Waits for the background builds; e2e/run.js then finds them current (and builds whatever is still stale).
    before: async () => {
      if (!backgroundBuilds) return;
      const { code, log, names } = await backgroundBuilds.done;
      if (code !== 0) {
        process.stdout.write(log);
        throw new Error(`the background builds (${names.join(', ')}) failed with exit code ${code}`);
      }
    },
    command: process.execPath,
    args: [join(root, 'e2e', 'run.js')],
    // e2e/run.js ends with its own "N passed, N failed" line.
    capture: true,
    count: (output) => {
      const match = [...output.matchAll(/^(\d+) passed, (\d+) failed$/gm)].pop();
      return match ? { passed: Number(match[1]), failed: Number(match[2]) } : undefined;
    },
  },
];

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

/** Ends the background builds' whole process group, if they are still running. */
function stopBackgroundBuilds() {
  if (!backgroundBuilds || backgroundBuilds.child.exitCode !== null) return;
  try {
    process.kill(-backgroundBuilds.child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    stopBackgroundBuilds();
    process.exit(130);
  });
}

function finish(code) {
  stopBackgroundBuilds();
  rmSync(scratch, { recursive: true, force: true });
  console.log('\nStages:');
  if (backgroundSummary) summary.unshift({ name: `builds for the browser tests (${backgroundBuilds.names.join(', ')}; background)`, tests: undefined, ...backgroundSummary });
  for (const stage of summary) {
    const cpu = stage.cpu === null ? '' : `${stage.cpu.padStart(7)} s CPU  `;
    console.log(`  ${stage.ok ? '✔' : '✖'} ${stage.name.padEnd(52)} ${stage.seconds.padStart(7)} s  ${cpu}${describe(stage.tests)}`);
  }
  console.log(`\nTotal: ${counts.passed} passed, ${counts.failed} failed`);
  process.exit(code);
}

let backgroundBuilds = null;
/** CPU seconds of the background builds, reported by them when they end: not counted in the stage they end in. */
let backgroundCpu = 0;

/**
 * Runs one command; answers its exit code and what it printed: `capture` keeps its standard output (its errors
 * still stream), `quiet` keeps both (for checks that run side by side).
 */
function run(command, args, { capture = false, quiet = false } = {}) {
  return new Promise((resolve) => {
    const stdio = quiet ? ['ignore', 'pipe', 'pipe'] : capture ? ['inherit', 'pipe', 'inherit'] : 'inherit';
    const child = spawn(command, args, { cwd: root, stdio });
    const chunks = [];
    const errors = [];
    child.stdout?.on('data', (chunk) => chunks.push(chunk));
    child.stderr?.on('data', (chunk) => errors.push(chunk));
    child.once('error', (error) => resolve({ status: 1, output: String(error), errors: '' }));
    child.once('close', (code, signal) => resolve({ status: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString(), errors: Buffer.concat(errors).toString() }));
  });
}

function record(name, started, cpuBefore, tests, ok) {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const cpuAfter = childCpuSeconds();
  const cpu = cpuBefore === null || cpuAfter === null ? null : Math.max(0, cpuAfter - cpuBefore - backgroundCpu).toFixed(1);
  backgroundCpu = 0;
  summary.push({ name, seconds, cpu, tests, ok });
  return seconds;
}

function fail(name, seconds, tests, status) {
  console.error(`✖ ${name} failed after ${seconds} s (${describe(tests)})`);
  if (counts.failed === 0) counts.failed = 1;
  finish(status || 1);
}

async function main() {
  backgroundBuilds = startBackgroundBuilds();
  for (const stage of stages) {
    const started = Date.now();
    const cpuBefore = childCpuSeconds();
    console.log(`\n▶ ${stage.name}`);
    if (stage.parallel) {
      // CPU time is the group's (children are reaped in any order); each check's own line gives its wall time.
      const results = await Promise.all(
        stage.parallel.map(async (check) => {
          const begun = Date.now();
          const result = await run(check.command, check.args, { quiet: true });
          const seconds = ((Date.now() - begun) / 1000).toFixed(1);
          process.stdout.write(`\n${result.status === 0 ? '✔' : '✖'} ${check.name} (${seconds} s)\n${result.output}${result.errors}`);
          return { check, seconds, ok: result.status === 0 };
        }),
      );
      const seconds = record(stage.name, started, cpuBefore, undefined, results.every((r) => r.ok));
      for (const { check, seconds: own, ok } of results) summary.push({ name: `  ${check.name}`, seconds: own, cpu: null, ok });
      const failed = results.filter((r) => !r.ok);
      if (failed.length) fail(failed.map((r) => r.check.name).join('; '), seconds, undefined, 1);
      console.log(`✔ ${stage.name} (${seconds} s)`);
      continue;
    }
    if (stage.before) {
      try {
        await stage.before();
      } catch (error) {
        console.error(`✖ ${error.message}`);
        fail(stage.name, record(stage.name, started, cpuBefore, undefined, false), undefined, 1);
      }
    }
    const result = await run(stage.command, stage.args, { capture: Boolean(stage.capture) });
    if (stage.capture) process.stdout.write(result.output);
    let tests;
    try {
      tests = stage.count?.(result.output);
    } catch {
      // no report (the runner did not get that far): its failure is reported below
    }
    if (tests) {
      counts.passed += tests.passed;
      counts.failed += tests.failed;
    }
    const seconds = record(stage.name, started, cpuBefore, tests, result.status === 0);
    if (result.status !== 0) fail(stage.name, seconds, tests, result.status);
    console.log(`✔ ${stage.name} (${seconds} s, ${describe(tests)})`);
  }
  finish(0);
}

main();
