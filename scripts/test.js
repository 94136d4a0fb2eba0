#!/usr/bin/env node
// `npm test`: every test of the project, in order, stopping at the first failing stage.
//   1. type checks of all TypeScript (API and libs; frontends and libs)
//   2. jest: unit and component tests, then the API's HTTP tests on SQLite and on MariaDB
//   3. browser tests (playwright-core + Debian Chromium) against the built app with demo data
// Each stage prints its time and the tests it ran; a summary of the stages precedes the last line, which counts
// every test of both runners: "Total: N passed, N failed".
const { spawnSync } = require('node:child_process');
const { mkdtempSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const root = join(__dirname, '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const scratch = mkdtempSync(join(tmpdir(), 'cm-test-'));
const jestReport = join(scratch, 'jest.json');
const counts = { passed: 0, failed: 0 };
/** Per stage: name, seconds, and the tests it ran (none for the type checks). */
const summary = [];

const stages = [
  { name: 'type check (API and libs)', command: bin('tsc'), args: ['-p', 'tsconfig.json', '--noEmit'] },
  { name: 'type check (frontends and libs)', command: bin('tsc'), args: ['-p', 'tsconfig.web.json'] },
  { name: 'OpenAPI document and client types match the code', command: process.execPath, args: [join(root, 'scripts', 'openapi', 'generate.mjs'), '--check'] },
  {
    name: 'jest (unit, components, API on SQLite and MariaDB)',
    command: bin('jest'),
    args: ['--ci', '--json', `--outputFile=${jestReport}`, ...process.argv.slice(2)],
    count: () => {
      const report = JSON.parse(readFileSync(jestReport, 'utf8'));
      return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
    },
  },
  {
    name: 'browser tests',
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

const describe = (tests) => (tests ? `${tests.passed} passed, ${tests.failed} failed${tests.skipped ? `, ${tests.skipped} skipped` : ''}` : 'no tests');

function finish(code) {
  rmSync(scratch, { recursive: true, force: true });
  console.log('\nStages:');
  for (const stage of summary) console.log(`  ${stage.ok ? '✔' : '✖'} ${stage.name.padEnd(52)} ${stage.seconds.padStart(7)} s  ${describe(stage.tests)}`);
  console.log(`\nTotal: ${counts.passed} passed, ${counts.failed} failed`);
  process.exit(code);
}

for (const stage of stages) {
  const started = Date.now();
  console.log(`\n▶ ${stage.name}`);
  const result = spawnSync(stage.command, stage.args, {
    cwd: root,
    stdio: stage.capture ? ['inherit', 'pipe', 'inherit'] : 'inherit',
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = stage.capture ? result.stdout.toString() : '';
  if (stage.capture) process.stdout.write(output);
  let tests;
  try {
    tests = stage.count?.(output);
  } catch {
    // no report (the runner did not get that far): its failure is reported below
  }
  if (tests) {
    counts.passed += tests.passed;
    counts.failed += tests.failed;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  summary.push({ name: stage.name, seconds, tests, ok: result.status === 0 });
  if (result.status !== 0) {
    console.error(`✖ ${stage.name} failed after ${seconds} s (${describe(tests)})`);
    if (counts.failed === 0) counts.failed = 1;
    finish(result.status ?? 1);
  }
  console.log(`✔ ${stage.name} (${seconds} s, ${describe(tests)})`);
}
finish(0);
