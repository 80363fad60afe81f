import type { CardMemory } from '../review/scheduler';
import type { AnkiCard, AnkiReview } from './anki-collection';
import { ankiCardMemory, type AnkiScheduling } from './anki-fsrs';

/** An Anki card's own state as Turtle keeps it; `fromData`: its memory state came from the package, not a replay. */
export interface AnkiCardState {
  memory: CardMemory;
  fromData: boolean;
}

/**
 * The state an imported card takes from Anki (docs/decisions/040-anki-fsrs-state.md): a card Anki has seen keeps its
 * type, due date, interval, steps, reps and lapses, and its memory state when `cards.data` has one. A card new in
 * Anki, or one with neither a memory state nor a log to find one from, is null: it comes in as before (replayed from
 * its log, or new).
 */
export function ankiCardState(
  card: Pick<AnkiCard, 'scheduling'>,
  scheduling: AnkiScheduling | undefined,
  log: AnkiReview[] | undefined,
): AnkiCardState | null {
  if (!card.scheduling || !scheduling) return null;
  const state = ankiCardMemory(card.scheduling, scheduling, log?.at(-1)?.at ?? null);
  if (!state || (!state.fromData && !log?.length)) return null;
  return state;
}
