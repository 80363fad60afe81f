// @vitest-environment jsdom
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Conversation, ConversationMessage } from '@turtle/shared/conversation';
import { chatEndpoints } from '@turtle/shared/endpoints/chat';
import { ApiError } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query/query-client';
import { fakeApi } from '../../../test/fake-api';
import { useChat } from './use-chat';

const server = fakeApi();

const message = (id: string, status: ConversationMessage['status'] = 'complete'): ConversationMessage => ({
  id,
  role: id.startsWith('u') ? 'user' : 'assistant',
  content: `text of ${id}`,
  timestamp: 1,
  status,
});
const conversation = (id: string, messages: ConversationMessage[]) => ({
  conversation: { id, title: id, createdAt: 1, updatedAt: 1, messages } as unknown as Conversation,
});

const read = server.of(chatEndpoints.conversation);
const open = (conversationId: string | null) =>
  renderHook(
    (props: { id: string | null }) =>
      useChat({
        conversationId: props.id,
        model: undefined,
        onCreated: () => undefined,
        onReplyEnded: () => undefined,
      }),
    { initialProps: { id: conversationId } },
  );

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('useChat: opening a conversation', () => {
  it('reads it once and shows its messages; opening another shows that one, never a mix', async () => {
    read.mockImplementation(({ query: { id } }) =>
      Promise.resolve(conversation(id, [message(`u-${id}`), message(`a-${id}`)])),
    );
    const { result, rerender } = open('c1');
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.messages.map((item) => item.id)).toEqual(['u-c1', 'a-c1']);

    rerender({ id: 'c2' });
    expect(result.current.messages).toEqual([]);
    await waitFor(() => expect(result.current.messages.map((item) => item.id)).toEqual(['u-c2', 'a-c2']));
    expect(read.mock.calls.map(([input]) => input.query.id)).toEqual(['c1', 'c2']);
  });

  it('a reply still being written is shown as live, not as a message', async () => {
    read.mockResolvedValueOnce(conversation('c1', [message('u1'), { ...message('a1', 'streaming'), content: 'Half' }]));
    // The follow-up read, 600 ms later, finds it finished.
    read.mockResolvedValue(conversation('c1', [message('u1'), message('a1')]));
    const { result } = open('c1');
    await waitFor(() => expect(result.current.live).toEqual({ content: 'Half' }));
    expect(result.current.messages.map((item) => item.id)).toEqual(['u1']);
    await waitFor(() => expect(result.current.live).toBeNull(), { timeout: 3000 });
    expect(result.current.messages.map((item) => item.id)).toEqual(['u1', 'a1']);
  });

  it('one that does not exist is "not found"; another failure is the error line', async () => {
    read.mockRejectedValueOnce(new ApiError(404, { code: 'notFound', message: 'No such conversation.' }));
    const gone = open('gone');
    await waitFor(() => expect(gone.result.current.notFound).toBe(true));
    expect(gone.result.current.error).toBeNull();
    expect(gone.result.current.loading).toBe(false);

    read.mockRejectedValueOnce(new ApiError(403, { code: 'forbidden', message: 'Not yours.' }));
    const forbidden = open('theirs');
    await waitFor(() => expect(forbidden.result.current.error).toBe('Not yours.'));
    expect(forbidden.result.current.notFound).toBe(false);
  });

  it('a new conversation reads nothing', async () => {
    const { result } = open(null);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.loading).toBe(false);
    expect(read).not.toHaveBeenCalled();
  });
});
