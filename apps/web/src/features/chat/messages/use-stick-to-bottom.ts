import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Closer than this to the bottom counts as "at the bottom". */
const AT_BOTTOM_PX = 48;

/**
 * Keeps a scroll container pinned to its bottom while its content grows (a streaming reply), until the person
 * scrolls up; scrolling back down (or `jumpToLatest`) pins it again. `changeKey` is anything that changes when the
 * content does; content that grows on its own (an image loading) is followed through a ResizeObserver.
 */
export function useStickToBottom(changeKey: unknown) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const stuck = useRef(true);
  const last = useRef({ top: 0, height: 0 });
  const [atBottom, setAtBottom] = useState(true);

  const distanceFromBottom = (el: HTMLElement) => el.scrollHeight - el.scrollTop - el.clientHeight;

  const scrollToBottom = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    last.current = { top: el.scrollTop, height: el.scrollHeight };
    setAtBottom(true);
  }, []);

  /** After the content changed: follow it when pinned, else only update whether the jump button shows. */
  const onContentChange = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    if (stuck.current) scrollToBottom();
    else setAtBottom(distanceFromBottom(el) <= AT_BOTTOM_PX);
  }, [scrollToBottom]);

  const onScroll = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    // Moving up while the content kept its height is the person scrolling (not the content shrinking).
    const wentUp = el.scrollTop < last.current.top - 1 && el.scrollHeight === last.current.height;
    const near = distanceFromBottom(el) <= AT_BOTTOM_PX;
    stuck.current = near && !wentUp;
    last.current = { top: el.scrollTop, height: el.scrollHeight };
    setAtBottom(near);
  }, []);

  const jumpToLatest = useCallback(() => {
    stuck.current = true;
    scrollToBottom();
  }, [scrollToBottom]);

  useLayoutEffect(onContentChange, [changeKey, onContentChange]);

  useEffect(() => {
    const content = contentRef.current;
    const scroller = scrollRef.current;
    if (!content || !scroller || typeof ResizeObserver === 'undefined') return;
    // The content growing, or the list itself getting shorter (a window resize, a taller composer).
    const observer = new ResizeObserver(onContentChange);
    observer.observe(content);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [onContentChange]);

  return { scrollRef, contentRef, onScroll, atBottom, jumpToLatest };
}
