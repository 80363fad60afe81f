// The chat stream's cost, as a deployment runs it: the built server in its own process (PGlite, and PostgreSQL when
// one answers), a fake OpenAI-compatible upstream in another, and this process as the client. Each figure is taken
// for the same client reading the upstream directly, through the bare relay (bare-relay.mjs: the least a Node server
// can do) and through Turtle, one after the other, in rounds; what each server adds is its figure minus the direct
// one of the same round, and the figures are the medians over the rounds.
import { pgliteBenchDatabase, postgresBenchDatabase, type BenchDatabase } from './bench-database';
import { processUsage, startFakeUpstream } from './server-process';
import { median, p99, type StreamTiming } from './stream-client';
import { directTarget, relayTarget, turtleTarget, type StreamTarget } from './stream-targets';

const TOKENS = 500;
const SEQUENTIAL_RUNS = 10;
const CONCURRENT = 200;
const PACES = [100, 500] as const;
/** Three by default; BENCH_STREAM_ROUNDS=1 for a quick look. */
const ROUNDS = Number(process.env.BENCH_STREAM_ROUNDS ?? 3);

export interface BurstFigures {
  tokensPerSecond: number;
  firstP99: number;
  wholeP99: number;
  /** Over the direct figure of the same round (0 for direct itself). */
  firstAdded: number;
  wholeAdded: number;
  /** Every stream of every round had all its tokens. */
  complete: boolean;
  /** The server's CPU time a relayed token, and the kernel's share of it. */
  cpuMicrosPerToken?: number;
  systemShare?: number;
}

export interface TargetFigures {
  name: string;
  /** One stream at a time, unpaced: the median time to the first token, and what it adds over direct. */
  firstToken: number;
  firstTokenAdded: number;
  bursts: BurstFigures[];
  memory?: { restMb: number; burstPeakMb: number; lifePeakMb: number };
}

export interface StreamBench {
  rounds: number;
  tokens: number;
  concurrent: number;
  targets: TargetFigures[];
  /** Targets that could not run, with why (no PostgreSQL). */
  skipped: { name: string; reason: string }[];
}

interface RoundFigures {
  firstToken: number;
  bursts: Omit<BurstFigures, 'firstAdded' | 'wholeAdded'>[];
}

/** Progress on stderr, so a slow machine's minutes are visibly spent on something. */
const began = performance.now();
const note = (what: string) =>
  process.stderr.write(`  [streams ${((performance.now() - began) / 1000).toFixed(0)} s] ${what}\n`);

async function withDatabase(database: BenchDatabase, upstream: string): Promise<StreamTarget> {
  note(`seeding ${CONCURRENT} people and starting Turtle on ${database.engine}`);
  try {
    return await turtleTarget(database, upstream, CONCURRENT);
  } catch (error) {
    await database.drop();
    throw error;
  }
}

export async function benchChatStreams(): Promise<StreamBench> {
  const upstream = await startFakeUpstream();
  const targets: StreamTarget[] = [directTarget(upstream.baseUrl)];
  const skipped: StreamBench['skipped'] = [];
  try {
    targets.push(await relayTarget(upstream.baseUrl));
    targets.push(await withDatabase(await pgliteBenchDatabase(), upstream.baseUrl));
    try {
      targets.push(await withDatabase(await postgresBenchDatabase(), upstream.baseUrl));
    } catch (error) {
      skipped.push({ name: 'Turtle on PostgreSQL', reason: (error as Error).message });
    }
    note('warming up');
    await warmUp(targets, upstream.script);
    const restMb = targets.map((target) => (target.pid ? processUsage(target.pid).rssMb : 0));
    const burstPeakMb = targets.map(() => 0);
    const rounds: RoundFigures[][] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      note(`round ${round + 1} of ${ROUNDS}`);
      rounds.push(await measureRound(targets, upstream.script, burstPeakMb));
    }
    return {
      rounds: ROUNDS,
      tokens: TOKENS,
      concurrent: CONCURRENT,
      skipped,
      targets: targets.map((target, index) => ({
        ...summarise(
          target.name,
          rounds.map((round) => round[index]!),
          rounds.map((round) => round[0]!),
        ),
        memory: target.pid
          ? { restMb: restMb[index]!, burstPeakMb: burstPeakMb[index]!, lifePeakMb: processUsage(target.pid).peakRssMb }
          : undefined,
      })),
    };
  } finally {
    for (const target of targets) await target.stop();
    await upstream.stop();
  }
}

