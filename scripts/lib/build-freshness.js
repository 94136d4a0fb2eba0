#!/usr/bin/env node
// Which builds are current: each build output carries a hash of the sources it was built from (the content of
// every file git lists under those paths, tracked or new, and not ignored), written beside the output by its
// build script (`node scripts/lib/build-freshness.js build <target> <command…>` runs the command, then stamps
// the hash the sources had when it started). A build whose stored hash differs from its sources' hash now, or
// that has none, is stale. Outside a git checkout (the Docker build) nothing is stamped.
const { spawnSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const { existsSync, readFileSync, writeFileSync } = require('node:fs');
const { dirname, join } = require('node:path');

const root = join(__dirname, '..', '..');

/** Lock file and shared build settings: a change there can change every output. */
const COMMON = ['package-lock.json', 'package.json', 'libs'];

/** Each build: its npm script, the sources it reads, and the files it makes (a stamp goes beside each). */
const TARGETS = {
  // The API's build reads apps/api/src only (its HTTP tests and benches are not part of it).
  api: {
    script: 'build:api',
    sources: [...COMMON, 'apps/api/src', 'apps/api/package.json', 'apps/api/tsconfig.app.json', 'apps/api/webpack.config.js', 'tsconfig.json', 'nest-cli.json'],
    outputs: ['dist/apps/api/main.js'],
  },
  storefront: {
    script: 'build:storefront',
    sources: [...COMMON, 'apps/storefront', 'webpack.config.base.js', 'tsconfig.web.json', 'tsconfig.json', 'types'],
    outputs: ['apps/storefront/dist/index.html', 'apps/storefront/dist-server/render.js'],
  },
  admin: { script: 'build:admin', sources: [...COMMON, 'apps/admin', 'webpack.config.base.js', 'tsconfig.web.json', 'tsconfig.json', 'types'], outputs: ['apps/admin/dist/remoteEntry.js'] },
  demo: { script: 'demo:build', sources: [...COMMON, 'tools/demo', 'tsconfig.json'], outputs: ['tools/demo/bundle/bundle.json'] },
};

const STAMP = '.source-hash';
const stampOf = (output) => join(root, dirname(output), STAMP);

/** sha256 over the path and content of every file git lists under the target's sources (a deleted file counts as such). */
function sourceHash(name) {
  const { sources } = TARGETS[name];
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...sources], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  const files = [...new Set(listed.stdout.split('\0').filter(Boolean))].sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file).update('\0');
    const path = join(root, file);
    hash.update(existsSync(path) ? readFileSync(path) : 'deleted').update('\0');
  }
  return hash.digest('hex');
}

/** Targets whose outputs are missing or were built from other sources than the ones in the checkout now. */
function staleTargets(names = Object.keys(TARGETS)) {
  return names.filter((name) => {
    const current = sourceHash(name);
    return TARGETS[name].outputs.some((output) => !existsSync(join(root, output)) || !existsSync(stampOf(output)) || readFileSync(stampOf(output), 'utf8').trim() !== current);
  });
}

/** After a successful build: records the sources' hash (as they were when it started) beside each of its outputs. */
function stamp(name, hash = sourceHash(name)) {
  const target = TARGETS[name];
  const missing = target.outputs.filter((output) => !existsSync(join(root, output)));
  if (missing.length) throw new Error(`the ${name} build did not make ${missing.join(', ')}`);
  for (const output of target.outputs) writeFileSync(stampOf(output), `${hash}\n`);
}

/** Runs a target's build command (arguments as given) and stamps its outputs when it succeeds; answers its exit code. */
function build(name, command, args) {
  if (!TARGETS[name]) throw new Error(`unknown build target "${name}" (${Object.keys(TARGETS).join(', ')})`);
  let hash;
  try {
    hash = sourceHash(name);
  } catch (error) {
    console.warn(`build-freshness: no source hash for ${name} (${error.message.split('\n')[0]}); its outputs are not stamped`);
  }
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.error) throw result.error;
  if (result.status === 0 && hash) stamp(name, hash);
  return result.status ?? 1;
}

/** Rebuilds (by their npm scripts, which stamp them) the targets that are stale, or all of them with `force`. */
function rebuildStale({ force = false, names } = {}) {
  const stale = force ? names ?? Object.keys(TARGETS) : staleTargets(names);
  for (const name of stale) {
    console.log(`▶ npm run ${TARGETS[name].script} (${name}: ${force ? 'rebuild asked for' : 'sources changed since its build'})`);
    const result = spawnSync('npm', ['run', TARGETS[name].script], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`npm run ${TARGETS[name].script} failed (${result.status})`);
  }
  return stale;
}

module.exports = { TARGETS, sourceHash, staleTargets, stamp, build, rebuildStale };

if (require.main === module) {
  const [command, name, ...rest] = process.argv.slice(2);
  if (command === 'build' && rest.length > 0) process.exit(build(name, rest[0], rest.slice(1)));
  else if (command === 'stale') console.log(staleTargets().join('\n'));
  else if (command === 'rebuild') {
    // `rebuild [--nice] [targets…]`: rebuilds the stale ones of the targets (all by default); `--nice` runs the
    // builds at the lowest CPU priority (their processes inherit it), beside work that should keep the cores.
    const args = [name, ...rest].filter((arg) => arg !== undefined);
    if (args.includes('--nice')) require('node:os').setPriority(19);
    const names = args.filter((arg) => arg !== '--nice');
    let code = 0;
    try {
      rebuildStale({ names: names.length ? names : undefined });
    } catch (error) {
      console.error(error.message);
      code = 1;
    }
    // The CPU time of the builds (this process's and its finished children's, from /proc/self/stat on Linux),
    // which `npm test` counts apart from the stage they ran beside.
    const children = require('./cpu-time').childCpuSeconds();
    const own = process.cpuUsage();
    if (children !== null) console.log(`build cpu: ${(children + (own.user + own.system) / 1e6).toFixed(1)} s`);
    process.exit(code);
  } else {
    console.error('usage: build-freshness.js build <api|storefront|admin|demo> <command> [args…] | stale | rebuild [--nice] [targets…]');
    process.exit(2);
  }
}
