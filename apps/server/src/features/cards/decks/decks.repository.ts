import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database';
import { cards, decks } from '../cards.tables';
import { HttpError } from '../../../lib/http-error';

export type DeckRow = typeof decks.$inferSelect;

export const deckNotFound = () => new HttpError(404, 'notFound', 'That deck does not exist.');

/** Every query names the owner: a deck id alone never reaches another person's deck. */
export async function listOwnDecks(db: DbOrTx, userId: string) {
  return db
    .select({ id: decks.id, name: decks.name, createdAt: decks.createdAt })
    .from(decks)
    .where(eq(decks.userId, userId))
    .orderBy(asc(sql`lower(${decks.name})`));
}

export async function findOwnDeck(db: DbOrTx, userId: string, id: string): Promise<DeckRow | undefined> {
  const rows = await db
    .select()
    .from(decks)
    .where(and(eq(decks.id, id), eq(decks.userId, userId)));
  return rows[0];
}

export async function requireOwnDeck(db: DbOrTx, userId: string, id: string): Promise<DeckRow> {
  const deck = await findOwnDeck(db, userId, id);
  if (!deck) throw deckNotFound();
  return deck;
}

export async function findOwnDeckByName(db: DbOrTx, userId: string, name: string): Promise<DeckRow | undefined> {
  const rows = await db
    .select()
    .from(decks)
    .where(and(eq(decks.userId, userId), eq(sql`lower(${decks.name})`, name.toLowerCase())));
  return rows[0];
}

/** The person's deck of that name (any case), made when there is none; two requests at once get the same deck. */
export async function findOrCreateDeck(db: DbOrTx, userId: string, name: string, now: number): Promise<DeckRow> {
  const existing = await findOwnDeckByName(db, userId, name);
  if (existing) return existing;
  const rows = await db
    .insert(decks)
    .values({ id: randomUUID(), userId, name, createdAt: now })
    .onConflictDoNothing()
    .returning();
  return rows[0] ?? (await findOwnDeckByName(db, userId, name))!;
}

export const deckNameTaken = () => new HttpError(409, 'conflict', 'You already have a deck with that name.');

export async function renameOwnDeck(db: DbOrTx, userId: string, id: string, name: string) {
  const other = await findOwnDeckByName(db, userId, name);
  if (other && other.id !== id) throw deckNameTaken();
  const rows = await db
    .update(decks)
    .set({ name })
    .where(and(eq(decks.id, id), eq(decks.userId, userId)))
    .returning();
  return rows[0];
}

/** Deletes the deck with its cards and their review history. */
export async function deleteOwnDeck(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(decks)
    .where(and(eq(decks.id, id), eq(decks.userId, userId)))
    .returning({ id: decks.id });
  return rows.length > 0;
}

/** Cards per deck. */
export async function cardCountsByDeck(db: DbOrTx, userId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ deckId: cards.deckId, total: count() })
    .from(cards)
    .where(eq(cards.userId, userId))
    .groupBy(cards.deckId);
  return new Map(rows.map((row) => [row.deckId, row.total]));
}
