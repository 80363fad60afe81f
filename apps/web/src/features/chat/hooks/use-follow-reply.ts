import { useEffect, useState, type Dispatch } from 'react';
import { isAbort } from '../../../lib/error-message';
import { getConversation } from '../api/conversations';
import { hasLiveReply, type ChatAction } from '../lib/chat-state';

/** How often a reply being written elsewhere (before a reload, in another tab) is fetched again. */
const FOLLOW_EVERY_MS = 600;

/**
 * A reply written by no stream of this page (started before a reload): while `following`, the conversation is read
 * again every `FOLLOW_EVERY_MS` until the reply has ended, then `onEnded` runs.
 */
export function useFollowReply(
  conversationId: string | null,
  following: boolean,
  dispatch: Dispatch<ChatAction>,
  onEnded: () => void,
): void {
  const [followTick, setFollowTick] = useState(0);
  useEffect(() => {
    if (!following || conversationId === null) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      getConversation(conversationId, controller.signal)
        .then((conversation) => {
          dispatch({ type: 'serverCopy', conversation });
          if (hasLiveReply(conversation)) setFollowTick((tick) => tick + 1);
          else onEnded();
        })
        .catch((failure: unknown) => {
          if (!isAbort(failure)) setFollowTick((tick) => tick + 1);
        });
    }, FOLLOW_EVERY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [following, conversationId, followTick, dispatch, onEnded]);
}
