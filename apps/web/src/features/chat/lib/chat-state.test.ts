import { describe, expect, it } from 'vitest';
import type { ChatSendMeta, Conversation, ConversationMessage } from '@turtle/shared/conversation';
import { chatReducer, initialChatState, isBusy, type ChatAction, type ChatState, type Resend } from './chat-state';

const message = (id: string, status: ConversationMessage['status'] = 'complete'): ConversationMessage => ({
  id,
  role: id.startsWith('u') ? 'user' : 'assistant',
  content: `text of ${id}`,
  timestamp: 1,
  status,
});
const conversation = (id: string, messages: ConversationMessage[]) =>
  ({ id, title: id, createdAt: 1, updatedAt: 1, messages }) as unknown as Conversation;
const meta = (conversationId: string, extra: Partial<ChatSendMeta> = {}): ChatSendMeta => ({
  conversation: { id: conversationId, title: 'Hello', createdAt: 1, updatedAt: 1 },
  assistantMessageId: 'a-new',
  sources: [],
  ...extra,
});
const resend = (id = 'pending-1', key = 'key-1'): Resend => ({
  body: { message: { content: 'Hello' } },
  optimistic: { ...message(id), id, role: 'user', content: 'Hello' },
  idempotencyKey: key,
});

const run = (state: ChatState, ...actions: ChatAction[]) => actions.reduce(chatReducer, state);
/** An open conversation with one exchange on screen. */
const opened = () =>
  run(initialChatState('c1'), { type: 'loaded', conversation: conversation('c1', [message('u1'), message('a1')]) });
const ids = (state: ChatState) => state.messages.map((item) => item.id);

describe('chat state: opening a conversation', () => {
  it('a new conversation is idle and reads nothing; an existing one loads, its reply still written shown as live', () => {
    expect(initialChatState(null)).toMatchObject({ phase: { name: 'idle' }, loading: false, messages: [] });
    const loading = initialChatState('c1');
    expect(loading.loading).toBe(true);
    const loaded = chatReducer(loading, {
      type: 'loaded',
      conversation: conversation('c1', [message('u1'), { ...message('a1', 'streaming'), content: 'Half' }]),
    });
    expect(loaded).toMatchObject({ loading: false, live: { content: 'Half' }, phase: { name: 'idle' } });
    expect(ids(loaded)).toEqual(['u1']);
    expect(isBusy(loaded)).toBe(true);
  });

  it('one that does not exist is "not found"; another failure is the error line', () => {
    expect(chatReducer(initialChatState('gone'), { type: 'loadFailed', notFound: true, message: null })).toMatchObject({
      loading: false,
      notFound: true,
      error: null,
    });
    expect(
      chatReducer(initialChatState('theirs'), { type: 'loadFailed', notFound: false, message: 'Not yours.' }),
    ).toMatchObject({ loading: false, notFound: false, error: 'Not yours.' });
  });

  it('opening another starts from a clean slate; the id of the conversation the stream made is not a switch', () => {
    const writing = run(
      initialChatState(null),
      { type: 'send', resend: resend() },
      { type: 'meta', meta: meta('c9'), created: true },
    );
    expect(writing.createdHere).toBe('c9');
    const addressed = chatReducer(writing, { type: 'show', conversationId: 'c9' });
    expect(addressed).toMatchObject({ shownId: 'c9', phase: { name: 'streaming' }, loading: false });
    expect(ids(addressed)).toEqual(['pending-1']);

    const switched = chatReducer(addressed, { type: 'show', conversationId: 'c2' });
    expect(switched).toEqual(initialChatState('c2'));
  });
});

