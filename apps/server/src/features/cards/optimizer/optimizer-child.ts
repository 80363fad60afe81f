// The optimizer's child process (decision 013): fits FSRS weights to one learner's log with fsrs-rs's native
// code, in a process of its own, so a panic, a hang or a memory blow-up there ends this process and never the
// server's. The server forks it (`fit-process.ts`; an entry of its own in the server bundle), sends the log in one
// message, reads progress and one answer, and kills it on a cancel, past the time limit or past the memory limit.
// It writes nothing anywhere, and ends when the server goes.
import { evaluateOptimization } from './fit';
import type { ChildMessage, StartMessage, TestFault } from './optimizer-protocol';

if (!process.send) {
  console.error('The optimizer child is started by the server (child_process.fork), not on its own.');
  process.exit(2);
}

const send = (message: ChildMessage) =>
  new Promise<void>((resolve) => {
    process.send!(message, undefined, undefined, () => resolve());
  });
/** Progress at most every 200 ms (fsrs-rs reports far more often), and at each new phase. */
let lastPhase = '';
let lastSentAt = 0;
const report = (phase: string, progress: number) => {
  const now = Date.now();
  if (phase === lastPhase && now - lastSentAt < 200) return;
  lastPhase = phase;
  lastSentAt = now;
  process.send!({ type: 'progress', phase, progress } satisfies ChildMessage);
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the tests make the child do instead of fitting: each is a way a fit has failed or could fail. */
async function testFault(fault: TestFault): Promise<never> {
  report('Reading your reviews', 0.02);
  if (fault === 'abort') {
    // As fsrs-rs's panic did: an abort, after long enough for the tests to call the server meanwhile.
    await sleep(1_500);
    process.abort();
  }
  if (fault === 'garbage') process.send!({ type: 'done', outcome: { weights: 'all of them' } });
  if (fault === 'bloat') {
    // Memory outside V8's heap (as native code's is), until the server's watchdog ends this process.
    const hoard: Buffer[] = [];
    for (let total = 0; total < 4 * 1024; total += 32) {
      hoard.push(Buffer.alloc(32 * 1024 * 1024, 1));
      await sleep(10);
    }
  }
  if (fault === 'heap') {
    // JavaScript objects, until V8's own heap limit (`--max-old-space-size`) ends this process.
    const hoard: number[][] = [];
    for (;;) {
      hoard.push(Array.from({ length: 1_000_000 }, (_, index) => index + 0.5));
      await sleep(1);
    }
  }
  // 'hang', and whatever is left: never answer.
  return new Promise<never>(() => setInterval(() => {}, 60_000));
}

async function run({ input, fault }: StartMessage) {
  if (fault && process.env.NODE_ENV === 'test') await testFault(fault);
  try {
    await send({ type: 'done', outcome: await evaluateOptimization(input, report) });
  } catch (error) {
    await send({ type: 'failed', message: (error instanceof Error ? error.message : String(error)).slice(0, 500) });
  }
  process.exit(0);
}

// The server is gone (stopped, or killed): nobody is waiting for the answer.
process.on('disconnect', () => process.exit(0));
process.once('message', (message: StartMessage) => void run(message));
