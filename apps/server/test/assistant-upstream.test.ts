import { beforeEach, describe, expect, it } from 'vitest';
import { decodeChatStreamEvent, type ChatStreamEvent } from '@turtle/shared/chat-stream-events';
import { FAKE_MODEL, startFakeLlm } from './support/fake-llm';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { startTestServer } from './support/test-server';
import { useTestServer } from './support/use-test-server';

/**
 * The assistant as a self-hoster runs it: an upstream that serves only its own model name (like Ollama's
 * `llama3.1:8b`), with a key, and the faults real upstreams show. Every path (the stateless stream, the kept
 * conversation, the tutor) runs through the same code, so a fault tested on one is answered alike on all.
 */

const server = useTestServer({ fakeLlm: { models: ['qwen2.5:7b'] }, env: { LLM_FIRST_TOKEN_TIMEOUT_MS: '1000' } });
beforeEach(() => {
  server.fakeLlm.script = {};
  server.fakeLlm.requests = [];
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
    const other = await startFakeLlm();
    // The upstream serves only its own model; the server is configured with another name.
    const misconfigured = await startTestServer({ env: { ...other.env(), LLM_MODEL: 'llama3:70b' } });
    try {
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
    } finally {
      await misconfigured.close();
      await other.close();
    }
  });

  it('a stream that closes without a finish reason or [DONE] is cut off, not complete', async () => {
    server.fakeLlm.script = { tokens: ['Bonds', ' are'], cutOff: true };
    await expectFailedExchange("The assistant's answer was cut off before it ended. Please try again.");
  });

  it('a 200 answer that is not a stream (an HTML page) is a failure, not an empty complete reply', async () => {
    server.fakeLlm.script = { html: true };
    await expectFailedExchange(
      "The assistant's service sent an answer Turtle cannot read (not a stream). Check LLM_BASE_URL.",
    );
  });

  it('an answer with no text is a failure', async () => {
    server.fakeLlm.script = { tokens: [] };
    await expectFailedExchange('The assistant sent an empty answer. Please try again.');
  });

  it('a refused key says which setting to check', async () => {
    const other = await startFakeLlm();
    const wrongKey = await startTestServer({ env: { ...other.env(), LLM_API_KEY: 'sk-wrong' } });
    try {
      const user = await createUser(wrongKey.database.db, { name: 'Self-hoster' });
      const token = await createSessionToken(wrongKey.database.db, user.id);
      const res = await call(wrongKey.url, '/api/chat/stream', {
        json: { messages: [{ role: 'user', content: 'Hi' }] },
        cookie: token,
      });
      expect(eventsOf(res.text)).toEqual([
        { type: 'error', message: "The assistant's service refused Turtle's key (401). Check LLM_API_KEY." },
      ]);
    } finally {
      await wrongKey.close();
      await other.close();
    }
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
    controller.abort();
  });
});
