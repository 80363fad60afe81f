import { z } from './zod';
import { IdSchema, type CardKind, type CardSource } from './cards';
import { TimeZoneSchema } from './cards-day';

/** FSRS (docs/decisions/012-flashcards.md): the retention a learner aims for, and the day's limits. */
export const DESIRED_RETENTION_DEFAULT = 0.9;
export const DESIRED_RETENTION_MIN = 0.7;
export const DESIRED_RETENTION_MAX = 0.97;
export const NEW_CARDS_PER_DAY_DEFAULT = 20;
export const REVIEWS_PER_DAY_DEFAULT = 200;
export const CARDS_PER_DAY_MAX = 9999;
/** A card's answer time is kept up to this (a tab left open is not an hour of study). */
export const REVIEW_DURATION_MAX_MS = 10 * 60_000;

/** Again, Hard, Good, Easy: the keys 1 to 4. */
export const RATINGS = [1, 2, 3, 4] as const;
export type Rating = (typeof RATINGS)[number];
export const RATING_LABELS: Record<Rating, string> = { 1: 'Again', 2: 'Hard', 3: 'Good', 4: 'Easy' };

/** FSRS card states, as ts-fsrs numbers them. */
export const CardState = { NEW: 0, LEARNING: 1, REVIEW: 2, RELEARNING: 3 } as const;
export type CardStateId = (typeof CardState)[keyof typeof CardState];

/**
 * The daily load (docs/decisions/043-daily-load.md): how much of a day's load a weekday takes when load balancing
 * places a review ("Easy Days"): a Normal day its share, a Reduced day about half, a Minimum day none unless every
 * day in reach is Minimum.
 */
export const EASY_DAY_LEVELS = ['normal', 'reduced', 'minimum'] as const;
export type EasyDayLevel = (typeof EASY_DAY_LEVELS)[number];
export const EASY_DAY_LABELS: Record<EasyDayLevel, string> = {
  normal: 'Normal',
  reduced: 'Reduced',
  minimum: 'Minimum',
};
/** The weekdays `easyDays` lists, Monday first. */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export const EASY_DAYS_DEFAULT: EasyDayLevel[] = WEEKDAYS.map(() => 'normal');

/** The order of the day's due reviews: the most overdue first, or the lowest retrievability first. */
export const REVIEW_ORDERS = ['due', 'retrievability'] as const;
export type ReviewOrder = (typeof REVIEW_ORDERS)[number];
export const REVIEW_ORDER_LABELS: Record<ReviewOrder, string> = {
  due: 'Due date (most overdue first)',
  retrievability: 'Retrievability ascending',
};

export interface CardSettings {
  desiredRetention: number;
  newPerDay: number;
  reviewsPerDay: number;
  /** FSRS weights the optimizer fitted to the learner's log (read-only here); absent or null: FSRS's defaults. */
  weights?: number[] | null;
  /** A review's due day is placed on the lightest day of its fuzz range (on unless turned off). */
  loadBalancing: boolean;
  /** Each weekday's load level, Monday first (seven). */
  easyDays: EasyDayLevel[];
  reviewOrder: ReviewOrder;
}

const perDay = (what: string) =>
  z.coerce
    .number({ error: `${what} must be a number.` })
    .int(`${what} must be a whole number.`)
    .min(0, `${what} is 0 or more.`)
    .max(CARDS_PER_DAY_MAX, `${what} is at most ${CARDS_PER_DAY_MAX}.`);

export const CardSettingsSchema = z.object({
  desiredRetention: z.coerce
    .number({ error: 'Desired retention must be a number.' })
    .min(DESIRED_RETENTION_MIN, `Desired retention is between ${DESIRED_RETENTION_MIN} and ${DESIRED_RETENTION_MAX}.`)
    .max(DESIRED_RETENTION_MAX, `Desired retention is between ${DESIRED_RETENTION_MIN} and ${DESIRED_RETENTION_MAX}.`),
  newPerDay: perDay('New cards a day'),
  reviewsPerDay: perDay('Reviews a day'),
  /** The daily load settings are optional: a client that sends none leaves them as they are. */
  loadBalancing: z.boolean({ error: 'Send load balancing as true or false.' }).optional(),
  easyDays: z
    .array(z.enum(EASY_DAY_LEVELS, { error: 'Each easy day is normal, reduced or minimum.' }), {
      error: 'Send easy days as seven levels, Monday first.',
    })
    .length(WEEKDAYS.length, 'Send easy days as seven levels, Monday first.')
    .optional(),
  reviewOrder: z.enum(REVIEW_ORDERS, { error: 'The review order is due or retrievability.' }).optional(),
});
/** The settings a save sends, once checked. */
export type CardSettingsInput = z.infer<typeof CardSettingsSchema>;

