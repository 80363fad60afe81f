import { eq } from 'drizzle-orm';
import {
  DESIRED_RETENTION_DEFAULT,
  NEW_CARDS_PER_DAY_DEFAULT,
  REVIEWS_PER_DAY_DEFAULT,
  type CardSettings,
} from '@turtle/shared/cards-review';
import type { DbOrTx } from '../../db/database';
import { cardSettings } from './cards.tables';

export const DEFAULT_CARD_SETTINGS: CardSettings = {
  desiredRetention: DESIRED_RETENTION_DEFAULT,
  newPerDay: NEW_CARDS_PER_DAY_DEFAULT,
  reviewsPerDay: REVIEWS_PER_DAY_DEFAULT,
};

/** The person's review settings, or the defaults when they never changed them. */
export async function getCardSettings(db: DbOrTx, userId: string): Promise<CardSettings> {
  const rows = await db
    .select({
      desiredRetention: cardSettings.desiredRetention,
      newPerDay: cardSettings.newPerDay,
      reviewsPerDay: cardSettings.reviewsPerDay,
      weights: cardSettings.weights,
    })
    .from(cardSettings)
    .where(eq(cardSettings.userId, userId));
  return rows[0] ?? DEFAULT_CARD_SETTINGS;
}

/** Saves what the learner sets; the fitted weights are only ever written by `saveFittedWeights`. */
export async function saveCardSettings(db: DbOrTx, userId: string, settings: CardSettings, now: number) {
  const { desiredRetention, newPerDay, reviewsPerDay } = settings;
  const values = { desiredRetention, newPerDay, reviewsPerDay };
  await db
    .insert(cardSettings)
    .values({ userId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: cardSettings.userId, set: { ...values, updatedAt: now } });
}

export async function saveFittedWeights(db: DbOrTx, userId: string, weights: number[], now: number) {
  await db
    .insert(cardSettings)
    .values({ userId, ...DEFAULT_CARD_SETTINGS, weights, updatedAt: now })
    .onConflictDoUpdate({ target: cardSettings.userId, set: { weights, updatedAt: now } });
}
