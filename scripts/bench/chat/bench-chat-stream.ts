// The chat stream's overhead, as a deployment runs it: the built server in its own process (PGlite or PostgreSQL),
// a fake OpenAI-compatible upstream in another, and this process as the client. Every figure is measured beside
// the same client reading the upstream directly in the same run; the difference is what Turtle adds.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseConfig } from '../../../apps/server/src/config/config';
import { runMigrations } from '../../../apps/server/src/db/migrate';
import { openDatabase } from '../../../apps/server/src/db/open-database';
import { hashSessionToken, newSessionToken } from '../../../apps/server/src/core/identity/session-token';
import { insertSession } from '../../../apps/server/src/core/identity/sessions.repository';
import { insertUser } from '../../../apps/server/src/core/identity/users.repository';
import { BENCH_MODEL } from './bench-model.mjs';
import { processUsage, startBenchServer, startFakeUpstream } from './server-process';
import { median, p99, timeStream, type StreamTiming } from './stream-client';

const TOKENS = 500;
const SEQUENTIAL_RUNS = 10;
const CONCURRENT = 200;

export interface ConcurrentFigures {
  tokensPerSecond: number;
  firstToken: { direct: number; server: number };
  whole: { direct: number; server: number };
  complete: boolean;
  cpuMicrosPerToken: number;
  /** The share of that CPU time spent in the kernel (the server's socket reads and writes). */
  systemShare: number;
  /** The same burst's CPU a token in the other two processes, which share the machine's cores with the server. */
  clientMicrosPerToken: number;
  upstreamMicrosPerToken: number;
}

export interface ChatStreamFigures {
  engine: string;
  firstToken: { direct: number; server: number };
  tokensPerSecond: { direct: number; server: number };
  cpuMicrosPerToken: number;
  concurrent: ConcurrentFigures[];
  peakRssMb: number;
}

