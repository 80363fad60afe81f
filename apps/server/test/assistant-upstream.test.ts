import { beforeEach, describe, expect, it } from 'vitest';
import { decodeChatStreamEvent, type ChatStreamEvent } from '@turtle/shared/chat-stream-events';
import { SLOT_OVERDUE_AFTER_MS } from '../src/core/assistant/database-slots';
import { FAKE_MODEL } from './support/fake-llm';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { useTestServer, withTestServer } from './support/use-test-server';

/**
 * The assistant as a self-hoster runs it: an upstream that serves only its own model name (like Ollama's
 * `llama3.1:8b`), with a key, and the faults real upstreams show. Every path (the stateless stream, the kept
 * conversation, the tutor) runs through the same code, so a fault tested on one is answered alike on all.
 */

/** The server's JSON log lines at warn and above (what an operator is shown). */
const logLines: string[] = [];
const server = useTestServer({
  fakeLlm: { models: ['qwen2.5:7b'] },
  env: { LLM_FIRST_TOKEN_TIMEOUT_MS: '1000', LOG_LEVEL: 'warn' },
  logDestination: { write: (line) => void logLines.push(line) },
});
beforeEach(() => {
  server.fakeLlm.script = {};
  server.fakeLlm.requests = [];
  logLines.length = 0;
});

async function member() {
  const user = await createUser(server.database.db, { name: 'Learner' });
  return createSessionToken(server.database.db, user.id);
}

function eventsOf(text: string): ChatStreamEvent[] {
  const lines = text.split('\n\n').filter(Boolean);
  expect(lines.at(-1)).toBe('data: [DONE]');
  return lines.slice(0, -1).flatMap((line) => decodeChatStreamEvent(line.slice('data: '.length)) ?? []);
}

const usage = async (token: string) =>
  (await call(server.url, '/api/chat/usage', { cookie: token })).data as { used: number };

const CUT_OFF_MESSAGE = "The assistant's answer was cut off before it ended. Please try again.";
const NOT_A_STREAM_MESSAGE =
  "The assistant's service sent an answer Turtle cannot read (not a stream). Check LLM_BASE_URL.";
const TIMEOUT_MESSAGE = 'The assistant took too long to answer. Please try again.';

describe('the server owns the model', () => {
  it('tells the client the models it serves, its default first', async () => {
    const config = (await call(server.url, '/api/config')).data as { assistant: string; models: string[] };
    expect(config).toMatchObject({ assistant: 'openai', models: [FAKE_MODEL, 'qwen2.5:7b'] });
  });

  it('answers with the default when no model is named, and with the one chosen from the list', async () => {
    const token = await member();
    const ask = (model?: string) =>
      call(server.url, '/api/chat/stream', {
        json: { messages: [{ role: 'user', content: 'Hi' }], ...(model ? { model } : {}) },
        cookie: token,
      });
    expect(eventsOf((await ask()).text).at(-1)).toEqual({ type: 'finish', reason: 'stop' });
    expect(eventsOf((await ask('qwen2.5:7b')).text).at(-1)).toEqual({ type: 'finish', reason: 'stop' });
    expect(server.fakeLlm.requests.map((request) => request.body.model)).toEqual([FAKE_MODEL, 'qwen2.5:7b']);
  });
});

describe('upstream faults end as failures: shown, refunded, nothing kept as complete', () => {
  const send = (token: string) =>
    call(server.url, '/api/chat/send', { json: { message: { content: 'Tell me about bonds' } }, cookie: token });

  async function expectFailedExchange(message: string) {
    const token = await member();
    const res = await send(token);
    const events = eventsOf(res.text);
    expect(events.at(-1)).toEqual({ type: 'error', message });
    const meta = events.find((event) => event.type === 'meta');
    if (meta?.type !== 'meta') throw new Error('no meta event');
    const conversation = (
      await call(server.url, `/api/chat/conversations/get?id=${meta.meta.conversation.id}`, { cookie: token })
    ).data as { conversation: { messages: { role: string }[] } };
    // product.md: a failed reply adds no message; the question stays.
    expect(conversation.conversation.messages.map((m) => m.role)).toEqual(['user']);
    expect(await usage(token)).toMatchObject({ used: 0 });
  }

  it('a configured model the upstream does not have (404 model_not_found) names the model', async () => {
    // The upstream serves only its own model; the server is configured with another name.
    await withTestServer({ fakeLlm: true, env: { LLM_MODEL: 'llama3:70b' } }, async (misconfigured) => {
      const user = await createUser(misconfigured.database.db, { name: 'Self-hoster' });
      const token = await createSessionToken(misconfigured.database.db, user.id);
      const res = await call(misconfigured.url, '/api/chat/stream', {
        json: { messages: [{ role: 'user', content: 'Hi' }] },
        cookie: token,
      });
      expect(eventsOf(res.text)).toEqual([
        {
          type: 'error',
          message:
            'The assistant\'s service does not have the model "llama3:70b". Check the server\'s LLM_MODEL setting (for Ollama: ollama pull llama3:70b).',
        },
      ]);
      expect((await call(misconfigured.url, '/api/chat/usage', { cookie: token })).data).toMatchObject({ used: 0 });
    });
  });

  it('a stream that closes without a finish reason or [DONE] is cut off, not complete', async () => {
    server.fakeLlm.script = { tokens: ['Bonds', ' are'], cutOff: true };
    await expectFailedExchange(CUT_OFF_MESSAGE);
  });

  it('a 200 answer that is not a stream (an HTML page) is a failure, not an empty complete reply', async () => {
    server.fakeLlm.script = { html: true };
    await expectFailedExchange(NOT_A_STREAM_MESSAGE);
  });

  it('an answer with no text is a failure', async () => {
    server.fakeLlm.script = { tokens: [] };
    await expectFailedExchange('The assistant sent an empty answer. Please try again.');
  });

  it('a refused key says which setting to check', async () => {
    await withTestServer({ fakeLlm: true, env: { LLM_API_KEY: 'sk-wrong' } }, async (wrongKey) => {
      const user = await createUser(wrongKey.database.db, { name: 'Self-hoster' });
      const token = await createSessionToken(wrongKey.database.db, user.id);
      const res = await call(wrongKey.url, '/api/chat/stream', {
        json: { messages: [{ role: 'user', content: 'Hi' }] },
        cookie: token,
      });
      expect(eventsOf(res.text)).toEqual([
        { type: 'error', message: "The assistant's service refused Turtle's key (401). Check LLM_API_KEY." },
      ]);
    });
  });
});

