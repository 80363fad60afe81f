import { CardState, type CardStateId } from '@turtle/shared/cards-review';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '@turtle/shared/constants';
import type { CardMemory } from '../review/scheduler';

/**
 * Anki's scheduling columns and FSRS memory state, both ways, as pure functions (docs/decisions/040-anki-fsrs-state.md).
 * Anki keeps a card's memory state in `cards.data` (JSON: `s` stability, `d` difficulty 1-10, `dr` desired retention,
 * `decay`, `lrt` last review in seconds; rslib's storage/card/data.rs), a review card's due date as a day number
 * counted from the collection's creation (`col.crt`), a learning card's as epoch seconds, and its remaining learning
 * steps in `left`.
 */

/** How a collection counts its days: `col.crt` and the offsets of its config (minutes west of UTC, as Anki keeps them). */
export interface AnkiScheduling {
  /** The collection's creation, in seconds. */
  crt: number;
  /** `creationOffset`: the offset day 0 was counted in; null when the config names none. */
  creationMinutesWest: number | null;
  /** `localOffset`: the learner's offset when Anki last ran; null when the config names none. */
  localMinutesWest: number | null;
  /** `fsrs` in the config: false when the collection says FSRS is off (its memory states are then not kept current). */
  fsrs: boolean | null;
}

/** An Anki card's scheduling columns. */
export interface AnkiCardScheduling {
  /** 0 new, 1 learning, 2 review, 3 relearning. */
  type: number;
  /** -3..-1 buried or suspended, 0 new, 1 learning (due in seconds), 2 review, 3 learning across days, 4 preview. */
  queue: number;
  due: number;
  /** A card in a filtered deck keeps its own due date here (`odue`; 0 otherwise). */
  originalDue: number;
  ivl: number;
  reps: number;
  lapses: number;
  left: number;
  data: string;
}

export interface AnkiMemoryState {
  stability: number;
  difficulty: number;
  desiredRetention?: number;
  /** Seconds. */
  lastReview?: number;
}

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The memory state in a card's `data`, or null when it holds none (or one that cannot be a memory state). */
export function parseCardData(data: string): AnkiMemoryState | null {
  if (!data || data.length > 10_000) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { s, d, dr, lrt } = parsed as Record<string, unknown>;
  if (!finite(s) || !finite(d) || s <= 0 || d < 1 || d > 10) return null;
  return {
    stability: Math.min(s, 36_500),
    difficulty: d,
    ...(finite(dr) && dr > 0 && dr < 1 ? { desiredRetention: dr } : {}),
    ...(finite(lrt) && lrt > 0 ? { lastReview: Math.floor(lrt) } : {}),
  };
}

/** Anki bounds an offset to ±23 hours (rslib's fixed_offset_from_minutes). */
const boundedWest = (minutes: number | null) => Math.max(-23 * 60, Math.min(23 * 60, minutes ?? 0));

/**
 * The instant Turtle gives Anki's day number `day`. Anki's day 0 is the date of `crt` in the creation offset, and a
 * day number names the date that many days later, whatever the rollover hour (rslib's scheduler/timing.rs: days
 * elapsed are the dates between creation and now, less one before the rollover). Turtle's study day with the same
 * date is the same day (docs/decisions/012-flashcards.md); the card falls due at noon on it in the learner's Anki
 * clock, eight hours from either 4 am boundary, so it is due on that day in any zone near the one Anki counted in.
 */
export function ankiDayInstant(day: number, scheduling: AnkiScheduling): number {
  const creationWest = boundedWest(scheduling.creationMinutesWest ?? scheduling.localMinutesWest);
  const createdDate = Math.floor((scheduling.crt * 1000 - creationWest * MINUTE_MS) / DAY_MS);
  const localWest = boundedWest(scheduling.localMinutesWest ?? scheduling.creationMinutesWest);
  return (createdDate + day) * DAY_MS + 12 * HOUR_MS + localWest * MINUTE_MS;
}

/** Turtle's learning steps (ts-fsrs's defaults: 1 and 10 minutes; 10 minutes after a lapse): how many each state has. */
export const stepsFor = (state: CardStateId) => (state === CardState.RELEARNING ? 1 : 2);

/** ts-fsrs counts the steps done, Anki the steps left (`left % 1000`; rslib's LearningSteps::get_index). */
export function learningStepsFromLeft(state: CardStateId, left: number): number {
  const total = stepsFor(state);
  return Math.min(Math.max(0, total - (left % 1000)), total - 1);
}

