import { eq } from 'drizzle-orm';
import {
  DESIRED_RETENTION_DEFAULT,
  NEW_CARDS_PER_DAY_DEFAULT,
  REVIEWS_PER_DAY_DEFAULT,
  type CardSettings,
} from '@turtle/shared/cards-review';
import type { DbOrTx } from '../../db/database';
import { cardSettings } from '../../db/schema';

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
    })
    .from(cardSettings)
    .where(eq(cardSettings.userId, userId));
  return rows[0] ?? DEFAULT_CARD_SETTINGS;
}

export async function saveCardSettings(db: DbOrTx, userId: string, settings: CardSettings, now: number) {
  await db
    .insert(cardSettings)
    .values({ userId, ...settings, updatedAt: now })
    .onConflictDoUpdate({ target: cardSettings.userId, set: { ...settings, updatedAt: now } });
}
