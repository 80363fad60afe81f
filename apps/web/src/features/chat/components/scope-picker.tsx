import { useEffect, useId, useState } from 'react';
import type { DeckSummary } from '@turtle/shared/cards';
import type { RetrievalScope } from '@turtle/shared/search';
import { useServerQuery } from '../../../lib/query/use-server-query';
import { decksQuery } from '../api/decks';

export type ScopeChoice = 'all' | 'note' | 'lesson' | 'card' | 'deck';

export const SCOPE_CHOICES: { value: ScopeChoice; label: string }[] = [
  { value: 'all', label: 'Everything' },
  { value: 'note', label: 'Notes' },
  { value: 'lesson', label: 'Lessons' },
  { value: 'card', label: 'Cards' },
  { value: 'deck', label: 'One deck' },
];

/** The scope a choice means; a deck not chosen yet (its list loading, or no deck) reads all the cards. */
export function scopeOf(choice: ScopeChoice, deckId: string | null): RetrievalScope | undefined {
  if (choice === 'all') return undefined;
  if (choice === 'deck') return deckId ? { kind: 'deck', deckId } : { kind: 'card' };
  return { kind: choice };
}

/** A deck's name as the picker shows it: "Spanish › Verbs" for the subdeck "Spanish::Verbs" (decision 041). */
export const deckOptionLabel = (name: string) => name.split('::').join(' › ');

/** The composer's scope, kept while the chat screen is open: everything by default. */
export function useRetrievalScope() {
  const [choice, setChoice] = useState<ScopeChoice>('all');
  const [deckId, setDeckId] = useState<string | null>(null);
  return { choice, setChoice, deckId, setDeckId, scope: scopeOf(choice, deckId) };
}

type ScopeState = ReturnType<typeof useRetrievalScope>;

const NO_DECKS: DeckSummary[] = [];

const selectClass =
  'max-w-44 truncate rounded-md border border-slate-300 bg-white py-1 pr-6 pl-2 text-xs text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600';

/**
 * "Answer from" under the composer (decision 044): everything, the notes, the lessons, the cards or one deck, which
 * then offers a second list of the person's decks (read only once it is chosen). A mentioned note is still read alone.
 */
export function ScopePicker({ state }: { state: ScopeState }) {
  const { choice, setChoice, deckId, setDeckId } = state;
  const hintId = useId();
  const decks = useServerQuery({ ...decksQuery, enabled: choice === 'deck' });
  const list = decks.data?.decks ?? NO_DECKS;
  const chosen = list.some((deck) => deck.id === deckId);
  const firstDeck = list[0]?.id;
  // The first deck until one is picked, and again when the picked one is gone.
  useEffect(() => {
    if (choice === 'deck' && firstDeck !== undefined && !chosen) setDeckId(firstDeck);
  }, [choice, firstDeck, chosen, setDeckId]);

  return (
    <div className="inline-flex flex-wrap items-center gap-1.5 text-xs text-slate-600">
      <label className="inline-flex items-center gap-1.5">
        <span>Answer from</span>
        <select
          value={choice}
          aria-describedby={hintId}
          onChange={(event) => setChoice(event.target.value as ScopeChoice)}
          className={selectClass}
        >
          {SCOPE_CHOICES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <span id={hintId} className="sr-only">
        A message that mentions a note is answered from that note.
      </span>
      {choice === 'deck' &&
        (decks.isPending ? (
          <span role="status">Loading decks…</span>
        ) : list.length === 0 ? (
          <span role="status">{decks.isError ? 'Could not load the decks.' : 'No decks yet.'}</span>
        ) : (
          <select
            aria-label="Deck"
            value={chosen ? deckId! : list[0]!.id}
            onChange={(event) => setDeckId(event.target.value)}
            className={selectClass}
          >
            {list.map((deck) => (
              <option key={deck.id} value={deck.id}>
                {deckOptionLabel(deck.name)}
              </option>
            ))}
          </select>
        ))}
    </div>
  );
}
