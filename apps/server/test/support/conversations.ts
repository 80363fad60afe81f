import type { ChatSendMeta, Conversation, ConversationSummary } from '@turtle/shared/conversation';
import { createSessionToken, createUser } from './factories';
import { call } from './http';
import type { TestServer } from './test-server';

// The kept conversations' calls (`/api/chat/send` and the conversation routes) and how their streams are read.

export const message = (content: string, extra: Record<string, unknown> = {}) => ({
  message: { content, htmlContent: `<p>${content}</p>`, lexicalContent: '{"root":{}}', ...extra },
});

/** One `data:` line as it goes over the wire (product.md §7). */
export interface ChatStreamChunk {
  token: string;
  finish_reason: null | 'stop' | 'length' | 'stopped' | 'error';
  error?: string;
  meta?: ChatSendMeta;
}

export function chunksOf(text: string): ChatStreamChunk[] {
  return text
    .split('\n\n')
    .filter((event) => event.startsWith('data: {'))
    .map((event) => JSON.parse(event.slice('data: '.length)) as ChatStreamChunk);
}

/** Reads the stream until its first token, then hands the reader back. */
export async function untilFirstToken(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!chunksOf(text).some((chunk) => chunk.token !== '')) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  return { reader, meta: chunksOf(text)[0]!.meta! };
}

interface Answer {
  message?: string;
  conversation?: ConversationSummary;
  conversations?: ConversationSummary[];
  used?: number;
}
/** A JSON answer of the API, as the fields these tests read. */
export const answer = (res: { data: unknown }) => res.data as Answer;

export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const tokens = (count: number) => Array.from({ length: count }, (_, index) => `w${index} `);

/** A new person, their sending of messages and their reading of a conversation, on `server`. */
export function conversationCalls(server: TestServer) {
  async function member(name = 'Chatter') {
    const user = await createUser(server.database.db, { name });
    return { id: user.id, cookie: await createSessionToken(server.database.db, user.id) };
  }

  function send(cookie: string, body: unknown, signal?: AbortSignal) {
    return fetch(`${server.url}/api/chat/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url, cookie: `sid=${cookie}` },
      body: JSON.stringify(body),
      signal,
    });
  }

  const getConversation = async (cookie: string, id: string) =>
    answer(await call(server.url, `/api/chat/conversations/get?id=${encodeURIComponent(id)}`, { cookie }))
      .conversation as Conversation;

  return { member, send, getConversation };
}
