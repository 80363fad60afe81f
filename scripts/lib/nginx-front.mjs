// nginx with deploy/nginx-turtle.conf in front of server processes on this machine, for the tests and the bench
// (Debian's nginx; .ci/run installs it). The site file is used as a self-hoster installs it: only its listen address
// and its upstream's server lines change, and each must be found where the file has it, so a reshaped file fails
// here rather than going untested.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './built-server.mjs';

const SITE_FILE = new URL('../../deploy/nginx-turtle.conf', import.meta.url);
export const NGINX = '/usr/sbin/nginx';
const UPSTREAM_SERVERS = /^( +)server 127\.0\.0\.1:3001 (.*)\n\1server 127\.0\.0\.1:3002 .*\n/m;

/** The deploy site listening on `listen`, its upstream the processes on `processPorts`. */
export async function siteFor(listen, processPorts) {
  let site = await fs.readFile(SITE_FILE, 'utf8');
  if (!site.includes('listen 80;')) throw new Error('deploy/nginx-turtle.conf no longer has "listen 80;"');
  site = site.replace('listen 80;', `listen 127.0.0.1:${listen};`);
  const servers = UPSTREAM_SERVERS.exec(site);
  if (!servers) throw new Error('deploy/nginx-turtle.conf no longer has its two upstream server lines');
  const [, indent, options] = servers;
  return site.replace(
    UPSTREAM_SERVERS,
    processPorts.map((port) => `${indent}server 127.0.0.1:${port} ${options}\n`).join(''),
  );
}

/**
 * nginx in the foreground with the deploy site, in a folder of its own; answers once a request reaches a process.
 * @param {number[]} processPorts
 * @returns {Promise<{ url: string, pid: number, stop(): Promise<void> }>}
 */
export async function startNginxFront(processPorts) {
  await fs.access(NGINX).catch(() => {
    throw new Error(`${NGINX} is missing: apt-get install nginx (.ci/run does)`);
  });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'turtle-nginx-'));
  const port = await freePort();
  await fs.writeFile(path.join(dir, 'turtle.conf'), await siteFor(port, processPorts));
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
    (kind) => `  ${kind}_temp_path ${dir}/${kind};`,
  );
  await fs.writeFile(
    path.join(dir, 'nginx.conf'),
    [
      'worker_processes 1;',
      `error_log ${dir}/error.log warn;`,
      `pid ${dir}/nginx.pid;`,
      'events { worker_connections 4096; }',
      'http {',
      '  access_log off;',
      ...temp,
      `  include ${dir}/turtle.conf;`,
      '}',
    ].join('\n'),
  );
  const child = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output}`);
    const reached = await fetch(`${url}/api/health`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (reached) break;
    if (Date.now() > deadline) throw new Error(`nginx did not reach the processes: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      child.kill('SIGQUIT');
      await exited;
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
