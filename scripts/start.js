#!/usr/bin/env node
// `npm start`: the product on this machine, from a fresh clone in about two minutes.
// 1. Builds what is stale (scripts/lib/build-freshness.js): the API, the storefront and the admin console side by
//    side (each build is mostly one thread: two of them use both cores).
// 2. A demo bundle that is not whole gets its listings at once (tools/demo `--listings-only`, a second or two).
// 3. Starts the server (`node --max-semi-space-size=32 dist/apps/api/main.js`, as `npm run start:prod`; the options: lib/server-node-options.js), which imports the demo data into an
//    empty database and shows the listings at once.
// 4. Beside it, at a low CPU priority, renders the demo photos (`npm run demo:build`, minutes of CPU on two
//    cores); the server attaches each photo as it is done (BundlePhotoFollower). A later start finds them done.
// Ctrl-C stops both. A production image never renders demo photos: it has no demo bundle and runs start:prod.
const { spawn, spawnSync } = require('node:child_process');
const { join } = require('node:path');
const { staleTargets } = require('./lib/build-freshness');
const { lowerSessionPriority } = require('./lib/priority');
const { SERVER_NODE_OPTIONS } = require('./lib/server-node-options');

const root = join(__dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? code})`))));
  });
}

async function main() {
  const started = Date.now();
  const stale = staleTargets();
  const scripts = { api: 'build:api', storefront: 'build:storefront', admin: 'build:admin' };
  const builds = stale.filter((name) => name in scripts);
  if (builds.length > 0) console.log(`▶ building ${builds.join(', ')}`);
  await Promise.all(builds.map((name) => run(npm, ['run', '--silent', scripts[name]])));

  const photosToCome = stale.includes('demo');
  if (photosToCome) {
    const listings = spawnSync(process.execPath, [require.resolve('tsx/cli'), 'tools/demo/src/build-bundle.ts', '--listings-only'], { cwd: root, stdio: 'inherit' });
    if (listings.status !== 0) throw new Error('the demo listings could not be written');
  }
  console.log(`▶ built in ${((Date.now() - started) / 1000).toFixed(0)} s; starting the server`);

  const server = spawn(process.execPath, [...SERVER_NODE_OPTIONS, 'dist/apps/api/main.js'], { cwd: root, stdio: 'inherit' });
  let renderer = null;
  if (photosToCome) {
    // A session of its own (its whole process tree stops with it), at a low priority: the server comes first. Not
    // the lowest (19): on a machine busy with other work the photos would wait for it to end (seen here at a load
    // average of 24: no photo in 12 minutes); at 10 they still come, at about a tenth of a nice-0 job's share.
    renderer = spawn(npm, ['run', '--silent', 'demo:build'], { cwd: root, stdio: 'inherit', detached: true });
    lowerSessionPriority(renderer.pid, 10);
    renderer.once('exit', (code) => {
      renderer = null;
      if (code !== 0 && code !== null) console.error(`The demo photos could not be rendered (exit ${code}): the listings stay without the missing ones. Run "npm run demo:build" to see why.`);
    });
  }
  const stopRenderer = () => {
    if (!renderer) return;
    try {
      process.kill(-renderer.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      stopRenderer();
      server.kill(signal);
    });
  }
  server.once('exit', (code, signal) => {
    stopRenderer();
    process.exit(code ?? (signal ? 1 : 0));
  });
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
