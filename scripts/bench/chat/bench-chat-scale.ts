// Several built server processes on PostgreSQL and Redis behind nginx with deploy/nginx-turtle.conf, as a deployment
// runs them (README.md "Behind a load balancer"): 400 streams at once at a hosted model's pace, through one, two and
// four processes, each burst beside the same burst read from the upstream directly. What the processes add is the
// burst's p99 less the direct one's; a second process should lower it, as long as the machine has cores to spare.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { startNginxFront } from '../../lib/nginx-front.mjs';
import { BENCH_MODEL } from './bench-model.mjs';
import { postgresBenchDatabase, seedPeople } from './bench-database';
import { processUsage, startBenchServer, startFakeUpstream, type BenchServer } from './server-process';
import { p99, timeStream, type StreamTiming } from './stream-client';
import { directTarget } from './stream-targets';

const STREAMS = 400;
const TOKENS = 200;
const PACE = 100;
const PROCESS_COUNTS = [1, 2, 4] as const;

export interface ScaleFigures {
  processes: number;
  firstP99: number;
  wholeP99: number;
  firstAdded: number;
  wholeAdded: number;
  complete: boolean;
  /** The processes' resident memory together at the burst's end, and nginx's. */
  serversRssMb: number;
  nginxRssMb: number;
}

export type ScaleBench =
  { streams: number; tokens: number; pace: number; figures: ScaleFigures[] } | { skipped: string };

const ASK = JSON.stringify({ messages: [{ role: 'user', content: 'Count.' }] });

async function burst(stream: (person: number) => Promise<StreamTiming>) {
  const runs = await Promise.all(Array.from({ length: STREAMS }, (_, person) => stream(person)));
  return {
    firstP99: p99(runs.map((run) => run.firstTokenMs)),
    wholeP99: p99(runs.map((run) => run.totalMs)),
    complete: runs.every((run) => run.tokens === TOKENS),
  };
}

export async function benchChatScale(): Promise<ScaleBench> {
  if (!process.env.REDIS_URL) return { skipped: 'REDIS_URL is not set (the processes share their limits in Redis)' };
  let database;
  try {
    database = await postgresBenchDatabase();
  } catch (error) {
    return { skipped: `no PostgreSQL: ${(error as Error).message}` };
  }
  const upstream = await startFakeUpstream();
  const direct = directTarget(upstream.baseUrl);
  const figures: ScaleFigures[] = [];
  try {
    const sessions = await seedPeople(database.config, STREAMS);
    for (const count of PROCESS_COUNTS) {
      const env = {
        ...database.env,
        REDIS_URL: process.env.REDIS_URL,
        REDIS_KEY_PREFIX: `turtle-bench-${randomUUID()}:`,
        TRUST_PROXY: 'loopback',
        LLM_BASE_URL: upstream.baseUrl,
        LLM_API_KEY: 'sk-bench',
        LLM_MODEL: BENCH_MODEL,
        CHAT_FREE_DAILY_REPLIES: '100000',
      };
      const servers: BenchServer[] = await Promise.all(Array.from({ length: count }, () => startBenchServer(env)));
      const front = await startNginxFront(servers.map((server) => Number(new URL(server.url).port)));
      try {
        const throughFront = (person: number) =>
          timeStream(`${front.url}/api/chat/stream`, {
            headers: { 'content-type': 'application/json', origin: front.url, cookie: `sid=${sessions[person]}` },
            body: ASK,
          });
        // Warm: every connection (client, nginx, processes, upstream) open before the measured burst.
        await upstream.script({ tokens: 5, delayMs: 0 });
        await burst(throughFront);
        await upstream.script({ tokens: TOKENS, delayMs: 1000 / PACE });
        const baseline = await burst(direct.stream);
        const measured = await burst(throughFront);
        figures.push({
          processes: count,
          ...measured,
          firstAdded: measured.firstP99 - baseline.firstP99,
          wholeAdded: measured.wholeP99 - baseline.wholeP99,
          serversRssMb: servers.reduce((sum, server) => sum + processUsage(server.pid).rssMb, 0),
          nginxRssMb: processUsage(front.pid).rssMb,
        });
      } finally {
        await front.stop();
        for (const server of servers) await server.stop();
      }
    }
  } finally {
    await upstream.stop();
    await database.drop();
  }
  return { streams: STREAMS, tokens: TOKENS, pace: PACE, figures };
}

export function printChatScale(bench: ScaleBench) {
  if ('skipped' in bench) {
    console.log(`\nChat streams behind nginx: skipped, ${bench.skipped}.`);
    return;
  }
  console.log(
    `\nChat streams behind nginx (deploy/nginx-turtle.conf), Turtle on PostgreSQL and Redis: ${bench.streams} streams ` +
      `at once, ${bench.tokens} tokens each at ${bench.pace} tokens/s; added over the same burst read directly, and as ` +
      'a ratio to one process.',
  );
  const one = bench.figures[0]!;
  for (const f of bench.figures) {
    const ratio = (value: number, anchor: number) => (anchor > 0 ? (value / anchor).toFixed(2) : '—');
    console.log(
      `  ${String(f.processes).padStart(2)} process${f.processes > 1 ? 'es' : '  '}: p99 first token +${f.firstAdded.toFixed(0)} ms ` +
        `(${ratio(f.firstAdded, one.firstAdded)}×), p99 whole stream +${f.wholeAdded.toFixed(0)} ms ` +
        `(${ratio(f.wholeAdded, one.wholeAdded)}×); RSS of the processes ${f.serversRssMb.toFixed(0)} MB, nginx ` +
        `${f.nginxRssMb.toFixed(0)} MB${f.complete ? '' : '; SOME STREAMS INCOMPLETE'}`,
    );
  }
  console.log(
    `  (${os.availableParallelism()} cores here: processes beyond them share the cores with the client, nginx and ` +
      'the upstream)',
  );
}
