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
  env?: Env;
  /** Serve these files (path → content) as the built web app, from a folder removed after. */
  webFiles?: Record<string, string>;
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

/**
 * The real app for the tests of the enclosing `describe` (or file): started before them on a fresh database, with
 * the fakes it asks for, and closed after them. Read its fields inside tests and hooks, once it has started.
 */
export function useTestServer(options: TestServerOptions = {}): UsedTestServer {
  let server: TestServer | undefined;
  let llm: FakeLlm | undefined;
  let stripe: FakeStripe | undefined;
  let webDistDir: string | undefined;
  beforeAll(async () => {
    if (options.webFiles) webDistDir = writeWebFiles(options.webFiles);
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
    server = await startTestServer({ env: { ...env, ...options.env }, webDistDir, lessonsDir, logDestination });
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([llm?.close(), stripe?.close()]);
    if (webDistDir) fs.rmSync(webDistDir, { recursive: true, force: true });
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`useTestServer: ${what} is not there (not asked for, or not started yet)`);
    return value;
  };
  return {
    get url() {
      return started(server, 'the server').url;
    },
    get app() {
      return started(server, 'the server').app;
    },
    get database() {
      return started(server, 'the server').database;
    },
    get config() {
      return started(server, 'the server').config;
    },
    close: () => started(server, 'the server').close(),
    get fakeLlm() {
      return started(llm, 'the fake LLM');
    },
    get fakeStripe() {
      return started(stripe, 'the fake Stripe');
    },
  };
}

function writeWebFiles(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turtle-web-'));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}
