import type { CardContent } from '@turtle/shared/cards';
import type { CardNoteSide } from '@turtle/shared/cards-template';
import { REVIEW_DURATION_MAX_MS } from '@turtle/shared/cards-review';
import type { ImportedReview } from '../decks/card-notes.repository';
import type { Rating } from '@turtle/shared/cards-review';
import { fromFsrsCard, gradeAt, newCardMemory, type CardMemory, type SchedulerSettings } from '../review/scheduler';
import type { AnkiReview } from './anki-collection';
import type { AnkiCardState } from './anki-import-state';

/**
 * A card's Anki history replayed through the learner's own FSRS scheduler: each grade at its time, so the card's
 * state and the log are exactly what grading those cards here would have made (and undo and the optimizer read
 * them as any other review). Elapsed days are study days in `zone` (4 am there, as a grade made here counts
 * them): UTC, since the import request names no zone (docs/decisions/012-flashcards.md).
 */
export function replayHistory(
  reviews: AnkiReview[],
  settings: SchedulerSettings,
  zone = 'UTC',
): { memory: CardMemory; reviews: ImportedReview[] } {
  let memory = newCardMemory(reviews[0]!.at);
  const logs: ImportedReview[] = [];
  for (const review of reviews) {
    const before = memory;
    const at = Math.max(review.at, before.lastReview ?? 0);
    const { card, log } = gradeAt(before, settings, at, review.ease as Rating, zone);
    memory = fromFsrsCard(card);
    logs.push({
      rating: review.ease,
      stateBefore: before.state,
      stateAfter: memory.state,
      dueBefore: before.due,
      dueAfter: memory.due,
      stabilityBefore: before.stability,
      difficultyBefore: before.difficulty,
      stabilityAfter: memory.stability,
      difficultyAfter: memory.difficulty,
      elapsedDays: log.elapsed_days,
      lastElapsedDays: log.last_elapsed_days,
      scheduledDays: memory.scheduledDays,
      learningSteps: log.learning_steps,
      reviewedAt: review.at,
      durationMs: Math.min(Math.max(0, review.timeMs), REVIEW_DURATION_MAX_MS),
      previous: before,
    });
  }
  return { memory, reviews: logs };
}

/**
 * A card's replayed log as the import's worker hands it over: one JSON array per review, the columns of
 * `review_logs` in `LOG_COLUMNS` order, `previous` last. The main thread never makes an object per review; the
 * database reads the text (`jsonb_array_elements`), which on PGlite is also three times faster than a multi-row
 * insert with a parameter per value.
 */
export interface PackedHistory {
  ordinal: number;
  memory: CardMemory;
  /** JSON: `[[rating, stateBefore, …, durationMs, previous], …]`. */
  logs: string;
  count: number;
}

export const LOG_COLUMNS = [
  ['rating', 'smallint'],
  ['state_before', 'smallint'],
  ['state_after', 'smallint'],
  ['due_before', 'bigint'],
  ['due_after', 'bigint'],
  ['stability_before', 'double precision'],
  ['difficulty_before', 'double precision'],
  ['stability_after', 'double precision'],
  ['difficulty_after', 'double precision'],
  ['elapsed_days', 'integer'],
  ['last_elapsed_days', 'integer'],
  ['scheduled_days', 'integer'],
  ['learning_steps', 'integer'],
  ['reviewed_at', 'bigint'],
  ['duration_ms', 'integer'],
] as const;

export function packHistory(reviews: ImportedReview[]): string {
  return JSON.stringify(
    reviews.map((review) => [
      review.rating,
      review.stateBefore,
      review.stateAfter,
      review.dueBefore,
      review.dueAfter,
      review.stabilityBefore,
      review.difficultyBefore,
      review.stabilityAfter,
      review.difficultyAfter,
      review.elapsedDays,
      review.lastElapsedDays,
      review.scheduledDays,
      review.learningSteps,
      review.reviewedAt,
      review.durationMs,
      review.previous,
    ]),
  );
}

/**
 * One card's state and log as the worker hands them over. Without Anki's state, the log replayed through the
 * learner's scheduler gives both, as it always did. With it, the card is Anki's: its memory state as the package
 * has it (or, when `cards.data` holds none, the stability and difficulty the replay finds), its due date as Anki
 * placed it, never fuzzed again. The log's rows still hold the replay's memory columns (Anki keeps no stability per
 * review), its last row ending where the card is, so undoing it and the analytics agree with the card.
 */
export function packCard(
  ordinal: number,
  reviews: AnkiReview[],
  anki: AnkiCardState | undefined,
  settings: SchedulerSettings,
): PackedHistory {
  const replayed = reviews.length ? replayHistory(reviews, settings) : null;
  let memory: CardMemory;
  if (!anki) memory = replayed!.memory;
  else if (anki.fromData || !replayed) memory = anki.memory;
  else {
    memory = { ...anki.memory, stability: replayed.memory.stability, difficulty: replayed.memory.difficulty };
  }
  const logs = replayed?.reviews ?? [];
  const last = logs.at(-1);
  if (anki && last) {
    logs[logs.length - 1] = {
      ...last,
      stateAfter: memory.state,
      dueAfter: memory.due,
      stabilityAfter: memory.stability,
      difficultyAfter: memory.difficulty,
      scheduledDays: memory.scheduledDays,
    };
  }
  return { ordinal, memory, logs: packHistory(logs), count: logs.length };
}

/** A planned note as the worker hands it over: its cards' histories replayed and packed. */
export interface PackedNote {
  guid: string;
  content: CardContent;
  history: PackedHistory[];
  /** A note of a kept note type (docs/decisions/042-anki-note-types.md): the plan's `noteTypes` index, fields, sides. */
  custom?: { noteType: number; fields: string[]; sides: CardNoteSide[] };
  /** By ordinal, the deck name of a card that sits in another deck than the note. */
  cardDecks?: Map<number, string>;
}

/**
 * The plan's notes with every card's state and history packed, by deck: Anki's own state where the card has one,
 * else its log replayed (`packCard`).
 */
export function packPlan(
  byDeck: Map<
    string,
    {
      guid: string;
      content: CardContent;
      history: Map<number, AnkiReview[]>;
      anki?: Map<number, AnkiCardState>;
      custom?: PackedNote['custom'];
      cardDecks?: Map<number, string>;
    }[]
  >,
  settings: SchedulerSettings,
): [string, PackedNote[]][] {
  return [...byDeck].map(([deck, notes]) => [
    deck,
    notes.map((note) => ({
      guid: note.guid,
      content: note.content,
      history: [...new Set([...note.history.keys(), ...(note.anki?.keys() ?? [])])].map((ordinal) =>
        packCard(ordinal, note.history.get(ordinal) ?? [], note.anki?.get(ordinal), settings),
      ),
      ...(note.custom ? { custom: note.custom } : {}),
      ...(note.cardDecks ? { cardDecks: note.cardDecks } : {}),
    })),
  ]);
}
