// What the stream benchmark's client reads from: the fake upstream directly, the bare relay, and Turtle's built
// server on each database. Every one is read by the same client code (stream-client.ts), so their differences are
// what each server adds.
import { BENCH_MODEL } from './bench-model.mjs';
import type { BenchDatabase } from './bench-database';
import { seedPeople } from './bench-database';
import { startBareRelay, startBenchServer } from './server-process';
import { timeStream, type StreamTiming } from './stream-client';

export interface StreamTarget {
  name: string;
  /** The server's process, for its CPU and memory; none when the client reads the upstream directly. */
  pid?: number;
  /** One stream, as person `person` (0 to `people` - 1; each has at most one stream at a time). */
  stream(person: number): Promise<StreamTiming>;
  /** Before a burst: what a person's page asks before sending (Turtle: the chat's meter). */
  prepare(): Promise<void>;
  stop(): Promise<void>;
}

const JSON_HEADERS = { 'content-type': 'application/json' };

export function directTarget(upstreamBaseUrl: string): StreamTarget {
  const body = JSON.stringify({ model: BENCH_MODEL, messages: [], stream: true });
  return {
    name: 'direct',
    stream: () => timeStream(`${upstreamBaseUrl}/chat/completions`, { headers: JSON_HEADERS, body }),
    prepare: async () => {},
    stop: async () => {},
  };
}

const ASK = JSON.stringify({ messages: [{ role: 'user', content: 'Count.' }] });

export async function relayTarget(upstreamBaseUrl: string): Promise<StreamTarget> {
  const relay = await startBareRelay(upstreamBaseUrl);
  return {
    name: 'relay',
    pid: relay.pid,
    stream: () => timeStream(`${relay.url}/api/chat/stream`, { headers: JSON_HEADERS, body: ASK }),
    prepare: async () => {},
    stop: relay.stop,
  };
}

/** Turtle's built server on `database`, with `people` people signed in (seeded before it starts). */
export async function turtleTarget(
  database: BenchDatabase,
  upstreamBaseUrl: string,
  people: number,
): Promise<StreamTarget> {
  const sessions = await seedPeople(database.config, people);
  const server = await startBenchServer({
    ...database.env,
    LLM_BASE_URL: upstreamBaseUrl,
    LLM_API_KEY: 'sk-bench',
    LLM_MODEL: BENCH_MODEL,
    CHAT_FREE_DAILY_REPLIES: '100000',
  });
  const base = server.url;
  return {
    name: database.engine === 'pglite' ? 'Turtle on PGlite' : 'Turtle on PostgreSQL',
    pid: server.pid,
    stream: (person) =>
      timeStream(`${base}/api/chat/stream`, {
        headers: { ...JSON_HEADERS, origin: base, cookie: `sid=${sessions[person]}` },
        body: ASK,
      }),
    // Each person has the chat open, as before sending a message: the page asked for their meter.
    prepare: async () => {
      for (const sid of sessions) await fetch(`${base}/api/chat/usage`, { headers: { cookie: `sid=${sid}` } });
    },
    stop: async () => {
      await server.stop();
      await database.drop();
    },
  };
}