type Script = (script: { tokens: number; delayMs: number }) => Promise<void>;

/**
 * Once at full width for each target: a running server has its connections (client, server, upstream) open, so the
 * measured bursts are not the cost of hundreds of TCP handshakes. Then a few whole streams each.
 */
async function warmUp(targets: StreamTarget[], script: Script) {
  await script({ tokens: 5, delayMs: 0 });
  for (const target of targets) {
    await target.prepare();
    await Promise.all(Array.from({ length: CONCURRENT }, (_, person) => target.stream(person)));
  }
  await script({ tokens: TOKENS, delayMs: 0 });
  for (let i = 0; i < 5; i += 1) for (const target of targets) await target.stream(i);
}

async function measureRound(targets: StreamTarget[], script: Script, burstPeakMb: number[]): Promise<RoundFigures[]> {
  await script({ tokens: TOKENS, delayMs: 0 });
  const sequential = targets.map((): StreamTiming[] => []);
  for (let i = 0; i < SEQUENTIAL_RUNS; i += 1) {
    for (const [index, target] of targets.entries()) sequential[index]!.push(await target.stream(i));
  }
  const figures: RoundFigures[] = sequential.map((runs) => ({
    firstToken: median(runs.map((run) => run.firstTokenMs)),
    bursts: [],
  }));
  for (const pace of PACES) {
    await script({ tokens: TOKENS, delayMs: 1000 / pace });
    for (const [index, target] of targets.entries()) {
      await target.prepare();
      figures[index]!.bursts.push(
        await burst(target, pace, (mb) => (burstPeakMb[index] = Math.max(burstPeakMb[index]!, mb))),
      );
      // What a server does after its streams (writing the replies' records) is not the next target's time.
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  return figures;
}

/** CONCURRENT streams at once through `target`, with its CPU over the burst and its memory every 50 ms. */
async function burst(target: StreamTarget, pace: number, seenMb: (mb: number) => void) {
  const pid = target.pid;
  const before = pid ? processUsage(pid) : undefined;
  const sampler = pid ? setInterval(() => seenMb(processUsage(pid).rssMb), 50) : undefined;
  const runs = await Promise.all(Array.from({ length: CONCURRENT }, (_, person) => target.stream(person)));
  clearInterval(sampler);
  const tokens = Math.max(
    1,
    runs.reduce((sum, run) => sum + run.tokens, 0),
  );
  const after = pid ? processUsage(pid) : undefined;
  if (after) seenMb(after.rssMb);
  const cpuMicros = before && after ? after.cpuMicros - before.cpuMicros : undefined;
  return {
    tokensPerSecond: pace,
    firstP99: p99(runs.map((run) => run.firstTokenMs)),
    wholeP99: p99(runs.map((run) => run.totalMs)),
    complete: runs.every((run) => run.tokens === TOKENS),
    cpuMicrosPerToken: cpuMicros === undefined ? undefined : cpuMicros / tokens,
    systemShare: cpuMicros ? (after!.systemMicros - before!.systemMicros) / cpuMicros : undefined,
  };
}

/** The medians over the rounds, each added time taken against the direct figure of its own round. */
function summarise(name: string, rounds: RoundFigures[], direct: RoundFigures[]): TargetFigures {
  const over = (pick: (round: RoundFigures) => number) =>
    median(rounds.map((round, index) => pick(round) - pick(direct[index]!)));
  return {
    name,
    firstToken: median(rounds.map((round) => round.firstToken)),
    firstTokenAdded: over((round) => round.firstToken),
    bursts: PACES.map((pace, b) => {
      const cpu = rounds.map((round) => round.bursts[b]!.cpuMicrosPerToken);
      const share = rounds.map((round) => round.bursts[b]!.systemShare);
      return {
        tokensPerSecond: pace,
        firstP99: median(rounds.map((round) => round.bursts[b]!.firstP99)),
        wholeP99: median(rounds.map((round) => round.bursts[b]!.wholeP99)),
        firstAdded: over((round) => round.bursts[b]!.firstP99),
        wholeAdded: over((round) => round.bursts[b]!.wholeP99),
        complete: rounds.every((round) => round.bursts[b]!.complete),
        cpuMicrosPerToken: cpu[0] === undefined ? undefined : median(cpu as number[]),
        systemShare: share[0] === undefined ? undefined : median(share as number[]),
      };
    }),
  };
}
