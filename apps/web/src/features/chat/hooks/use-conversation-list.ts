import { useCallback, useEffect, useState } from 'react';
import type { ConversationSummary } from '@turtle/shared/conversation';
import { listConversations } from '../api/conversations';
import { errorMessage, isAbort } from '../../../lib/error-message';

export interface ConversationList {
  conversations: ConversationSummary[];
  loaded: boolean;
  error: string | null;
  refresh(): void;
  /** Shows a change at once (a new, renamed or deleted conversation) before the next refresh confirms it. */
  upsert(conversation: ConversationSummary): void;
  remove(id: string): void;
}

const byActivity = (a: ConversationSummary, b: ConversationSummary) => b.updatedAt - a.updatedAt;

/** The person's conversations, latest activity first (`GET /api/chat/conversations`). */
export function useConversationList(): ConversationList {
  const [conversations, setConversations] = useState<ConversationSummary[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    listConversations(controller.signal)
      .then((list) => {
        setConversations(list);
        setError(null);
        setLoaded(true);
      })
      .catch((failure: unknown) => {
        if (isAbort(failure)) return;
        setError(errorMessage(failure));
        setLoaded(true);
      });
    return () => controller.abort();
  }, [tick]);

  const refresh = useCallback(() => setTick((count) => count + 1), []);
  const upsert = useCallback((conversation: ConversationSummary) => {
    setConversations((list) => [conversation, ...list.filter((item) => item.id !== conversation.id)].sort(byActivity));
  }, []);
  const remove = useCallback((id: string) => setConversations((list) => list.filter((item) => item.id !== id)), []);

  return { conversations, loaded, error, refresh, upsert, remove };
}