describe('chat state: a reply (docs/product.md §4 "Sending")', () => {
  it('sending adds the message and an empty live reply; meta swaps in the saved message; tokens fill the reply', () => {
    const sending = chatReducer(opened(), { type: 'send', resend: resend() });
    expect(sending.phase.name).toBe('sending');
    expect(sending.live).toEqual({ content: '' });
    expect(ids(sending)).toEqual(['u1', 'a1', 'pending-1']);
    expect(isBusy(sending)).toBe(true);

    const saved = { ...message('u2'), content: 'Hello' };
    const streaming = run(
      sending,
      { type: 'meta', meta: meta('c1', { userMessage: saved }), created: false },
      { type: 'token', token: 'Hel' },
      { type: 'token', token: 'lo!' },
    );
    expect(streaming.phase.name).toBe('streaming');
    expect(streaming.createdHere).toBeNull();
    expect(ids(streaming)).toEqual(['u1', 'a1', 'u2']);
    expect(streaming.live).toEqual({ content: 'Hello!' });
  });

  it('at the end the streamed text becomes the final reply, with its sources, and nothing is live', () => {
    const sources = [{ id: 'n1', name: 'Note' }];
    const done = run(
      opened(),
      { type: 'send', resend: resend() },
      { type: 'meta', meta: meta('c1', { sources }), created: false },
      { type: 'token', token: 'Hi.' },
      { type: 'finished', reason: 'stop', at: 5 },
    );
    expect(done.phase.name).toBe('idle');
    expect(done.live).toBeNull();
    expect(isBusy(done)).toBe(false);
    expect(done.messages.at(-1)).toEqual({
      id: 'a-new',
      role: 'assistant',
      content: 'Hi.',
      timestamp: 5,
      status: 'complete',
      sources,
    });
  });

  it('a `length` finish marks the reply cut at the length limit; a `stopped` finish (another tab) marks it stopped', () => {
    const writing = run(
      opened(),
      { type: 'send', resend: resend() },
      { type: 'meta', meta: meta('c1'), created: false },
      { type: 'token', token: 'Long' },
    );
    expect(chatReducer(writing, { type: 'finished', reason: 'length', at: 5 }).messages.at(-1)).toMatchObject({
      status: 'complete',
      truncated: true,
    });
    const stoppedElsewhere = chatReducer(writing, { type: 'finished', reason: 'stopped', at: 5 });
    expect(stoppedElsewhere.phase.name).toBe('stopped');
    expect(stoppedElsewhere.messages.at(-1)).toMatchObject({ status: 'stopped', content: 'Long' });
    expect(stoppedElsewhere.messages.at(-1)).not.toHaveProperty('truncated');
  });

  it('Stop mid-reply keeps what had arrived, marked stopped (docs/rules.md "Chat")', () => {
    const stopped = run(
      opened(),
      { type: 'send', resend: resend() },
      { type: 'meta', meta: meta('c1'), created: false },
      { type: 'token', token: 'Part' },
      { type: 'stopped', at: 7 },
    );
    expect(stopped).toMatchObject({ phase: { name: 'stopped' }, live: null, error: null, unsent: null });
    expect(stopped.messages.at(-1)).toMatchObject({ id: 'a-new', content: 'Part', status: 'stopped', timestamp: 7 });
    expect(isBusy(stopped)).toBe(false);
  });

  it('Stop while sending (before the server said anything) adds no reply and leaves the message as it is', () => {
    const stopped = run(opened(), { type: 'send', resend: resend() }, { type: 'stopped', at: 7 });
    expect(stopped).toMatchObject({ phase: { name: 'stopped' }, live: null, unsent: null, error: null });
    expect(ids(stopped)).toEqual(['u1', 'a1', 'pending-1']);
  });

  it('an error mid-reply is shown and adds no message (docs/rules.md "Chat": no partial message)', () => {
    const failed = run(
      opened(),
      { type: 'send', resend: resend() },
      { type: 'meta', meta: meta('c1', { userMessage: message('u2') }), created: false },
      { type: 'token', token: 'Half an ans' },
      { type: 'failed', message: 'The assistant failed. Please try again.' },
    );
    expect(failed).toMatchObject({
      phase: { name: 'failed' },
      live: null,
      error: 'The assistant failed. Please try again.',
      unsent: null,
    });
    expect(ids(failed)).toEqual(['u1', 'a1', 'u2']);
  });

  it('a stream cut off with no finish ends with nothing live and no error (the server copy is read next)', () => {
    const cut = run(
      opened(),
      { type: 'send', resend: resend() },
      { type: 'meta', meta: meta('c1'), created: false },
      { type: 'token', token: 'Hal' },
      { type: 'cutOff' },
    );
    expect(cut).toMatchObject({ phase: { name: 'idle' }, live: null, error: null });
    const copy = chatReducer(cut, {
      type: 'serverCopy',
      conversation: conversation('c1', [
        message('u1'),
        message('a1'),
        { ...message('a-new', 'streaming'), content: 'Half' },
      ]),
    });
    expect(copy.live).toEqual({ content: 'Half' });
  });

  it('Regenerate takes the last reply away and writes a new one', () => {
    const again = chatReducer(opened(), { type: 'regenerate' });
    expect(ids(again)).toEqual(['u1']);
    expect(again.phase).toEqual({ name: 'sending', reply: { content: '' } });
  });

  it('events after the reply ended (or after another conversation opened) change nothing', () => {
    const idle = opened();
    expect(chatReducer(idle, { type: 'token', token: 'late' })).toBe(idle);
    expect(chatReducer(idle, { type: 'stopped', at: 1 })).toBe(idle);
    expect(chatReducer(idle, { type: 'requestFailed', message: 'x', retryable: true })).toBe(idle);
  });
});

