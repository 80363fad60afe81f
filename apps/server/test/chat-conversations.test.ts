import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { insertNote } from '../src/core/notes/notes.repository';
import {
  answer,
  chunksOf,
  conversationCalls,
  message,
  tokens,
  untilFirstToken,
  waitFor,
} from './support/conversations';
import { call } from './support/http';
import { useTestServer } from './support/use-test-server';

const server = useTestServer({ fakeLlm: true, env: { LLM_FIRST_TOKEN_TIMEOUT_MS: '1000' } });
beforeEach(() => {
  server.fakeLlm.script = {};
  server.fakeLlm.requests = [];
});
const { member, send, getConversation } = conversationCalls(server);

describe('kept conversations', () => {
  it('needs a session', async () => {
    expect((await call(server.url, '/api/chat/send', { json: message('Hi') })).status).toBe(401);
    expect((await call(server.url, '/api/chat/conversations')).status).toBe(401);
    expect((await call(server.url, '/api/chat/stop', { json: { conversationId: 'x' } })).status).toBe(401);
  });

  it('saves a new conversation: the meta chunk first, the reply streamed and kept', async () => {
    const { cookie } = await member();
    server.fakeLlm.script = { tokens: ['Hel', 'lo'] };
    const res = await send(cookie, message('What is compound interest, and why does it matter so much over time?'));
    expect(res.status).toBe(200);
    const chunks = chunksOf(await res.text());
    const meta = chunks[0]!.meta!;
    expect(chunks[0]).toMatchObject({ token: '', finish_reason: null });
    expect(meta.conversation.title).toBe('What is compound interest, and why does it matter so much\u2026');
    expect(meta.userMessage).toMatchObject({ role: 'user', status: 'complete', htmlContent: expect.any(String) });
    expect(chunks.slice(1).map((chunk) => [chunk.token, chunk.finish_reason])).toEqual([
      ['Hel', null],
      ['lo', null],
      ['', 'stop'],
    ]);

    const conversation = await getConversation(cookie, meta.conversation.id);
    expect(conversation.messages.map(({ role, content, status }) => ({ role, content, status }))).toEqual([
      {
        role: 'user',
        content: 'What is compound interest, and why does it matter so much over time?',
        status: 'complete',
      },
      { role: 'assistant', content: 'Hello', status: 'complete' },
    ]);
    expect(conversation.messages[1]!.id).toBe(meta.assistantMessageId);
    expect(Object.keys(conversation).sort()).toEqual(['createdAt', 'id', 'messages', 'title', 'updatedAt']);
  });

  it('continues a conversation with its history, and lists conversations by latest activity', async () => {
    const { cookie } = await member();
    server.fakeLlm.script = { tokens: ['one'] };
    const first = chunksOf(await (await send(cookie, message('First chat'))).text())[0]!.meta!;
    const second = chunksOf(await (await send(cookie, message('Second chat'))).text())[0]!.meta!;
    server.fakeLlm.script = { tokens: ['two'] };
    await (await send(cookie, { ...message('Follow-up'), conversationId: first.conversation.id })).text();
    expect(server.fakeLlm.requests.at(-1)!.body.messages.slice(1)).toEqual([
      { role: 'user', content: 'First chat' },
      { role: 'assistant', content: 'one' },
      { role: 'user', content: 'Follow-up' },
    ]);
    const list = answer(await call(server.url, '/api/chat/conversations', { cookie })).conversations!;
    expect(list.map((conversation) => conversation.id)).toEqual([first.conversation.id, second.conversation.id]);
  });

  it('renames and deletes, and refuses another person\u2019s conversation with 404', async () => {
    const owner = await member();
    const other = await member('Other');
    server.fakeLlm.script = { tokens: ['ok'] };
    const { conversation } = chunksOf(await (await send(owner.cookie, message('Mine'))).text())[0]!.meta!;
    const id = conversation.id;

    const renamed = await call(server.url, '/api/chat/conversations/rename', {
      json: { id, title: '  Budget ideas  ' },
      cookie: owner.cookie,
    });
    expect(answer(renamed).conversation!.title).toBe('Budget ideas');
    const blank = await call(server.url, '/api/chat/conversations/rename', {
      json: { id, title: '   ' },
      cookie: owner.cookie,
    });
    expect(blank.status).toBe(400);
    expect(answer(blank).message).toBe('Give the conversation a name.');

    for (const [path, json] of [
      ['/api/chat/conversations/rename', { id, title: 'Taken' }],
      ['/api/chat/conversations/delete', { id }],
      ['/api/chat/stop', { conversationId: id }],
    ] as const) {
      const res = await call(server.url, path, { json, cookie: other.cookie });
      expect(res.status, path).toBe(404);
      expect(answer(res).message).toBe('That conversation does not exist.');
    }
    const get = await call(server.url, `/api/chat/conversations/get?id=${id}`, { cookie: other.cookie });
    expect(get.status).toBe(404);
    const intrude = await send(other.cookie, { ...message('Hello?'), conversationId: id });
    expect(intrude.status).toBe(404);
    expect((await getConversation(owner.cookie, id)).title).toBe('Budget ideas');
    expect((await getConversation(owner.cookie, id)).messages).toHaveLength(2);

    const deleted = await call(server.url, '/api/chat/conversations/delete', { json: { id }, cookie: owner.cookie });
    expect(deleted.data).toEqual({ ok: true });
    expect((await call(server.url, `/api/chat/conversations/get?id=${id}`, { cookie: owner.cookie })).status).toBe(404);
  });

  it('keeps writing the reply after the page closes, and a reopened conversation shows it growing', async () => {
    const { cookie } = await member();
    server.fakeLlm.script = { tokens: tokens(12), delayMs: 60 };
    const controller = new AbortController();
    const { meta } = await untilFirstToken(await send(cookie, message('Tell me a story'), controller.signal));
    controller.abort();

    const growing = await waitFor(
      () => getConversation(cookie, meta.conversation.id),
      (conversation) => conversation.messages[1]!.content.length > 0,
    );
    expect(growing.messages[1]!.status).toBe('streaming');
    const finished = await waitFor(
      () => getConversation(cookie, meta.conversation.id),
      (conversation) => conversation.messages[1]!.status !== 'streaming',
    );
    expect(finished.messages[1]).toMatchObject({ status: 'complete', content: tokens(12).join('') });
  });

  it('Stop ends the upstream call at once and keeps the partial reply, marked stopped', async () => {
    const { cookie } = await member();
    server.fakeLlm.script = { tokens: tokens(50), delayMs: 50 };
    const res = await send(cookie, message('Go on'));
    const { reader, meta } = await untilFirstToken(res);
    const stoppedAt = Date.now();
    const stop = await call(server.url, '/api/chat/stop', {
      json: { conversationId: meta.conversation.id },
      cookie,
    });
    expect(stop.data).toEqual({ ok: true });
    await waitFor(
      async () => server.fakeLlm.lastClosedAt,
      (closedAt) => closedAt !== undefined,
    );
    // Long before the reply's own end (50 tokens, 2.5 s): the upstream call was aborted, not finished.
    expect(server.fakeLlm.lastClosedAt! - stoppedAt).toBeLessThan(1000);
    let rest = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
    }
    // The open page hears "stopped" at once, not "stop" (a complete reply).
    expect(rest).toContain('"finish_reason":"stopped"');
    const reply = (await getConversation(cookie, meta.conversation.id)).messages[1]!;
    expect(reply.status).toBe('stopped');
    expect(reply.content.startsWith('w0 ')).toBe(true);
    expect(reply.content.length).toBeLessThan(tokens(50).join('').length);
  });

  it('allows one reply at a time per person: a second one waits until the first ends', async () => {
    const { cookie } = await member();
    server.fakeLlm.script = { tokens: tokens(6), delayMs: 40 };
    const first = await send(cookie, message('First'));
    const second = await send(cookie, message('Second'));
    expect(second.status).toBe(429);
    expect(await second.json()).toEqual({
      code: 'rateLimited',
      message: 'A reply is already being written. Wait for it to finish or stop it first.',
    });
    const stateless = await call(server.url, '/api/chat/stream', {
      json: { messages: [{ role: 'user', content: 'Hi' }] },
      cookie,
    });
    expect(stateless.status).toBe(429);
    await first.text();
    server.fakeLlm.script = { tokens: ['ok'] };
    expect((await send(cookie, message('Third'))).status).toBe(200);
  });

  it('regenerates the last reply in place', async () => {
    const { cookie } = await member();
    server.fakeLlm.script = { tokens: ['first answer'] };
    const { conversation } = chunksOf(await (await send(cookie, message('Question'))).text())[0]!.meta!;
    server.fakeLlm.script = { tokens: ['better answer'] };
    const res = await send(cookie, { conversationId: conversation.id, regenerate: true });
    const chunks = chunksOf(await res.text());
    expect(chunks[0]!.meta!.userMessage).toBeUndefined();
    expect(server.fakeLlm.requests.at(-1)!.body.messages.slice(1)).toEqual([{ role: 'user', content: 'Question' }]);
    const messages = (await getConversation(cookie, conversation.id)).messages;
    expect(messages.map((m) => m.content)).toEqual(['Question', 'better answer']);
    expect(messages[1]!.id).toBe(chunks[0]!.meta!.assistantMessageId);
  });

  it('keeps no reply when the assistant fails, shows the error, and does not count it', async () => {
    const { cookie } = await member();
    server.fakeLlm.script = { status: 503 };
    const chunks = chunksOf(await (await send(cookie, message('Hello'))).text());
    expect(chunks.at(-1)).toMatchObject({ finish_reason: 'error', error: expect.any(String) });
    const conversation = await getConversation(cookie, chunks[0]!.meta!.conversation.id);
    expect(conversation.messages.map((m) => m.role)).toEqual(['user']);
    expect(answer(await call(server.url, '/api/chat/usage', { cookie })).used).toBe(0);
  });

  it('gives the model the mentioned notes and names them as the reply\u2019s sources', async () => {
    const { id, cookie } = await member();
    const note = await insertNote(server.database.db, {
      id: randomUUID(),
      userId: id,
      name: 'Budget',
      content: 'Rent is 900.',
      createdAt: 1,
      updatedAt: 1,
      lastAccessAt: 1,
    });
    server.fakeLlm.script = { tokens: ['Rent is 900.'] };
    const chunks = chunksOf(await (await send(cookie, message('What is my rent?', { noteIds: [note.id] }))).text());
    expect(chunks[0]!.meta!.sources).toEqual([{ id: note.id, name: 'Budget' }]);
    expect(server.fakeLlm.requests.at(-1)!.body.messages[1]!.content).toContain('Rent is 900.');
    const reply = (await getConversation(cookie, chunks[0]!.meta!.conversation.id)).messages[1]!;
    expect(reply.sources).toEqual([{ id: note.id, name: 'Budget' }]);
  });

  it('refuses bad input before saving anything', async () => {
    const { cookie } = await member();
    const stranger = await member('Stranger');
    const foreign = await insertNote(server.database.db, {
      id: randomUUID(),
      userId: stranger.id,
      name: 'Secret',
      content: 'hidden',
      createdAt: 1,
      updatedAt: 1,
      lastAccessAt: 1,
    });
    const cases: [unknown, string][] = [
      [message('   '), 'Type a message first.'],
      [message('x'.repeat(32_001)), 'A message must have 32,000 characters or less.'],
      [{ ...message('Hi'), model: 'gpt-9' }, 'The model "gpt-9" is not available here. Available: llama3.1:8b.'],
      [message('Read @Secret', { noteIds: [foreign.id] }), 'A mentioned note does not exist. Remove it and try again.'],
    ];
    for (const [body, text] of cases) {
      const res = await call(server.url, '/api/chat/send', { json: body, cookie });
      expect(res.status).toBe(400);
      expect(answer(res).message).toBe(text);
    }
    expect(server.fakeLlm.requests).toHaveLength(0);
    expect(answer(await call(server.url, '/api/chat/conversations', { cookie })).conversations).toEqual([]);
  });

  it('stops the reply when its conversation is deleted mid-way', async () => {
    const { cookie } = await member();
    server.fakeLlm.script = { tokens: tokens(50), delayMs: 50 };
    const res = await send(cookie, message('Long one'));
    const { reader, meta } = await untilFirstToken(res);
    await call(server.url, '/api/chat/conversations/delete', { json: { id: meta.conversation.id }, cookie });
    while (!(await reader.read()).done);
    expect(
      await waitFor(
        async () => server.fakeLlm.lastClosedAt,
        (closedAt) => closedAt !== undefined,
        1000,
      ),
    ).toBeDefined();
    expect(server.fakeLlm.requests).toHaveLength(1);
    // The slot is free again at once.
    server.fakeLlm.script = { tokens: ['ok'] };
    expect((await send(cookie, message('Next'))).status).toBe(200);
  });
});
