import type { CardContent } from '@turtle/shared/cards';
import type { CardNoteSide } from '@turtle/shared/cards-template';
import { REVIEW_DURATION_MAX_MS } from '@turtle/shared/cards-review';
import type { ImportedReview } from '../decks/card-notes.repository';
import type { Rating } from '@turtle/shared/cards-review';
import type { RecordLogItem } from 'ts-fsrs';
import { ratingInterval } from '../review/fuzz-range';
import type { PlacedReview } from '../review/load-balancer';
import { fromFsrsCard, gradeAt, newCardMemory, type CardMemory, type SchedulerSettings } from '../review/scheduler';
import type { AnkiReview } from './anki-collection';
import type { AnkiCardState } from './anki-import-state';
import { LogBytes } from './apkg-log-bytes';

/**
 * A card's Anki history replayed through the learner's own FSRS scheduler: each grade at its time, so the card's
 * state and the log are exactly what grading those cards here would have made (and undo and the optimizer read
 * them as any other review). Elapsed days are study days in `zone` (4 am there, as a grade made here counts
 * them): the zone the import names, UTC when it names none (docs/decisions/012-flashcards.md). `last` is the last
 * grade as ts-fsrs made it, at `lastAt`.
 */
export function replayHistory(
  reviews: AnkiReview[],
  settings: SchedulerSettings,
  zone = 'UTC',
): { memory: CardMemory; reviews: ImportedReview[]; last: RecordLogItem; lastAt: number } {
  let memory = newCardMemory(reviews[0]!.at);
  const logs: ImportedReview[] = [];
  let last: RecordLogItem | undefined;
  let lastAt = 0;
  for (const review of reviews) {
    const before = memory;
    const at = Math.max(review.at, before.lastReview ?? 0);
    last = gradeAt(before, settings, at, review.ease as Rating, zone);
    lastAt = at;
    const { card, log } = last;
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
  return { memory, reviews: logs, last: last!, lastAt };
}

/**
 * A card's replayed log as the import's worker hands it over: one JSON array per review, the columns of
 * `review_logs` in `LOG_COLUMNS` order, `previous` last. The main thread never makes an object or a string per
 * review; the database reads the bytes (`jsonb_array_elements`), which on PGlite is also three times faster than a
 * multi-row insert with a parameter per value.
 */
export interface PackedHistory {
  ordinal: number;
  memory: CardMemory;
  /**
   * The rows before the last, as JSON array elements separated by commas (`[rating, stateBefore, …, durationMs,
   * [previous's values in `MEMORY_KEYS` order]],…`), in one of the worker's transferred buffers (apkg-log-bytes.ts).
   */
  earlier: Uint8Array;
  /** The last row as JSON (load balancing may change it), empty when the card has no review. */
  last: string;
  count: number;
  /**
   * A due date the replay computed on a day interval fuzz moved: its review time, interval and fuzz range, for the
   * import to place on the lightest day (load balancing, docs/decisions/043-daily-load.md). Never on Anki's own.
   */
  balance?: PlacedReview;
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

/**
 * `previous` (the card before the review) as an array in this order, made an object again by the insert
 * (`jsonb_build_object`): its names repeated on every row were 40% of the log's text, in the worker and in the server.
 */
export const MEMORY_KEYS = [
  'state',
  'due',
  'stability',
  'difficulty',
  'elapsedDays',
  'scheduledDays',
  'learningSteps',
  'reps',
  'lapses',
  'lastReview',
] as const satisfies readonly (keyof CardMemory)[];

/** The rows of a log, each as `LOG_COLUMNS` then `previous` as an array (`MEMORY_KEYS` order). */
export function packRows(reviews: ImportedReview[]): unknown[][] {
  return reviews.map((review) => [
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
    MEMORY_KEYS.map((key) => review.previous[key]),
  ]);
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
  zone = 'UTC',
  bytes = new LogBytes(),
): PackedHistory {
  const replayed = reviews.length ? replayHistory(reviews, settings, zone) : null;
  let memory: CardMemory;
  if (!anki) memory = replayed!.memory;
  else if (anki.fromData || !replayed) memory = anki.memory;
  else {
    memory = { ...anki.memory, stability: replayed.memory.stability, difficulty: replayed.memory.difficulty };
  }
  const logs = replayed?.reviews ?? [];
  const lastLog = logs.at(-1);
  if (anki && lastLog) {
    logs[logs.length - 1] = {
      ...lastLog,
      stateAfter: memory.state,
      dueAfter: memory.due,
      stabilityAfter: memory.stability,
      difficultyAfter: memory.difficulty,
      scheduledDays: memory.scheduledDays,
    };
  }
  const rows = packRows(logs);
  const last = rows.pop();
  const packed: PackedHistory = {
    ordinal,
    memory,
    // The rows before the last, without the array's brackets.
    earlier: bytes.add(JSON.stringify(rows).slice(1, -1)),
    last: last ? JSON.stringify(last) : '',
    count: logs.length,
  };
  const interval = !anki && replayed ? ratingInterval(replayed.last, replayed.lastAt, settings) : undefined;
  if (interval?.range) packed.balance = { at: replayed!.lastAt, fuzzed: interval.fuzzed, range: interval.range };
  return packed;
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
 * else its log replayed (`packCard`). Each note's Anki reviews are taken out of `byDeck` as it is packed.
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
  zone = 'UTC',
  bytes = new LogBytes(),
): [string, PackedNote[]][] {
  return [...byDeck].map(([deck, notes]) => [
    deck,
    notes.map((note) => {
      const history = [...new Set([...note.history.keys(), ...(note.anki?.keys() ?? [])])].map((ordinal) =>
        packCard(ordinal, note.history.get(ordinal) ?? [], note.anki?.get(ordinal), settings, zone, bytes),
      );
      // A note's Anki reviews go once packed: the packed log is held in their place, not beside them.
      note.history.clear();
      return {
        guid: note.guid,
        content: note.content,
        history,
        ...(note.custom ? { custom: note.custom } : {}),
        ...(note.cardDecks ? { cardDecks: note.cardDecks } : {}),
      };
    }),
  ]);
}