describe('chat state: a message not delivered, and Retry', () => {
  const lost = () =>
    run(
      opened(),
      { type: 'send', resend: resend('pending-1', 'key-1') },
      {
        type: 'requestFailed',
        message: 'Cannot reach Turtle. Check your connection and try again.',
        retryable: true,
      },
    );

  it('stays on screen, marked, with the error; Retry resends it with the same Idempotency-Key, not doubled', () => {
    const failed = lost();
    expect(failed).toMatchObject({
      phase: { name: 'failed' },
      live: null,
      error: expect.stringContaining('Cannot reach'),
    });
    expect(failed.unsent).toMatchObject({ canRetry: true, idempotencyKey: 'key-1', optimistic: { id: 'pending-1' } });
    expect(ids(failed)).toEqual(['u1', 'a1', 'pending-1']);

    const retried = chatReducer(failed, { type: 'retry' });
    expect(retried).toMatchObject({ error: null, unsent: null, live: { content: '' } });
    expect(retried.phase).toEqual({ name: 'sending', reply: { content: '', resend: resend('pending-1', 'key-1') } });
    expect(ids(retried)).toEqual(['u1', 'a1', 'pending-1']);
  });

  it('a refusal (not worth retrying) is marked without Retry; a failure after the server kept it is not marked', () => {
    const refused = run(
      opened(),
      { type: 'send', resend: resend() },
      { type: 'requestFailed', message: 'No.', retryable: false },
    );
    expect(refused.unsent?.canRetry).toBe(false);
    const kept = run(
      opened(),
      { type: 'send', resend: resend() },
      { type: 'meta', meta: meta('c1'), created: false },
      { type: 'requestFailed', message: 'Lost.', retryable: true },
    );
    expect(kept.unsent).toBeNull();
    expect(kept.error).toBe('Lost.');
  });

  it('a new message instead of Retry drops the undelivered one; Regenerate has nothing to resend', () => {
    const next = chatReducer(lost(), { type: 'send', resend: resend('pending-2', 'key-2') });
    expect(ids(next)).toEqual(['u1', 'a1', 'pending-2']);
    expect(chatReducer(lost(), { type: 'requestFailed', message: 'x', retryable: true })).toEqual(lost());
    const regenerated = run(
      opened(),
      { type: 'regenerate' },
      { type: 'requestFailed', message: 'Down.', retryable: true },
    );
    expect(regenerated.unsent).toBeNull();
  });

  it('an error outside the stream (Stop could not reach the server) is shown without ending the reply', () => {
    const writing = chatReducer(opened(), { type: 'send', resend: resend() });
    const shown = chatReducer(writing, { type: 'error', message: 'Cannot reach Turtle.' });
    expect(shown).toMatchObject({ error: 'Cannot reach Turtle.', phase: { name: 'sending' } });
  });
});
