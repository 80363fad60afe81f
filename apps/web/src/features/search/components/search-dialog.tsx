import { BookOpen, FileText, Headphones, Layers, MessagesSquare, Search, Sparkles } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import type { PassageKind, SearchResult } from '@turtle/shared/search';
import { passageCardsHref } from '@turtle/shared/cards-links';
import { passageHref } from '@turtle/shared/source-links';
import { Spinner } from '../../../components/ui/spinner';
import { useSearchResults } from '../hooks/use-search-results';
import { useSemanticStatus } from '../hooks/use-semantic-status';
import { semanticNote } from '../lib/semantic-note';
import { groupResults, inOrder, resultTitle, snippetParts } from '../lib/search-results';
import { ResultMakeCards } from './result-make-cards';

const KIND_ICONS: Record<PassageKind, typeof FileText> = {
  note: FileText,
  lesson: Headphones,
  chat: MessagesSquare,
  card: Layers,
};

/**
 * The search box (Ctrl/Cmd+K, decision 039): one field over the index of the person's notes, the lessons, their
 * past chats and their cards (decision 044), results as they type, grouped by kind with the matched words marked. A combobox with a listbox of
 * options: the arrow keys move, Enter opens the place, Escape closes. A modal `<dialog>`, so focus stays inside.
 */
export function SearchDialog({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const { results, searching, failed, query, semantic } = useSearchResults(text);
  const note = semanticNote(useSemanticStatus(), semantic);
  const groups = useMemo(() => groupResults(results), [results]);
  const ordered = useMemo(() => inOrder(groups), [groups]);
  const current = Math.min(active, ordered.length - 1);
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  useEffect(() => {
    if (current >= 0)
      list.current?.querySelector(`#${CSS.escape(optionId(current))}`)?.scrollIntoView({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- optionId is derived from the stable id
  }, [current]);

  const open = (result: SearchResult | undefined, makeCards = false) => {
    if (!result) return;
    onClose();
    void navigate(makeCards ? passageCardsHref(result) : passageHref(result));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (ordered.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((Math.max(current, 0) + step + ordered.length) % ordered.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      open(ordered[Math.max(current, 0)], event.ctrlKey || event.metaKey);
    }
  };

  // A click on the backdrop (the dialog itself, outside its panel) closes it.
  const onDialogClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === dialog.current) onClose();
  };

  const status = failed
    ? 'Search is not available right now. Try again in a moment.'
    : query === ''
      ? 'Type to search your notes, the lessons and your past chats.'
      : !searching && ordered.length === 0
        ? `Nothing found for “${query}”.`
        : `${ordered.length} ${ordered.length === 1 ? 'result' : 'results'}`;

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      onClick={onDialogClick}
      className="mx-auto mt-[8dvh] w-[min(40rem,calc(100vw-1.5rem))] max-w-none overflow-visible bg-transparent p-0 backdrop:bg-slate-950/40 backdrop:backdrop-blur-[2px]"
    >
      <div className="flex max-h-[80dvh] flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl">
        <h2 id={`${id}-title`} className="sr-only">
          Search
        </h2>
        <div className="flex items-center gap-3 border-b border-slate-200 px-4">
          <Search className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
          <label htmlFor={`${id}-input`} className="sr-only">
            Search your notes, lessons, past chats and cards
          </label>
          <input
            id={`${id}-input`}
            role="combobox"
            aria-expanded={ordered.length > 0}
            aria-controls={`${id}-results`}
            aria-autocomplete="list"
            aria-activedescendant={current >= 0 ? optionId(current) : undefined}
            aria-describedby={`${id}-keys`}
            autoFocus
            autoComplete="off"
            spellCheck={false}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            maxLength={200}
            placeholder="Search notes, lessons, chats and cards"
            className="h-14 min-w-0 flex-1 bg-transparent text-base text-slate-900 placeholder:text-slate-500 focus:outline-none"
          />
          {searching && query !== '' && <Spinner />}
          <kbd className="hidden rounded border border-slate-200 px-1.5 py-0.5 text-xs text-slate-600 sm:inline">
            Esc
          </kbd>
        </div>
        <div
          ref={list}
          id={`${id}-results`}
          role="listbox"
          aria-label="Results"
          className="min-h-0 flex-1 overflow-y-auto overscroll-contain p-2 empty:hidden"
        >
          {groups.map((group) => {
            const Icon = KIND_ICONS[group.kind];
            return (
              <div key={group.kind} role="group" aria-labelledby={`${id}-${group.kind}`} className="pb-2">
                <div
                  id={`${id}-${group.kind}`}
                  role="presentation"
                  className="px-2 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase"
                >
                  {group.label}
                </div>
                {group.items.map(({ result, index }) => (
                  <div
                    key={`${result.kind}:${result.sourceId}:${result.position}`}
                    id={optionId(index)}
                    role="option"
                    aria-selected={index === current}
                    onClick={() => open(result)}
                    onMouseMove={() => index !== current && setActive(index)}
                    className="flex cursor-pointer gap-3 rounded-lg px-2 py-2 aria-selected:bg-brand-50"
                  >
                    <Icon className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
                    <div className="min-w-0 flex-1">
                      <div className="truncate text-sm font-medium text-slate-900">{resultTitle(result)}</div>
                      <div className="line-clamp-2 text-sm break-words text-slate-600">
                        {snippetParts(result).map((part, at) =>
                          part.marked ? (
                            <mark key={at} className="rounded-sm bg-amber-100 px-0.5 text-slate-900">
                              {part.text}
                            </mark>
                          ) : (
                            <span key={at}>{part.text}</span>
                          ),
                        )}
                      </div>
                    </div>
                    <ResultMakeCards onMake={() => open(result, true)} />
                  </div>
                ))}
              </div>
            );
          })}
        </div>
        {note && (
          <p className="flex items-center gap-1.5 border-t border-slate-100 px-4 py-1.5 text-xs text-slate-600">
            <Sparkles className="size-3.5 shrink-0 text-slate-400" aria-hidden="true" />
            {note}
          </p>
        )}
        <div className="flex items-center justify-between gap-3 border-t border-slate-100 bg-slate-50/70 px-4 py-2 text-xs text-slate-600">
          <p role="status" aria-live="polite" className="min-w-0 truncate">
            {status}
          </p>
          <p className="hidden shrink-0 items-center gap-1 sm:flex" aria-hidden="true">
            <BookOpen className="size-3.5" />
            ↑↓ to move, Enter to open, Ctrl+Enter to make cards
          </p>
          <p id={`${id}-keys`} className="sr-only">
            Enter opens the chosen result; Ctrl+Enter makes cards from it.
          </p>
        </div>
      </div>
    </dialog>
  );
}
