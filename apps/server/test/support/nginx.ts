import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../../scripts/lib/built-server.mjs';

const SITE_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../deploy/nginx-turtle.conf');
const NGINX = '/usr/sbin/nginx';

export interface RunningNginx {
  url: string;
  stop(): Promise<void>;
}

/**
 * The site file of `deploy/` as a self-hoster installs it, with only its listen address and the two processes'
 * ports changed: each must be found where the file has it, so a reshaped file fails here rather than going untested.
 */
export async function siteFor(listen: number, processPorts: [number, number]): Promise<string> {
  let site = await fs.readFile(SITE_FILE, 'utf8');
  const replace = (from: string, to: string) => {
    if (!site.includes(from)) throw new Error(`deploy/nginx-turtle.conf no longer has "${from}"`);
    site = site.replace(from, to);
  };
  replace('listen 80;', `listen 127.0.0.1:${listen};`);
  replace('server 127.0.0.1:3001 ', `server 127.0.0.1:${processPorts[0]} `);
  replace('server 127.0.0.1:3002 ', `server 127.0.0.1:${processPorts[1]} `);
  return site;
}

/** nginx (Debian's package; `.ci/run` installs it) in the foreground with the deploy site, in a folder of its own. */
export async function startNginx(processPorts: [number, number]): Promise<RunningNginx> {
  await fs.access(NGINX).catch(() => {
    throw new Error(`${NGINX} is missing: apt-get install nginx (.ci/run does)`);
  });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'turtle-nginx-'));
  const port = await freePort();
  await fs.writeFile(path.join(dir, 'turtle.conf'), await siteFor(port, processPorts));
  await fs.writeFile(
    path.join(dir, 'nginx.conf'),
    [
      'worker_processes 1;',
      `error_log ${dir}/error.log warn;`,
      `pid ${dir}/nginx.pid;`,
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${dir}/${kind};`),
      `  include ${dir}/turtle.conf;`,
      '}',
    ].join('\n'),
  );
  const child = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output}`);
    const listening = await fetch(`${url}/api/health`).then(
      (res) => res.status !== 502,
      () => false,
    );
    if (listening) break;
    if (Date.now() > deadline) throw new Error(`nginx did not reach the processes: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async stop() {
      child.kill('SIGQUIT');
      await exited;
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
