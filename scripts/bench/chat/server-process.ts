import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { SERVER_BUNDLE, SERVER_NODE_FLAGS } from '../../lib/build-app.mjs';
import { freePort } from '../../lib/built-server.mjs';

/**
 * A child process's CPU time (user + system, in µs; the system part alone, which is the kernel's work on its
 * sockets), resident memory now and its peak since it started (MB), read from /proc.
 */
export function processUsage(pid: number): {
  cpuMicros: number;
  systemMicros: number;
  rssMb: number;
  peakRssMb: number;
} {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  // Linux reports CPU time in clock ticks of 1/100 s.
  return {
    cpuMicros: ticks * 10_000,
    systemMicros: Number(fields[12]) * 10_000,
    rssMb: kb('VmRSS') / 1024,
    peakRssMb: kb('VmHWM') / 1024,
  };
}

export interface BenchServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** The built server as its own process (as `npm start` runs it, with its flags), answering once /api/health does. */
export async function startBenchServer(env: Record<string, string>): Promise<BenchServer> {
  const port = await freePort();
  // BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server under the bench's load.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, SERVER_BUNDLE], {
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** A script of this folder as its own process, which prints the port it listens on. */
async function startPortPrinter(file: string, args: string[] = []) {
  const child = spawn(process.execPath, [new URL(file, import.meta.url).pathname, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve) =>
    child.stdout!.once('data', (data) => resolve(Number(String(data)))),
  );
  const exited = new Promise((resolve) => child.on('exit', resolve));
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      child.kill();
      await exited;
    },
  };
}

/** The fake upstream as its own process; `script` sets the tokens per stream and their pace. */
export async function startFakeUpstream() {
  const { base, pid, stop } = await startPortPrinter('./fake-upstream.mjs');
  return {
    baseUrl: `${base}/v1`,
    pid,
    script: async (script: { tokens: number; delayMs: number }) => {
      await fetch(`${base}/__script`, { method: 'POST', body: JSON.stringify(script) });
    },
    stop,
  };
}

/** The bare relay (bare-relay.mjs) in front of `upstreamBaseUrl`, as its own process. */
export async function startBareRelay(upstreamBaseUrl: string): Promise<BenchServer> {
  const { base, pid, stop } = await startPortPrinter('./bare-relay.mjs', [upstreamBaseUrl]);
  return { url: base, pid, stop };
}
