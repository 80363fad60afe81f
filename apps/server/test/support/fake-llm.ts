import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeLlmScript {
  tokens?: string[];
  /** Between tokens. */
  delayMs?: number;
  /** Before the first token. */
  firstDelayMs?: number;
  finishReason?: 'stop' | 'length';
  /** Answer this status with `errorBody` instead of a stream. */
  status?: number;
  errorBody?: string;
  /** Send a broken `data:` line after this many tokens. */
  malformedAfter?: number;
  /** Accept the request and never answer. */
  hang?: boolean;
}

export interface FakeLlm {
  /** `LLM_BASE_URL` for the app. */
  baseUrl: string;
  script: FakeLlmScript;
  requests: { body: { model: string; messages: { role: string; content: string }[]; stream: boolean } }[];
  /** When the last request's connection closed (ms since epoch), if it has. */
  lastClosedAt: number | undefined;
  close(): Promise<void>;
}

const chunk = (content: string | undefined, finish: string | null) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'fake',
    choices: [{ index: 0, delta: content === undefined ? {} : { content }, finish_reason: finish }],
  })}\n\n`;

/** An OpenAI-compatible chat server on loopback that streams what the test scripts, and records what it saw. */
export async function startFakeLlm(): Promise<FakeLlm> {
  const fake: FakeLlm = {
    baseUrl: '',
    script: {},
    requests: [],
    lastClosedAt: undefined,
    close: async () => {},
  };
  const server = http.createServer(async (req, res) => {
    let raw = '';
    for await (const part of req) raw += part;
    fake.requests.push({ body: JSON.parse(raw) });
    fake.lastClosedAt = undefined;
    res.on('close', () => (fake.lastClosedAt = Date.now()));
    const script = fake.script;
    if (script.hang) return;
    if (script.status) {
      res.writeHead(script.status, { 'content-type': 'application/json' });
      res.end(script.errorBody ?? JSON.stringify({ error: { message: 'fake failure' } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    if (script.firstDelayMs) await wait(script.firstDelayMs);
    const tokens = script.tokens ?? ['Hello', ' there'];
    for (const [index, token] of tokens.entries()) {
      if (res.destroyed) return;
      if (index > 0 && script.delayMs) await wait(script.delayMs);
      if (script.malformedAfter === index) {
        res.write('data: {not json\n\n');
        continue;
      }
      res.write(chunk(token, null));
    }
    if (res.destroyed) return;
    res.write(chunk(undefined, script.finishReason ?? 'stop'));
    res.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
