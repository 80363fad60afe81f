import { useState, type Dispatch } from 'react';
import type { Conversation } from '@turtle/shared/conversation';
import { errorMessage, isNotFound } from '../../../lib/error-message';
import { queryKeys } from '../../../lib/query/query-keys';
import { useServerQuery } from '../../../lib/query/use-server-query';
import { getConversation } from '../api/conversations';
import type { ChatAction, ChatState } from '../lib/chat-state';

/**
 * Puts the asked-for conversation on screen: another one starts from a clean slate, and the conversation is read once
 * when it opens (one this page's stream made is already on screen). Both are adjusted while rendering, React's advice
 * over an effect.
 */
export function useOpenConversation(
  conversationId: string | null,
  state: ChatState,
  dispatch: Dispatch<ChatAction>,
): void {
  if (conversationId !== state.shownId) dispatch({ type: 'show', conversationId });

  const opened = useServerQuery({
    queryKey: queryKeys.conversation(conversationId ?? ''),
    queryFn: ({ signal }) => getConversation(conversationId!, signal),
    enabled: conversationId !== null && conversationId !== state.createdHere,
    // Read once per opening, never again under a reply being written; streaming changes it, so no copy is kept.
    staleTime: Infinity,
    gcTime: 0,
  });
  // What it read goes on screen once; from then on the page's own state leads.
  const [taken, setTaken] = useState<{ data?: Conversation; error: unknown }>({ error: null });
  if (opened.data !== taken.data || opened.error !== taken.error) {
    setTaken({ data: opened.data, error: opened.error });
    if (opened.data && opened.data !== taken.data) {
      dispatch({ type: 'loaded', conversation: opened.data });
    } else if (opened.error) {
      const notFound = isNotFound(opened.error);
      dispatch({ type: 'loadFailed', notFound, message: notFound ? null : errorMessage(opened.error) });
    }
  }
}
