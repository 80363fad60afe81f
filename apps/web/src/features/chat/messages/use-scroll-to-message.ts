import { useEffect, useState, type RefObject } from 'react';

/** How long the message the address points at stays highlighted. */
export const MESSAGE_HIGHLIGHT_MS = 2500;

/**
 * `/chats?c=…&m=<id>` (a flashcard's source chip): once that message is on screen, scroll it to the middle of the
 * list and highlight it for a moment. Done once per id; again a little later, after code blocks and images have
 * taken their height.
 */
export function useScrollToMessage(
  scrollRef: RefObject<HTMLElement | null>,
  messageId: string | null | undefined,
  ready: boolean,
) {
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => {
    if (!messageId || !ready || done === messageId) return;
    const find = () => scrollRef.current?.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(messageId)}"]`);
    const target = find();
    if (!target) return;
    setDone(messageId);
    setHighlighted(messageId);
    target.scrollIntoView({ block: 'center' });
    const again = setTimeout(() => find()?.scrollIntoView({ block: 'center' }), 300);
    const clear = setTimeout(() => setHighlighted(null), MESSAGE_HIGHLIGHT_MS);
    return () => {
      clearTimeout(again);
      clearTimeout(clear);
    };
  }, [scrollRef, messageId, ready, done]);
  return highlighted;
}