/** How long a rating would put the card away, and until when. */
export interface IntervalPreview {
  due: number;
  /** "1m", "10m", "3d", "2mo", "1.5y". */
  label: string;
}

/** A card to review: its note's text (the client draws the sides), where it came from, and the four intervals. */
export interface ReviewCard {
  id: string;
  noteId: string;
  deckId: string;
  deckName: string;
  kind: CardKind;
  ordinal: number;
  front: string;
  back: string;
  /**
   * A card of a kept Anki note type: its note type's CSS, scoped under `.anki-card` and stripped of what could reach
   * outside the card (packages/shared/src/cards-css.ts); absent when there is none.
   */
  css?: string;
  source: CardSource | null;
  state: CardStateId;
  intervals: Record<Rating, IntervalPreview>;
  /** The state this card is shown in; a grade sends it back as `base` (a grade is made once: decision 012). */
  base: GradeBase;
}

export interface QueueCounts {
  new: number;
  learning: number;
  review: number;
}

/** `GET /api/cards/review/next?deckId=&tz=`: the next card, or none with when a learning card comes back. */
export interface NextCardResponse {
  card: ReviewCard | null;
  counts: QueueCounts;
  /** When no card is due now: the next learning card's due time today, if any. */
  nextDueAt: number | null;
}

export const NextCardQuerySchema = z.object({
  deckId: IdSchema.optional(),
  tz: TimeZoneSchema.default('UTC'),
  /** Also learning cards due later today (the learner chose to study ahead). */
  ahead: z.enum(['0', '1']).default('0'),
});

/**
 * The card state a grade is made on (a grade is made once: decision 012): how many times the card was reviewed and when last (ms, null when
 * never). A grade and its undo move these; nothing else does. The server records a grade only when the card is
 * still in this state; the same grade on it again gets the first answer, another grade is 409.
 */
export const GradeBaseSchema = z.object(
  {
    reps: z.number({ error: 'Send the card’s review count.' }).int().min(0),
    lastReview: z.number({ error: 'Send when the card was last reviewed (ms), or null.' }).int().min(0).nullable(),
  },
  { error: 'Send the card’s state as { reps, lastReview }.' },
);
export type GradeBase = z.infer<typeof GradeBaseSchema>;

/** 409 to a grade whose `base` the card has left (graded in another tab, or undone and graded otherwise). */
export const CARD_ALREADY_REVIEWED_MESSAGE = 'This card was already reviewed. Reload to see its new due date.';

export const GradeBodySchema = z.object({
  cardId: IdSchema,
  rating: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
    error: 'Rate the card 1 (Again), 2 (Hard), 3 (Good) or 4 (Easy).',
  }),
  /** How long the learner looked at the card before rating it. */
  durationMs: z
    .number({ error: 'Send the answer time in ms.' })
    .int()
    .min(0)
    .transform((ms) => Math.min(ms, REVIEW_DURATION_MAX_MS)),
  /** The state the card was shown in (`ReviewCard.base`). Optional so older clients keep working; the web sends it. */
  base: GradeBaseSchema.optional(),
  /** The queue whose next card the answer carries; older clients send none and get every deck's, in UTC. */
  queue: z
    .object(
      {
        deckId: IdSchema.optional(),
        tz: TimeZoneSchema.default('UTC'),
        /** Also learning cards due later today (the learner chose to study ahead). */
        ahead: z.boolean({ error: 'Send ahead as true or false.' }).default(false),
      },
      { error: 'Send the queue as { deckId?, tz, ahead }.' },
    )
    .optional(),
});

export interface GradeResponse {
  cardId: string;
  state: CardStateId;
  due: number;
  /**
   * The next card of the body's `queue`, once this grade is made: what `GET /api/cards/review/next` answers then,
   * so a review is one round trip. Absent only from an answer kept for an `Idempotency-Key` before it was added.
   */
  next?: NextCardResponse;
}

/** `POST /api/cards/review/undo`: the card the last grade is taken back from, as it was before it. */
export interface UndoResponse {
  card: ReviewCard;
}
