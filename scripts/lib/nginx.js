// Debian's nginx as a throw-away server for tests: a prefix folder of its own (config, pid, logs, temp
// files), in the foreground, on loopback. Used by `npm run test:cluster` (the load balancer) and by the
// browser test of the admin console served from its own origin.
const { spawn, spawnSync } = require('node:child_process');
const { mkdtempSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** Installs Debian's nginx when it is missing (CI installs it first; this covers a developer's machine). */
function ensureNginx() {
  if (spawnSync(NGINX, ['-v']).status === 0) return;
  console.log('▶ apt-get install -y nginx');
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', 'nginx']]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
}

/**
 * Starts nginx with `http` as the body of its http block (upstreams and servers) and waits until it
 * answers on `port`. Answers { stop, log }: stop() ends it and removes its folder; log() reads its error log.
 */
async function startNginx({ port, http }) {
  ensureNginx();
  const prefix = mkdtempSync(join(tmpdir(), 'cm-nginx-'));
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
${http}
}
`,
  );
  const child = spawn(NGINX, ['-p', prefix, '-c', conf], { stdio: ['ignore', 'ignore', 'inherit'] });
  const log = () => {
    try {
      return readFileSync(join(prefix, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    rmSync(prefix, { recursive: true, force: true });
  };
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with code ${child.exitCode}: ${log()}`);
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      break;
    } catch {
      if (Date.now() - started > 10_000) {
        stop();
        throw new Error(`nginx did not answer on ${port} within 10 s: ${log()}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { stop, log };
}

module.exports = { ensureNginx, startNginx };
