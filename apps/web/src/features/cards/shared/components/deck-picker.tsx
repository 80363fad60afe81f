import { useId } from 'react';
import { DECK_NAME_MAX_LENGTH, type DeckChoice } from '@turtle/shared/cards';

export const NEW_DECK = '__new__';

export interface DeckPickerValue {
  /** A deck id, or NEW_DECK with `newName`. */
  deckId: string;
  newName: string;
}

/** The request's deck: one the person has, or a new one by name. Undefined while a new deck has no name. */
export function deckChoiceOf(value: DeckPickerValue): DeckChoice | undefined {
  if (value.deckId !== NEW_DECK) return { deckId: value.deckId };
  const name = value.newName.trim();
  return name ? { deckName: name } : undefined;
}

interface DeckPickerProps {
  decks: { id: string; name: string }[];
  value: DeckPickerValue;
  onChange: (value: DeckPickerValue) => void;
  label?: string;
}

/** Picks a deck, or names a new one ("New deck…"). */
export function DeckPicker({ decks, value, onChange, label = 'Deck' }: DeckPickerProps) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        value={value.deckId}
        onChange={(event) => onChange({ ...value, deckId: event.target.value })}
        className="h-10 min-w-0 max-w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900"
      >
        {decks.map((deck) => (
          <option key={deck.id} value={deck.id}>
            {deck.name}
          </option>
        ))}
        <option value={NEW_DECK}>New deck…</option>
      </select>
      {value.deckId === NEW_DECK && (
        <input
          aria-label="New deck name"
          value={value.newName}
          maxLength={DECK_NAME_MAX_LENGTH}
          placeholder="Deck name"
          onChange={(event) => onChange({ ...value, newName: event.target.value })}
          className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 px-3 text-sm"
        />
      )}
    </div>
  );
}

/** The picker's first value: the deck asked for, else the first deck, else a new deck named "My cards". */
export function initialDeckValue(decks: { id: string }[], preferred?: string | null): DeckPickerValue {
  if (preferred && decks.some((deck) => deck.id === preferred)) return { deckId: preferred, newName: '' };
  return decks[0] ? { deckId: decks[0].id, newName: '' } : { deckId: NEW_DECK, newName: 'My cards' };
}
