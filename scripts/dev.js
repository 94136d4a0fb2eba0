#!/usr/bin/env node
// `npm run dev`: the API in watch mode (port 3000) and both frontends' dev servers, behind one origin:
// open http://localhost:3001 — the storefront dev server proxies /api and /uploads to the API and
// /admin-app to the admin console's dev server (3002), which also runs standalone.
const { spawn } = require('node:child_process');
const { join } = require('node:path');

const root = join(__dirname, '..');
const processes = [
  ['api', 'npx', ['nest', 'start', 'api', '--watch'], {}],
  ['admin', 'npm', ['run', 'dev', '-w', '@app/admin'], {}],
  ['storefront', 'npm', ['run', 'dev', '-w', '@app/storefront'], { ADMIN_DEV_URL: 'http://localhost:3002' }],
];

const children = processes.map(([name, command, args, env]) => {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (stream, out) =>
    stream.on('data', (chunk) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) out.write(`[${name}] ${line}\n`);
    });
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  child.on('exit', (code) => {
    console.log(`[${name}] exited with ${code}`);
    shutdown(code ?? 1);
  });
  return child;
});

let stopping = false;
function shutdown(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
console.log('Dev servers starting: open http://localhost:3001 (API on 3000, admin console standalone on 3002)');
