import { and, asc, count, desc, eq, gte, inArray, lt, lte, min, sql, type SQL } from 'drizzle-orm';
import type { StudyDay } from '@turtle/shared/cards-day';
import { scopeNoteCss } from '@turtle/shared/cards-css';
import { CardState, type CardSettings, type QueueCounts, type ReviewCard } from '@turtle/shared/cards-review';
import { DAY_MS, MINUTE_MS } from '@turtle/shared/constants';
import type { DbOrTx } from '../../../db/database';
import { cardNotes, cardNoteTypes, cards, decks, reviewLogs } from '../cards.tables';
import { memoryColumns } from './review.repository';
import { previewIntervals } from './scheduler';

/** With nothing else left, a learning card due this soon is shown early (Anki's "learn ahead limit"). */
export const LEARN_AHEAD_MS = 20 * MINUTE_MS;

const LEARNING = [CardState.LEARNING, CardState.RELEARNING];

interface QueueScope {
  userId: string;
  /** A deck and its subdecks (docs/decisions/041-subdecks.md); none is every deck. */
  deckIds?: string[];
  day: StudyDay;
  /** The learner's zone: the buttons' intervals count elapsed days in its study days, as the grade will. */
  zone?: string;
  now: number;
  settings: CardSettings;
}

/**
 * Learning cards count until the day ends, or until the learn-ahead limit when that reaches past the day's end: a
 * step due a few minutes after the 4 am cutoff stays in the session it was learnt in.
 */
function learningUntil(scope: QueueScope) {
  return Math.max(scope.day.end, scope.now + LEARN_AHEAD_MS + 1);
}

function scoped(scope: QueueScope, ...conditions: (SQL | undefined)[]) {
  return and(
    eq(cards.userId, scope.userId),
    scope.deckIds ? inArray(cards.deckId, scope.deckIds) : undefined,
    ...conditions,
  );
}

/** What is left of today's limits: new cards and reviews already done since the day started count against them. */
export async function remainingToday(db: DbOrTx, scope: QueueScope) {
  const rows = await db
    .select({ state: reviewLogs.stateBefore, done: count() })
    .from(reviewLogs)
    .where(and(eq(reviewLogs.userId, scope.userId), gte(reviewLogs.reviewedAt, scope.day.start)))
    .groupBy(reviewLogs.stateBefore);
  const done = (state: number) => rows.find((row) => row.state === state)?.done ?? 0;
  return {
    new: Math.max(0, scope.settings.newPerDay - done(CardState.NEW)),
    review: Math.max(0, scope.settings.reviewsPerDay - done(CardState.REVIEW)),
  };
}

/** A count that stops at `limit` (reads at most that many index entries). */
function cappedCount(where: SQL | undefined, limit: number) {
  return sql<number>`(select count(*) from (select 1 from ${cards} where ${where} limit ${limit}) as capped)`.mapWith(
    Number,
  );
}

/**
 * Today's queue, counted: learning cards due before the day ends or within the learn-ahead (no limit: they are under
 * way), reviews due before
 * it ends and new cards, each within what is left of the day's limit. One statement.
 */
export async function queueCounts(db: DbOrTx, scope: QueueScope): Promise<QueueCounts> {
  const left = await remainingToday(db, scope);
  const rows = await db
    .select({
      learning:
        sql<number>`(select count(*) from ${cards} where ${scoped(scope, inArray(cards.state, LEARNING), lt(cards.due, learningUntil(scope)))})`.mapWith(
          Number,
        ),
      review: cappedCount(scoped(scope, eq(cards.state, CardState.REVIEW), lt(cards.due, scope.day.end)), left.review),
      new: cappedCount(scoped(scope, eq(cards.state, CardState.NEW)), left.new),
    })
    .from(sql`(select 1) as one`);
  return rows[0] ?? { learning: 0, review: 0, new: 0 };
}

const reviewCardColumns = {
  id: cards.id,
  noteId: cards.noteId,
  deckId: cards.deckId,
  deckName: decks.name,
  kind: cardNotes.kind,
  ordinal: cards.ordinal,
  front: cardNotes.front,
  back: cardNotes.back,
  sides: cardNotes.sides,
  css: cardNoteTypes.css,
  source: cardNotes.source,
  ...memoryColumns,
};

/**
 * "Retrievability ascending" (docs/decisions/043-daily-load.md): FSRS's retrievability falls as the time since the
 * last review grows against the stability, by one curve for all of a person's cards (one set of weights), so the
 * most forgotten card is the one with the most elapsed time per unit of stability. A card with no last review counts
 * from when its interval began.
 */
const leastRetrievable = (now: number) =>
  desc(
    sql`(${now}::bigint - coalesce(${cards.lastReview}, ${cards.due} - ${cards.scheduledDays}::bigint * ${DAY_MS}))::float8 / greatest(${cards.stability}, 0.01)`,
  );