export const leftFromLearningSteps = (state: CardStateId, learningSteps: number) =>
  Math.max(1, stepsFor(state) - learningSteps);

/**
 * An Anki card's state as Turtle keeps it: Anki's type, due date, interval, steps, reps and lapses as they are (no
 * fuzz applied again), and the memory state of its `data` when it has one (`memory` false: stability and difficulty
 * are still to be found by replaying the log). A new card, or a type Turtle has no state for, is null.
 * `lastReviewAt` is the last grade in the log (ms), for a card whose `data` has no `lrt`.
 */
export function ankiCardMemory(
  card: AnkiCardScheduling,
  scheduling: AnkiScheduling,
  lastReviewAt: number | null,
): { memory: CardMemory; fromData: boolean } | null {
  const state = ([CardState.LEARNING, CardState.REVIEW, CardState.RELEARNING] as number[]).includes(card.type)
    ? (card.type as CardStateId)
    : null;
  if (state === null) return null;
  const due = card.originalDue !== 0 ? card.originalDue : card.due;
  // A review card's due is a day number, as is a learning card's across days (queue 3); otherwise epoch seconds.
  const inDays = state === CardState.REVIEW || card.queue === 3 || due < 1_000_000_000;
  const dueAt = inDays ? ankiDayInstant(due, scheduling) : due * 1000;
  const scheduledDays = state === CardState.REVIEW ? Math.max(0, Math.floor(card.ivl)) : 0;
  const stored = scheduling.fsrs === false ? null : parseCardData(card.data);
  const lastReview =
    stored?.lastReview !== undefined
      ? stored.lastReview * 1000
      : (lastReviewAt ?? (state === CardState.REVIEW ? dueAt - scheduledDays * DAY_MS : null));
  return {
    memory: {
      state,
      due: dueAt,
      stability: stored?.stability ?? 0,
      difficulty: stored?.difficulty ?? 0,
      elapsedDays: 0,
      scheduledDays,
      learningSteps: state === CardState.REVIEW ? 0 : learningStepsFromLeft(state, card.left),
      reps: Math.max(0, Math.floor(card.reps)),
      lapses: Math.max(0, Math.floor(card.lapses)),
      lastReview,
    },
    fromData: stored !== null,
  };
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/**
 * A card's `data` as Anki writes it (rslib's CardData::convert_to_json: keys in its order, stability to 4 places,
 * difficulty to 3, retention to 2, decay to 3, the last review in seconds); a new card has no memory state: `{}`.
 */
export function ankiCardData(
  memory: Pick<CardMemory, 'state' | 'stability' | 'difficulty' | 'lastReview'>,
  desiredRetention: number,
  decay: number | null,
): string {
  if (memory.state === CardState.NEW || memory.stability <= 0) return '{}';
  return JSON.stringify({
    s: round(memory.stability, 4),
    d: round(memory.difficulty, 3),
    dr: round(desiredRetention, 2),
    ...(decay === null ? {} : { decay: round(decay, 3) }),
    ...(memory.lastReview === null ? {} : { lrt: Math.floor(memory.lastReview / 1000) }),
  });
}

/** One review as the export reads it from the log. */
export interface LoggedReview {
  reviewedAt: number;
  rating: number;
  durationMs: number;
  stateBefore: number;
  stateAfter: number;
  dueAfter: number;
  scheduledDays: number;
  difficultyAfter: number;
}

/** Anki's revlog `type` for the state a card was in: 0 learning (a new card too), 1 review, 2 relearning. */
export const ankiReviewKind = (stateBefore: number) =>
  stateBefore === CardState.REVIEW ? 1 : stateBefore === CardState.RELEARNING ? 2 : 0;

/**
 * A review's revlog columns as Anki writes them with FSRS on (rslib's answering/revlog.rs): `ivl` the interval given,
 * in days, or in negative seconds for a learning step; `lastIvl` the one before (0 for a new card); `factor` the
 * difficulty after the review shifted to 0.1-1.1, times 1000 (FsrsMemoryState::difficulty_shifted).
 */
export function ankiRevlogColumns(review: LoggedReview, lastIvl: number) {
  const ivl =
    review.stateAfter === CardState.REVIEW
      ? Math.max(1, review.scheduledDays)
      : -Math.max(1, Math.round((review.dueAfter - review.reviewedAt) / 1000));
  const factor = review.difficultyAfter > 0 ? Math.round(((review.difficultyAfter - 1) / 9 + 0.1) * 1000) : 0;
  return { ivl, lastIvl, factor, type: ankiReviewKind(review.stateBefore) };
}
