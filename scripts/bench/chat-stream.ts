// The chat stream's overhead: a fake OpenAI-compatible upstream emits 500 tokens; the same client reads it
// directly and through our server (`POST /api/chat/stream`). First-token time and tokens per second, one stream
// at a time and 200 at once, with the server's memory.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config/config';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { openDatabase } from '../../apps/server/src/db/open-database';
import { hashSessionToken, newSessionToken } from '../../apps/server/src/features/sessions/session-token';
import { insertSession } from '../../apps/server/src/features/sessions/sessions.repository';
import { insertUser } from '../../apps/server/src/features/user/users.repository';
import { createLogger } from '../../apps/server/src/logger';
import { startFakeLlm } from '../../apps/server/test/support/fake-llm';

const TOKENS = 500;
const SEQUENTIAL_RUNS = 10;
const CONCURRENT = 200;

interface StreamTiming {
  firstTokenMs: number;
  totalMs: number;
  tokens: number;
}

async function timeStream(url: string, init: RequestInit): Promise<StreamTiming> {
  const started = performance.now();
  const res = await fetch(url, init);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let firstTokenMs = -1;
  let tokens = 0;
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const events = buffer.split('\n\n');
    buffer = events.pop()!;
    for (const event of events) {
      if (!event.startsWith('data: ') || event === 'data: [DONE]') continue;
      const data = JSON.parse(event.slice(6)) as { token?: string; choices?: { delta: { content?: string } }[] };
      if (data.token || data.choices?.[0]?.delta.content) {
        tokens += 1;
        if (firstTokenMs < 0) firstTokenMs = performance.now() - started;
      }
    }
  }
  return { firstTokenMs, totalMs: performance.now() - started, tokens };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.99) - 1]!;

/** `delayMs` between upstream tokens: 0 measures raw capacity, 2 (500 tokens a second) a fast real model. */
export async function benchChatStream(delayMs: number) {
  const fake = await startFakeLlm();
  fake.script = { tokens: Array.from({ length: TOKENS }, (_, index) => `w${index} `), delayMs };
  const config = loadConfig({ LOG_LEVEL: 'silent', LLM_BASE_URL: fake.baseUrl });
  const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
  await runMigrations(database);
  // One person may run one stream at a time (and 40 a minute): each concurrent stream is another person's.
  const tokens: string[] = [];
  for (let index = 0; index < CONCURRENT; index += 1) {
    const user = await insertUser(database.db, { id: randomUUID(), name: 'Bench', email: `b-${randomUUID()}@x.test` });
    const token = newSessionToken();
    await insertSession(database.db, {
      id: hashSessionToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    tokens.push(token);
  }
  const app = await buildApp({ config, database, logger: createLogger('silent') });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const base = `http://127.0.0.1:${address.port}`;
  const body = JSON.stringify({ messages: [{ role: 'user', content: 'Count.' }], model: 'gpt-4.1-mini' });
  const direct = () =>
    timeStream(`${fake.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4.1-mini', messages: [], stream: true }),
    });
  const viaServer = (_: unknown, index = 0) =>
    timeStream(`${base}/api/chat/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie: `sid=${tokens[index]}` },
      body,
    });
  try {
    for (let i = 0; i < 5; i += 1) await Promise.all([direct(), viaServer(null, i)]); // warm-up
    const sequential = { direct: [] as StreamTiming[], server: [] as StreamTiming[] };
    for (let i = 0; i < SEQUENTIAL_RUNS; i += 1) {
      sequential.direct.push(await direct());
      sequential.server.push(await viaServer(null, i));
    }
    const rssBefore = process.memoryUsage().rss;
    const concurrentDirect = await Promise.all(Array.from({ length: CONCURRENT }, direct));
    const concurrentServer = await Promise.all(Array.from({ length: CONCURRENT }, viaServer));
    const rssAfter = process.memoryUsage().rss;
    const tokensPerSecond = (runs: StreamTiming[]) => median(runs.map((run) => run.tokens / (run.totalMs / 1000)));
    return {
      tokens: TOKENS,
      firstToken: {
        direct: median(sequential.direct.map((run) => run.firstTokenMs)),
        server: median(sequential.server.map((run) => run.firstTokenMs)),
      },
      tokensPerSecond: { direct: tokensPerSecond(sequential.direct), server: tokensPerSecond(sequential.server) },
      concurrent: {
        streams: CONCURRENT,
        p99Direct: p99(concurrentDirect.map((run) => run.totalMs)),
        p99Server: p99(concurrentServer.map((run) => run.totalMs)),
        allTokens: concurrentServer.every((run) => run.tokens === TOKENS),
        rssGrowthMb: (rssAfter - rssBefore) / 1024 / 1024,
      },
    };
  } finally {
    await app.close();
    await database.close();
    await fake.close();
  }
}
