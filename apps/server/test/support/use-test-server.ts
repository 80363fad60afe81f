import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startFakeLlm, type FakeLlm } from './fake-llm';
import { startFakeStripe, type FakeStripe } from './fake-stripe';
import { startTestServer, type TestServer } from './test-server';

type Env = Record<string, string | undefined>;

export interface TestServerOptions {
  /** Start a fake OpenAI-compatible upstream and point the app at it; `models` are served besides its own. */
  fakeLlm?: true | { models: string[] };
  /** Start a fake Stripe API and point the app's SDK at it. */
  fakeStripe?: true;
  /** The app's environment; a function is read when the server starts (for addresses known only then). */
  env?: Env | (() => Env);
  /** Serve these files (path → content) as the built web app, from a folder removed after. */
  webFiles?: Record<string, string | Uint8Array>;
  lessonsDir?: string;
  /** Receives the server's JSON log lines (set `LOG_LEVEL` in `env` to see more than nothing). */
  logDestination?: { write(line: string): void };
}

export interface UsedTestServer extends TestServer {
  /** The fake upstream (only with `fakeLlm`). */
  readonly fakeLlm: FakeLlm;
  /** The fake Stripe API (only with `fakeStripe`). */
  readonly fakeStripe: FakeStripe;
}

/** The app `withTestServer` gives its one test, and the fakes it asked for. */
export interface OneTestServer extends TestServer {
  fakeLlm?: FakeLlm;
  fakeStripe?: FakeStripe;
}

interface Started {
  server: TestServer;
  llm?: FakeLlm;
  stripe?: FakeStripe;
  stop(): Promise<void>;
}

/** The app with the fakes and files the options ask for; `stop` closes all of it. */
async function startWithFakes(options: TestServerOptions): Promise<Started> {
  const webDistDir = options.webFiles ? writeWebFiles(options.webFiles) : undefined;
  let llm: FakeLlm | undefined;
  let stripe: FakeStripe | undefined;
  let server: TestServer | undefined;
  const stop = async () => {
    await server?.close();
    await Promise.all([llm?.close(), stripe?.close()]);
    if (webDistDir) fs.rmSync(webDistDir, { recursive: true, force: true });
  };
  try {
    const env: Env = {};
    if (options.fakeLlm) {
      llm = await startFakeLlm();
      Object.assign(env, llm.env(options.fakeLlm === true ? [] : options.fakeLlm.models));
    }
    if (options.fakeStripe) {
      stripe = await startFakeStripe();
      Object.assign(env, stripe.env());
    }
    const { logDestination, lessonsDir } = options;
    const ownEnv = typeof options.env === 'function' ? options.env() : options.env;
    server = await startTestServer({ env: { ...env, ...ownEnv }, webDistDir, lessonsDir, logDestination });
  } catch (error) {
    await stop();
    throw error;
  }
  return { server, llm, stripe, stop };
}

/**
 * The real app for the tests of the enclosing `describe` (or file): started before them on a fresh database, with
 * the fakes it asks for, and closed after them. Read its fields inside tests and hooks, once it has started.
 */
export function useTestServer(options: TestServerOptions = {}): UsedTestServer {
  let started: Started | undefined;
  beforeAll(async () => {
    started = await startWithFakes(options);
  });
  afterAll(async () => {
    await started?.stop();
  });
  const running = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`useTestServer: ${what} is not there (not asked for, or not started yet)`);
    return value;
  };
  return {
    get url() {
      return running(started, 'the server').server.url;
    },
    get app() {
      return running(started, 'the server').server.app;
    },
    get database() {
      return running(started, 'the server').server.database;
    },
    get config() {
      return running(started, 'the server').server.config;
    },
    close: () => running(started, 'the server').server.close(),
    get fakeLlm() {
      return running(started?.llm, 'the fake LLM');
    },
    get fakeStripe() {
      return running(started?.stripe, 'the fake Stripe');
    },
  };
}

/**
 * An app of its own for one test, with other settings than the file's: started with the fakes it asks for, given to
 * `use`, and closed (with its fakes) when `use` ends, also when it fails.
 */
export async function withTestServer<T>(
  options: TestServerOptions,
  use: (server: OneTestServer) => Promise<T>,
): Promise<T> {
  const { server, llm, stripe, stop } = await startWithFakes(options);
  try {
    return await use({ ...server, fakeLlm: llm, fakeStripe: stripe });
  } finally {
    await stop();
  }
}

function writeWebFiles(files: Record<string, string | Uint8Array>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turtle-web-'));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}