async function firstCard(db: DbOrTx, where: SQL | undefined, first: SQL[] = []) {
  const rows = await db
    .select(reviewCardColumns)
    .from(cards)
    .innerJoin(cardNotes, eq(cardNotes.id, cards.noteId))
    .innerJoin(decks, eq(decks.id, cards.deckId))
    .leftJoin(cardNoteTypes, eq(cardNoteTypes.id, cardNotes.noteTypeId))
    .where(where)
    .orderBy(...first, asc(cards.due), asc(cards.id))
    .limit(1);
  return rows[0];
}

type ReviewCardRow = NonNullable<Awaited<ReturnType<typeof firstCard>>>;

function toReviewCard(row: ReviewCardRow, settings: CardSettings, now: number, zone = 'UTC'): ReviewCard {
  // A card of a kept Anki note type shows its own sides, as its template renders them (docs/decisions/042-anki-note-types.md).
  const side = row.sides?.find((candidate) => candidate.ordinal === row.ordinal);
  // Its note type's styles, scoped to the card (docs/decisions/047-anki-note-fields-and-styles.md).
  const css = row.sides && row.css ? scopeNoteCss(row.css) : '';
  return {
    id: row.id,
    noteId: row.noteId,
    deckId: row.deckId,
    deckName: row.deckName,
    kind: row.kind,
    ordinal: row.ordinal,
    front: side?.question ?? row.front,
    back: side?.answer ?? row.back,
    ...(css ? { css } : {}),
    source: row.source ?? null,
    state: row.state as ReviewCard['state'],
    intervals: previewIntervals(row, settings, now, zone),
    base: { reps: row.reps, lastReview: row.lastReview },
  };
}

/** One of the person's cards, ready to review (undo shows the card it took back). */
export async function reviewCardById(db: DbOrTx, userId: string, cardId: string, settings: CardSettings, now: number) {
  const row = await firstCard(db, and(eq(cards.userId, userId), eq(cards.id, cardId)));
  return row ? toReviewCard(row, settings, now) : undefined;
}

/**
 * The next card to show: a learning card that is due, else the most overdue review (within today's limit; the least
 * retrievable first when the learner chose that order), else
 * the oldest new card (within today's limit), else a learning card due within the learn-ahead limit (or, when the
 * learner asks to study ahead, any learning card due today). With none, when the next learning card is due.
 */
export async function nextCard(db: DbOrTx, scope: QueueScope, ahead: boolean) {
  const { now } = scope;
  const counts = await queueCounts(db, scope);
  const pick = async () => {
    const dueLearning = await firstCard(db, scoped(scope, inArray(cards.state, LEARNING), lte(cards.due, now)));
    if (dueLearning) return dueLearning;
    if (counts.review > 0) {
      const order = scope.settings.reviewOrder === 'retrievability' ? [leastRetrievable(now)] : [];
      const review = await firstCard(
        db,
        scoped(scope, eq(cards.state, CardState.REVIEW), lt(cards.due, scope.day.end)),
        order,
      );
      if (review) return review;
    }
    if (counts.new > 0) {
      const fresh = await firstCard(db, scoped(scope, eq(cards.state, CardState.NEW)));
      if (fresh) return fresh;
    }
    const horizon = ahead ? learningUntil(scope) - 1 : now + LEARN_AHEAD_MS;
    return firstCard(db, scoped(scope, inArray(cards.state, LEARNING), lte(cards.due, horizon)));
  };
  const row = counts.learning + counts.review + counts.new > 0 ? await pick() : undefined;
  if (row) return { card: toReviewCard(row, scope.settings, now, scope.zone), counts, nextDueAt: null };
  let nextDueAt: number | null = null;
  if (counts.learning > 0) {
    const rows = await db
      .select({ due: min(cards.due) })
      .from(cards)
      .where(scoped(scope, inArray(cards.state, LEARNING), lt(cards.due, learningUntil(scope))));
    nextDueAt = rows[0]?.due ?? null;
  }
  return { card: null, counts, nextDueAt };
}

/** Each deck's share of today's queue (reviews and new cards capped at what is left of the day's limits). */
export async function countsByDeck(db: DbOrTx, scope: QueueScope): Promise<Map<string, QueueCounts>> {
  const left = await remainingToday(db, scope);
  const rows = await db
    .select({
      deckId: cards.deckId,
      learning:
        sql<number>`count(*) filter (where ${inArray(cards.state, LEARNING)} and ${lt(cards.due, learningUntil(scope))})`.mapWith(
          Number,
        ),
      review:
        sql<number>`count(*) filter (where ${eq(cards.state, CardState.REVIEW)} and ${lt(cards.due, scope.day.end)})`.mapWith(
          Number,
        ),
      new: sql<number>`count(*) filter (where ${eq(cards.state, CardState.NEW)})`.mapWith(Number),
    })
    .from(cards)
    .where(eq(cards.userId, scope.userId))
    .groupBy(cards.deckId);
  return new Map(
    rows.map((row) => [
      row.deckId,
      { learning: row.learning, review: Math.min(row.review, left.review), new: Math.min(row.new, left.new) },
    ]),
  );
}
