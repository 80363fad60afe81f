import { useLayoutEffect, useRef, type RefObject } from 'react';
import type { PassageSpan } from '@turtle/shared/passages';

/**
 * The passage a found source opened the note at (decision 039), marked behind the note's text area: a layer with the
 * same text, font and padding, transparent but for the mark, scrolled with the text area. Nothing of the text area
 * changes (no selection to type over); the mark goes with the first edit.
 */
export function PassageHighlight({
  text,
  span,
  area,
  className,
}: {
  text: string;
  span: PassageSpan;
  area: RefObject<HTMLTextAreaElement | null>;
  className: string;
}) {
  const layer = useRef<HTMLDivElement>(null);
  const mark = useRef<HTMLElement>(null);

  useLayoutEffect(() => {
    const field = area.current;
    const backdrop = layer.current;
    if (!field || !backdrop) return;
    // The text area's scroll bar narrows its text: the layer leaves the same room.
    const fit = () => (backdrop.style.right = `${field.offsetWidth - field.clientWidth}px`);
    const follow = () => (backdrop.scrollTop = field.scrollTop);
    // Scrolled to the passage once the text area is laid out (a screen may be drawn hidden first).
    let placed = false;
    const place = () => {
      if (placed || field.clientHeight === 0) return;
      placed = true;
      field.scrollIntoView({ block: 'nearest' });
      field.scrollTo({ top: Math.max(0, (mark.current?.offsetTop ?? 0) - 24) });
    };
    const settle = () => {
      fit();
      place();
      follow();
    };
    settle();
    field.addEventListener('scroll', follow);
    const resized = new ResizeObserver(settle);
    resized.observe(field);
    return () => {
      field.removeEventListener('scroll', follow);
      resized.disconnect();
    };
  }, [area, span]);

  return (
    <div
      ref={layer}
      aria-hidden="true"
      data-testid="passage-highlight"
      className={`pointer-events-none absolute inset-y-0 left-0 overflow-hidden break-words whitespace-pre-wrap text-transparent ${className}`}
    >
      {text.slice(0, span.start)}
      <mark ref={mark} className="rounded-sm bg-amber-200/80 text-transparent">
        {text.slice(span.start, span.end)}
      </mark>
      {text.slice(span.end)}
    </div>
  );
}