/** A database for the run: PGlite in a temporary folder, or a throwaway PostgreSQL database. */
async function benchDatabase(engine: 'pglite' | 'postgres') {
  if (engine === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turtle-bench-'));
    return {
      config: { kind: 'pglite', dataDir: path.join(dir, 'data') } as DatabaseConfig,
      env: { DATA_DIR: path.join(dir, 'data') },
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `turtle_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = `${adminUrl.slice(0, adminUrl.lastIndexOf('/'))}/${name}`;
  return {
    config: { kind: 'postgres', url } as DatabaseConfig,
    env: { DATABASE_URL: url },
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** One person per concurrent stream (one stream at a time each), signed in with a session made in the database. */
async function seedPeople(config: DatabaseConfig, count: number): Promise<string[]> {
  const database = await openDatabase(config);
  try {
    await runMigrations(database);
    const tokens: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const user = await insertUser(database.db, {
        id: randomUUID(),
        name: 'Bench',
        email: `b-${randomUUID()}@x.test`,
      });
      const token = newSessionToken();
      await insertSession(database.db, {
        id: hashSessionToken(token),
        userId: user.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      });
      tokens.push(token);
    }
    return tokens;
  } finally {
    await database.close();
  }
}

export async function benchChatStream(engine: 'pglite' | 'postgres'): Promise<ChatStreamFigures> {
  const database = await benchDatabase(engine);
  const upstream = await startFakeUpstream();
  let server: Awaited<ReturnType<typeof startBenchServer>> | undefined;
  try {
    const people = await seedPeople(database.config, CONCURRENT);
    server = await startBenchServer({
      ...database.env,
      LLM_BASE_URL: upstream.baseUrl,
      LLM_API_KEY: 'sk-bench',
      LLM_MODEL: BENCH_MODEL,
      CHAT_FREE_DAILY_REPLIES: '100000',
    });
    const base = server.url;
    const pid = server.pid;
    const direct = () =>
      timeStream(`${upstream.baseUrl}/chat/completions`, {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: BENCH_MODEL, messages: [], stream: true }),
      });
    const viaServer = (person: number) =>
      timeStream(`${base}/api/chat/stream`, {
        headers: { 'content-type': 'application/json', origin: base, cookie: `sid=${people[person]}` },
        body: JSON.stringify({ messages: [{ role: 'user', content: 'Count.' }] }),
      });
    /** Runs `streams` through the server, answering their timings and the server's CPU µs per relayed token. */
    const measured = async (streams: () => Promise<StreamTiming[]>) => {
      const before = processUsage(pid);
      const upstreamBefore = processUsage(upstream.pid);
      const clientBefore = process.cpuUsage();
      const runs = await streams();
      const client = process.cpuUsage(clientBefore);
      const after = processUsage(pid);
      const upstreamAfter = processUsage(upstream.pid);
      const tokens = Math.max(
        1,
        runs.reduce((sum, run) => sum + run.tokens, 0),
      );
      const cpuMicros = after.cpuMicros - before.cpuMicros;
      return {
        runs,
        cpuMicrosPerToken: cpuMicros / tokens,
        systemShare: (after.systemMicros - before.systemMicros) / Math.max(1, cpuMicros),
        clientMicrosPerToken: (client.user + client.system) / tokens,
        upstreamMicrosPerToken: (upstreamAfter.cpuMicros - upstreamBefore.cpuMicros) / tokens,
      };
    };

    // Each person has the chat open, as before sending a message: the page asked for their meter.
    const openChats = async () => {
      for (const person of people) await fetch(`${base}/api/chat/usage`, { headers: { cookie: `sid=${person}` } });
    };
    await openChats();
    // Warm-up, once at full width too: a running server has its connections (client, server, upstream) open, so
    // the concurrent figures are not the cost of 600 TCP handshakes in their first burst.
    await upstream.script({ tokens: 5, delayMs: 0 });
    await Promise.all(Array.from({ length: CONCURRENT }, (_, person) => Promise.all([direct(), viaServer(person)])));
    await upstream.script({ tokens: TOKENS, delayMs: 0 });
    for (let i = 0; i < 5; i += 1) await Promise.all([direct(), viaServer(i)]);
    const sequentialDirect: StreamTiming[] = [];
    const sequentialServer: StreamTiming[] = [];
    // The server is idle while the client reads the upstream directly: its CPU over the loop is its streams'.
    const cpuBefore = processUsage(pid).cpuMicros;
    for (let i = 0; i < SEQUENTIAL_RUNS; i += 1) {
      sequentialDirect.push(await direct());
      sequentialServer.push(await viaServer(i));
    }
    const cpuMicros =
      (processUsage(pid).cpuMicros - cpuBefore) / sequentialServer.reduce((sum, run) => sum + run.tokens, 0);
    const tokensPerSecond = (runs: StreamTiming[]) => median(runs.map((run) => run.tokens / (run.totalMs / 1000)));

    const concurrent: ConcurrentFigures[] = [];
    for (const pace of [100, 500]) {
      await upstream.script({ tokens: TOKENS, delayMs: 1000 / pace });
      await openChats();
      const directRuns = await Promise.all(Array.from({ length: CONCURRENT }, direct));
      const { runs, ...cpu } = await measured(() =>
        Promise.all(Array.from({ length: CONCURRENT }, (_, person) => viaServer(person))),
      );
      concurrent.push({
        tokensPerSecond: pace,
        firstToken: {
          direct: p99(directRuns.map((r) => r.firstTokenMs)),
          server: p99(runs.map((r) => r.firstTokenMs)),
        },
        whole: { direct: p99(directRuns.map((r) => r.totalMs)), server: p99(runs.map((r) => r.totalMs)) },
        complete: runs.every((run) => run.tokens === TOKENS),
        ...cpu,
      });
    }
    return {
      engine: engine === 'pglite' ? 'PGlite' : 'PostgreSQL',
      firstToken: {
        direct: median(sequentialDirect.map((run) => run.firstTokenMs)),
        server: median(sequentialServer.map((run) => run.firstTokenMs)),
      },
      tokensPerSecond: { direct: tokensPerSecond(sequentialDirect), server: tokensPerSecond(sequentialServer) },
      cpuMicrosPerToken: cpuMicros,
      concurrent,
      peakRssMb: processUsage(pid).peakRssMb,
    };
  } finally {
    await server?.stop();
    upstream.stop();
    await database.drop();
  }
}
