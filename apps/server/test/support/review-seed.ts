import { randomUUID } from 'node:crypto';
import { CardState } from '@turtle/shared/cards-review';
import type { Db } from '../../src/db/database';
import { cardNotes, cards, decks, reviewLogs } from '../../src/db/schema';

/** A card to seed: its memory state now (defaults: in review, due tomorrow, stability 10, difficulty 5). */
export interface SeedCard {
  state?: number;
  due?: number;
  stability?: number;
  difficulty?: number;
}

/** A logged grade to seed, of the card at `card` (an index into the seeded cards). */
export interface SeedReview {
  card: number;
  rating: number;
  reviewedAt: number;
  durationMs?: number;
  stateBefore?: number;
  /** The interval the card was on before this grade (what makes it mature at 21). */
  intervalBefore?: number;
}

/** A deck holding the given cards and their review log, written straight to the database in a few statements. */
export async function seedReviewHistory(
  db: Db,
  userId: string,
  input: { deckName: string; cards: SeedCard[]; reviews: SeedReview[] },
) {
  const now = Date.now();
  const deckId = randomUUID();
  await db.insert(decks).values({ id: deckId, userId, name: input.deckName, createdAt: now });
  const cardIds = input.cards.map(() => randomUUID());
  const chunk = <T>(rows: T[]) =>
    Array.from({ length: Math.ceil(rows.length / 1000) }, (_, i) => rows.slice(i * 1000, i * 1000 + 1000));
  for (const part of chunk(input.cards.map((card, index) => ({ card, index })))) {
    await db.insert(cardNotes).values(
      part.map(({ index }) => ({
        id: cardIds[index]!,
        userId,
        deckId,
        kind: 'basic' as const,
        front: `${input.deckName} question ${index + 1}`,
        back: `Answer ${index + 1}`,
        tags: [],
        frontKey: `${input.deckName.toLowerCase()} question ${index + 1}`,
        createdAt: now - 400 * 86_400_000 + index,
        updatedAt: now,
      })),
    );
    await db.insert(cards).values(
      part.map(({ card, index }) => ({
        id: cardIds[index]!,
        userId,
        noteId: cardIds[index]!,
        deckId,
        ordinal: 0,
        state: card.state ?? CardState.REVIEW,
        due: card.due ?? now + 86_400_000,
        stability: card.stability ?? 10,
        difficulty: card.difficulty ?? 5,
        elapsedDays: 0,
        scheduledDays: 0,
        learningSteps: 0,
        reps: 1,
        lapses: 0,
        lastReview: (card.state ?? CardState.REVIEW) === CardState.NEW ? null : now - 86_400_000,
        createdAt: now - 400 * 86_400_000 + index,
      })),
    );
  }
  for (const part of chunk(input.reviews)) {
    await db.insert(reviewLogs).values(
      part.map((review) => ({
        userId,
        cardId: cardIds[review.card]!,
        rating: review.rating,
        stateBefore: review.stateBefore ?? CardState.REVIEW,
        stateAfter: CardState.REVIEW,
        dueBefore: review.reviewedAt,
        dueAfter: review.reviewedAt + 86_400_000,
        stabilityBefore: 5,
        difficultyBefore: 5,
        stabilityAfter: 6,
        difficultyAfter: 5,
        elapsedDays: 1,
        lastElapsedDays: 1,
        scheduledDays: 1,
        learningSteps: 0,
        reviewedAt: review.reviewedAt,
        durationMs: review.durationMs ?? 5_000,
        previous: { scheduledDays: review.intervalBefore ?? 1 },
      })),
    );
  }
  return { deckId, cardIds };
}
