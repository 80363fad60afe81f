import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseChildMessage, type OptimizerInput, type OptimizerOutcome, type TestFault } from './optimizer-protocol';

/** What one fit may take before it is stopped. */
export interface FitLimits {
  timeoutMs: number;
  /** The child's resident memory (V8's heap, native code's allocations, everything), watched every 250 ms. */
  maxRssBytes: number;
  /** V8's heap in the child (`--max-old-space-size`); past it V8 itself ends the child. */
  maxHeapMb: number;
}

/** How a fit ended: an outcome, or why not, said for the learner (`message`) and for the log (`detail`). */
export type FitEnd = { kind: 'done'; outcome: OptimizerOutcome } | { kind: 'failed'; message: string; detail?: string };

export interface FitProcess {
  ended: Promise<FitEnd>;
  /** Ends the child if it is still there (a cancel, or the run is over). */
  stop(): void;
}

const CRASHED = 'The fit crashed before it finished. Nothing was changed; try again later.';
const UNREADABLE = 'The fit answered something unreadable. Nothing was changed; try again later.';
const NOT_STARTED = 'The fit could not start. Nothing was changed; try again later.';
const tooLong = (ms: number) =>
  `The fit took longer than ${ms < 60_000 ? `${Math.ceil(ms / 1000)} seconds` : `${Math.round(ms / 60_000)} minutes`} ` +
  'and was stopped. Nothing was changed; try again later.';
const tooBig = (bytes: number) =>
  `The fit needed more than ${Math.round(bytes / 2 ** 20)} MB of memory and was stopped. Nothing was changed.`;
/** What V8 prints when the heap limit is reached (it then aborts). */
const HEAP_EXHAUSTED = /heap out of memory|Reached heap limit/i;
const WATCH_EVERY_MS = 250;
const STDERR_KEPT = 4_000;

/** A process's resident memory in bytes, from /proc (Linux); undefined where it cannot be read. */
function residentBytes(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The child's file beside this one: the bundle's own entry once built (`dist/optimizer-child.js`, beside
 * `dist/server.js`); from source (tests, dev), the TypeScript file run through tsx's loader.
 */
function childCommand(limits: FitLimits): { file: string; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  const file = fileURLToPath(new URL(`./optimizer-child.${fromSource ? 'ts' : 'js'}`, import.meta.url));
  // Set, not inherited: the server's own flags (an inspector, a profiler, a loader) are not the child's.
  const execArgv = [`--max-old-space-size=${limits.maxHeapMb}`];
  if (fromSource) execArgv.unshift('--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href);
  return { file, execArgv };
}

/** The child gets only what it needs of the environment: none of the server's secrets. */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'NODE_ENV'] as const) {
    if (process.env[name] !== undefined) env[name] = process.env[name];
  }
  return env;
}

/** Children still running, ended if the server process exits first (they end by themselves when it goes, too). */
const live = new Set<ChildProcess>();
let exitHookSet = false;

/**
 * Fits in a child process (decision 013): a native abort or crash there, a hang, a memory blow-up or an answer that
 * does not parse ends the child and makes a failed fit, never a failed server. `onProgress` gets the child's phase
 * and a 0-1 progress. Never rejects.
 */
export function startFit(
  input: OptimizerInput,
  options: { limits: FitLimits; fault?: TestFault; onProgress: (phase: string, progress: number) => void },
): FitProcess {
  const { limits } = options;
  let settle!: (end: FitEnd) => void;
  const ended = new Promise<FitEnd>((resolve) => (settle = resolve));
  let child: ChildProcess;
  try {
    const { file, execArgv } = childCommand(limits);
    child = fork(file, [], {
      execArgv,
      env: childEnv(),
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
  } catch (error) {
    return { ended: Promise.resolve({ kind: 'failed', message: NOT_STARTED, detail: String(error) }), stop: () => {} };
  }
  live.add(child);
  if (!exitHookSet) {
    exitHookSet = true;
    process.once('exit', () => live.forEach((running) => running.kill('SIGKILL')));
  }

  let over = false;
  let stderr = '';
  const timers: NodeJS.Timeout[] = [];
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const finish = (end: FitEnd) => {
    if (over) return;
    over = true;
    timers.forEach(clearTimeout);
    settle(end);
  };
  const failAndKill = (message: string, detail: string) => {
    finish({ kind: 'failed', message, detail });
    kill();
  };

  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-STDERR_KEPT)));
  child.on('message', (raw: unknown) => {
    if (over) return;
    const message = parseChildMessage(raw);
    if (!message) return failAndKill(UNREADABLE, 'the optimizer child sent a message that does not parse');
    if (message.type === 'progress') options.onProgress(message.phase, message.progress);
    else if (message.type === 'done') finish({ kind: 'done', outcome: message.outcome });
    else finish({ kind: 'failed', message: `The fit failed: ${message.message} Nothing was changed.` });
  });
  child.on('error', (error) => failAndKill(NOT_STARTED, `the optimizer child could not start: ${error.message}`));
  child.on('exit', () => live.delete(child));
  // 'close' comes after the exit and after the last message, so an answer sent just before exiting is read first.
  child.on('close', (code, signal) => {
    const how = signal ? `signal ${signal}` : `exit code ${code}`;
    const detail = `the optimizer child ended with ${how} before answering${stderr ? `: ${stderr.trim()}` : ''}`;
    finish({
      kind: 'failed',
      message: HEAP_EXHAUSTED.test(stderr) ? tooBig(limits.maxHeapMb * 2 ** 20) : CRASHED,
      detail,
    });
  });

  timers.push(
    setTimeout(
      () => failAndKill(tooLong(limits.timeoutMs), `the optimizer child ran past ${limits.timeoutMs} ms`),
      limits.timeoutMs,
    ),
    setInterval(() => {
      const rss = child.pid === undefined ? undefined : residentBytes(child.pid);
      if (rss !== undefined && rss > limits.maxRssBytes) {
        failAndKill(tooBig(limits.maxRssBytes), `the optimizer child reached ${Math.round(rss / 2 ** 20)} MB`);
      }
    }, WATCH_EVERY_MS),
  );
  timers.forEach((timer) => timer.unref());
  // A fit in flight must not keep a stopping server alive; its run is then seen as lost.
  child.unref();
  child.channel?.unref();
  (child.stderr as { unref?: () => void }).unref?.();
  child.send({ type: 'start', input, fault: options.fault }, (error) => {
    if (error) failAndKill(CRASHED, `the log could not be sent to the optimizer child: ${error.message}`);
  });
  return {
    ended,
    stop: () => {
      finish({ kind: 'failed', message: CRASHED, detail: 'stopped' });
      kill();
    },
  };
}
