import { count, eq } from 'drizzle-orm';
import type { CardAllowance } from '@turtle/shared/cards';
import { cardLimitMessage, effectivePlan, ENTITLEMENTS } from '@turtle/shared/entitlements';
import type { DbOrTx, Tx } from '../../../db/database';
import { HttpError } from '../../../lib/http-error';
import { lockUser } from '../../../core/identity/users.repository';
import { cards } from '../cards.tables';

async function cardsHeld(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db.select({ total: count() }).from(cards).where(eq(cards.userId, userId));
  return rows[0]?.total ?? 0;
}

/** The meter: cards held against the plan's limit (`max` null on Pro). Reads only; nothing is reserved. */
export async function readAllowance(db: DbOrTx, user: { id: string; plan: number; expireAt: number }) {
  const plan = effectivePlan(user);
  return { used: await cardsHeld(db, user.id), max: ENTITLEMENTS[plan].maxCards, plan } satisfies CardAllowance;
}

/**
 * The one place the plan's card limit is enforced (docs/decisions/012-flashcards.md): every way of adding cards (by
 * hand, accepting drafts, an edit that adds cloze numbers, an import) calls it inside the transaction that inserts
 * them. It locks the person's row first, so concurrent adds of one person run one after another and each counts what
 * the others committed: no burst of parallel requests can pass the limit. A member back on Free keeps every card;
 * only adding past the limit is refused. Answers the allowance as it will be once the cards are in.
 */
export async function reserveCards(tx: Tx, userId: string, adding: number): Promise<CardAllowance> {
  const user = await lockUser(tx, userId);
  if (!user) throw new HttpError(401, 'unauthorized', 'Please log in to continue.');
  const plan = effectivePlan(user);
  const max = ENTITLEMENTS[plan].maxCards;
  const used = await cardsHeld(tx, userId);
  if (max !== null && adding > 0 && used + adding > max) {
    throw new HttpError(403, 'cardLimitReached', cardLimitMessage(max));
  }
  return { used: used + adding, max, plan };
}
