#!/usr/bin/env node
// `node cpu-of.js <file> <command> [args…]`: runs the command with this process's standard streams and exit code,
// then writes to <file> the CPU seconds (user + system) it and every process it waited for used. npm test runs
// its tracks side by side through it, where its own total of finished children can no longer tell them apart.
const { spawn } = require('node:child_process');
const { writeFileSync } = require('node:fs');
const { childCpuSeconds } = require('./cpu-time');

const [file, command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.once('error', (error) => {
  console.error(`${command}: ${error.message}`);
  process.exit(1);
});
child.once('exit', (code, signal) => {
  writeFileSync(file, String(childCpuSeconds() ?? 0));
  process.exit(code ?? (signal ? 1 : 0));
});
