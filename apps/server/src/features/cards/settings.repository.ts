import { eq } from 'drizzle-orm';
import {
  DESIRED_RETENTION_DEFAULT,
  EASY_DAYS_DEFAULT,
  NEW_CARDS_PER_DAY_DEFAULT,
  REVIEWS_PER_DAY_DEFAULT,
  type CardSettings,
  type CardSettingsInput,
} from '@turtle/shared/cards-review';
import type { DbOrTx } from '../../db/database';
import { cardSettings } from './cards.tables';

export const DEFAULT_CARD_SETTINGS: CardSettings = {
  desiredRetention: DESIRED_RETENTION_DEFAULT,
  newPerDay: NEW_CARDS_PER_DAY_DEFAULT,
  reviewsPerDay: REVIEWS_PER_DAY_DEFAULT,
  loadBalancing: true,
  easyDays: EASY_DAYS_DEFAULT,
  reviewOrder: 'due',
};

/** The person's review settings, or the defaults when they never changed them. */
export async function getCardSettings(db: DbOrTx, userId: string): Promise<CardSettings> {
  const rows = await db
    .select({
      desiredRetention: cardSettings.desiredRetention,
      newPerDay: cardSettings.newPerDay,
      reviewsPerDay: cardSettings.reviewsPerDay,
      weights: cardSettings.weights,
      loadBalancing: cardSettings.loadBalancing,
      easyDays: cardSettings.easyDays,
      reviewOrder: cardSettings.reviewOrder,
    })
    .from(cardSettings)
    .where(eq(cardSettings.userId, userId));
  const row = rows[0];
  return row ? { ...row, easyDays: row.easyDays ?? EASY_DAYS_DEFAULT } : DEFAULT_CARD_SETTINGS;
}

/**
 * Saves what the learner sets; the fitted weights are only ever written by `saveFittedWeights`. The daily load
 * settings a body leaves out (an older client) stay as they are (docs/decisions/043-daily-load.md).
 */
export async function saveCardSettings(db: DbOrTx, userId: string, settings: CardSettingsInput, now: number) {
  const { desiredRetention, newPerDay, reviewsPerDay, loadBalancing, easyDays, reviewOrder } = settings;
  const given = { desiredRetention, newPerDay, reviewsPerDay, loadBalancing, easyDays, reviewOrder };
  const values = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)) as Partial<
    typeof given
  >;
  await db
    .insert(cardSettings)
    .values({ ...DEFAULT_CARD_SETTINGS, userId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: cardSettings.userId, set: { ...values, updatedAt: now } });
}

export async function saveFittedWeights(db: DbOrTx, userId: string, weights: number[], now: number) {
  await db
    .insert(cardSettings)
    .values({ userId, ...DEFAULT_CARD_SETTINGS, weights, updatedAt: now })
    .onConflictDoUpdate({ target: cardSettings.userId, set: { weights, updatedAt: now } });
}
