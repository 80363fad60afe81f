import { memo, useEffect, useMemo, useRef } from 'react';
import type { TranscriptEntry } from '@turtle/shared/lesson';
import { ScrollArea } from '../../../components/ui/scroll-area';
import { cn } from '../../../lib/cn';

interface TranscriptViewProps {
  transcript: TranscriptEntry[];
  currentIndex: number;
  /** Chat mode (product.md §4): sentences do not respond and the transcript is dimmed. */
  disabled: boolean;
  onSelect: (entry: TranscriptEntry) => void;
}

/** Paragraphs of `[index, entry]`, split where the script's paragraphs end. */
function paragraphsOf(transcript: TranscriptEntry[]): [number, TranscriptEntry][][] {
  const paragraphs: [number, TranscriptEntry][][] = [[]];
  transcript.forEach((entry, index) => {
    paragraphs.at(-1)!.push([index, entry]);
    if (entry.isParagraphEnd && index < transcript.length - 1) paragraphs.push([]);
  });
  return paragraphs;
}

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The transcript as clickable sentences (product.md §2), each a button in the flow of its paragraph (a `<button>` cannot
 * wrap across lines). The current one is highlighted and kept in view: when it leaves the
 * middle of the scroll area, the area scrolls it to a third of the way down, so reading ahead is not yanked about. The
 * area is a `ScrollArea` (product.md §9's overlay scrollbar); its viewport, the region, scrolls and places the sentences
 * (`relative`, so their `offsetTop` counts from it).
 */
export const TranscriptView = memo(function TranscriptView({
  transcript,
  currentIndex,
  disabled,
  onSelect,
}: TranscriptViewProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const paragraphs = useMemo(() => paragraphsOf(transcript), [transcript]);

  useEffect(() => {
    const area = scroller.current;
    const sentence = area?.querySelector<HTMLElement>(`[data-index="${currentIndex}"]`);
    if (!area || !sentence) return;
    const top = sentence.offsetTop - area.scrollTop;
    const bottom = top + sentence.offsetHeight;
    if (top >= area.clientHeight * 0.15 && bottom <= area.clientHeight * 0.75) return;
    area.scrollTo({
      top: Math.max(0, sentence.offsetTop - area.clientHeight / 3),
      behavior: reducedMotion() ? 'auto' : 'smooth',
    });
  }, [currentIndex]);

  return (
    <ScrollArea
      className="min-h-0 flex-1"
      viewportRef={scroller}
      aria-label="Transcript"
      role="region"
      viewportClassName={cn('relative px-4 py-6 transition-opacity sm:px-8', disabled && 'opacity-40')}
    >
      <div className="mx-auto flex max-w-2xl flex-col gap-5 text-lg/8 text-slate-700">
        {paragraphs.map((paragraph) => (
          <p key={paragraph[0]?.[0] ?? 0}>
            {paragraph.map(([index, entry]) => (
              <span key={index}>
                <span
                  role="button"
                  tabIndex={disabled ? -1 : 0}
                  aria-disabled={disabled || undefined}
                  data-index={index}
                  data-start-ms={entry.startMs}
                  aria-current={index === currentIndex ? 'true' : undefined}
                  onClick={() => !disabled && onSelect(entry)}
                  onKeyDown={(event) => {
                    if (disabled || (event.key !== 'Enter' && event.key !== ' ')) return;
                    event.preventDefault();
                    onSelect(entry);
                  }}
                  className={cn(
                    '-mx-0.5 rounded-md px-0.5 py-px box-decoration-clone transition-colors outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
                    index === currentIndex
                      ? 'bg-brand-100 text-slate-950'
                      : !disabled && 'cursor-pointer hover:bg-slate-100 hover:text-slate-900',
                  )}
                >
                  {entry.sentence}
                </span>{' '}
              </span>
            ))}
          </p>
        ))}
      </div>
    </ScrollArea>
  );
});
