#!/usr/bin/env node
// `npm test`: every test of the project, in order, stopping at the first failing stage.
//   1. type check of all TypeScript (API, libs, frontends)
//   2. jest: unit and component tests, then the API's HTTP tests on SQLite and on MariaDB
//   3. browser tests (playwright-core + Debian Chromium) against the built app, when present
const { spawnSync } = require('node:child_process');
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);

const stages = [
  ['type check (API and libs)', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']],
  ['type check (frontends and libs)', bin('tsc'), ['-p', 'tsconfig.web.json']],
  ['jest (unit, api on SQLite and MariaDB)', bin('jest'), ['--ci', ...process.argv.slice(2)]],
];
if (existsSync(join(root, 'e2e', 'run.js'))) stages.push(['browser tests', process.execPath, [join(root, 'e2e', 'run.js')]]);

for (const [name, command, args] of stages) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${name} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${seconds} s)`);
}