const tutorBody = {
  fullScript: 'Bonds pay interest. Stocks are shares.',
  currentSentence: 'Bonds pay interest.',
  messages: [{ role: 'user', content: 'Why?' }],
};
const askTutor = (token: string, accept?: string) =>
  call(server.url, '/api/lesson/chat', { json: tutorBody, cookie: token, headers: accept ? { accept } : {} });
const streamStateless = (token: string) =>
  call(server.url, '/api/chat/stream', { json: { messages: [{ role: 'user', content: 'Hi' }] }, cookie: token });

describe.each([
  ['a stream cut off without a finish reason or [DONE]', { tokens: ['Bonds', ' are'], cutOff: true }, CUT_OFF_MESSAGE],
  ['a 200 answer that is not a stream (an HTML page)', { html: true }, NOT_A_STREAM_MESSAGE],
])('%s fails alike on the stateless routes: shown, refunded, never a finish', (_fault, script, message) => {
  it('the tutor asked for JSON answers 502 with the message', async () => {
    const token = await member();
    server.fakeLlm.script = script;
    const res = await askTutor(token);
    expect(res.status).toBe(502);
    expect(res.data).toEqual({ code: 'unavailable', message });
    expect(await usage(token)).toMatchObject({ used: 0 });
  });

  it('the tutor asked for a stream ends with an error event', async () => {
    const token = await member();
    server.fakeLlm.script = script;
    const events = eventsOf((await askTutor(token, 'text/event-stream')).text);
    expect(events.at(-1)).toEqual({ type: 'error', message });
    expect(events.some((event) => event.type === 'finish')).toBe(false);
    expect(await usage(token)).toMatchObject({ used: 0 });
  });

  it('the stateless stream ends with an error event', async () => {
    const token = await member();
    server.fakeLlm.script = script;
    const events = eventsOf((await streamStateless(token)).text);
    expect(events.at(-1)).toEqual({ type: 'error', message });
    expect(events.some((event) => event.type === 'finish')).toBe(false);
    expect(await usage(token)).toMatchObject({ used: 0 });
  });
});

describe('an upstream that never sends a first token', () => {
  it('ends the reply with the timeout message, refunds it, and logs it at warn for the operator', async () => {
    const token = await member();
    server.fakeLlm.script = { hang: true };
    const events = eventsOf((await streamStateless(token)).text);
    expect(events).toEqual([{ type: 'error', message: TIMEOUT_MESSAGE }]);
    expect(await usage(token)).toMatchObject({ used: 0 });
    const logged = logLines.map((line) => JSON.parse(line) as { level: number; msg: string; model?: string });
    expect(logged.filter((line) => line.msg === 'the assistant sent no first token in time')).toEqual([
      expect.objectContaining({ level: 40, model: FAKE_MODEL, firstToken: true }),
    ]);
  });
});

describe('checks overlap the upstream call', () => {
  it('a request refused by the checks after its upstream call started still gets a plain JSON 429', async () => {
    const user = await createUser(server.database.db, { name: 'Busy' });
    const token = await createSessionToken(server.database.db, user.id);
    server.fakeLlm.script = { tokens: Array.from({ length: 30 }, (_, i) => `t${i} `), delayMs: 50 };
    const controller = new AbortController();
    const first = await fetch(`${server.url}/api/chat/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, cookie: `sid=${token}` },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'Hi' }] }),
      signal: controller.signal,
    });
    await first.body!.getReader().read();
    const second = await call(server.url, '/api/chat/stream', {
      json: { messages: [{ role: 'user', content: 'Again' }] },
      cookie: token,
    });
    expect(second.status).toBe(429);
    expect(second.headers.get('content-type')).toContain('application/json');
    // The first reply is being written and may end any moment: ask again within a heartbeat (decision 014).
    const retryAfter = Number(second.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(SLOT_OVERDUE_AFTER_MS / 1000);
    controller.abort();
  });
});
