import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { CardKind, CardSource } from '@turtle/shared/cards';
import type { CardDraft } from '@turtle/shared/cards-drafts';
import type { DbOrTx } from '../../../db/database';
import { cardDrafts } from '../cards.tables';
import { findNotesByFrontKeys } from '../decks/card-notes.repository';
import { frontKey } from '../decks/front-key';

export type DraftRow = typeof cardDrafts.$inferSelect;

export async function countOwnDrafts(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db.select({ total: count() }).from(cardDrafts).where(eq(cardDrafts.userId, userId));
  return rows[0]?.total ?? 0;
}

export async function insertDrafts(
  db: DbOrTx,
  userId: string,
  drafts: { kind: CardKind; front: string; back: string; source: CardSource | null }[],
  now: number,
): Promise<void> {
  if (drafts.length === 0) return;
  // Kept in the order drafted: one millisecond apart.
  await db
    .insert(cardDrafts)
    .values(drafts.map((draft, index) => ({ id: randomUUID(), userId, ...draft, createdAt: now + index })));
}

/** The tray, oldest first, each draft flagged when a card with the same front exists. */
export async function listOwnDrafts(db: DbOrTx, userId: string): Promise<CardDraft[]> {
  const rows = await db
    .select()
    .from(cardDrafts)
    .where(eq(cardDrafts.userId, userId))
    .orderBy(asc(cardDrafts.createdAt), asc(cardDrafts.id));
  const keys = rows.map((row) => frontKey(row.front));
  const existing = await findNotesByFrontKeys(db, userId, keys);
  return rows.map((row, index) => {
    const duplicate = existing.get(keys[index]!);
    return {
      id: row.id,
      kind: row.kind,
      front: row.front,
      back: row.back,
      source: row.source ?? null,
      duplicateOf: duplicate ? { id: duplicate.id, deckId: duplicate.deckId, front: duplicate.front } : null,
      createdAt: row.createdAt,
    };
  });
}

/** The person's drafts among `ids`, locked until the transaction ends (accepting one twice at once is impossible). */
export async function lockOwnDrafts(db: DbOrTx, userId: string, ids: string[]): Promise<DraftRow[]> {
  return db
    .select()
    .from(cardDrafts)
    .where(and(eq(cardDrafts.userId, userId), inArray(cardDrafts.id, ids)))
    .for('update');
}

export async function deleteOwnDrafts(db: DbOrTx, userId: string, ids: string[]): Promise<number> {
  const rows = await db
    .delete(cardDrafts)
    .where(and(eq(cardDrafts.userId, userId), inArray(cardDrafts.id, ids)))
    .returning({ id: cardDrafts.id });
  return rows.length;
}
