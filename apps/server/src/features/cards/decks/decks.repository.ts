import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  ancestorDeckNames,
  DECK_SEPARATOR,
  isInDeck,
  movedDeckName,
  normalizeDeckName,
} from '@turtle/shared/cards-deck-tree';
import type { DbOrTx } from '../../../db/database';
import { cards, decks } from '../cards.tables';
import { removeDecksFromIndex } from './card-index';
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
async function findOrCreateOne(db: DbOrTx, userId: string, name: string, now: number): Promise<DeckRow> {
  const existing = await findOwnDeckByName(db, userId, name);
  if (existing) return existing;
  const rows = await db
    .insert(decks)
    .values({ id: randomUUID(), userId, name, createdAt: now })
    .onConflictDoNothing()
    .returning();
  return rows[0] ?? (await findOwnDeckByName(db, userId, name))!;
}

/**
 * The person's deck of that name, made when there is none, with the decks above it (docs/decisions/041-subdecks.md):
 * "Spanish::Verbs" makes or reuses "Spanish" and keeps the spelling of the levels that exist.
 */
export async function findOrCreateDeck(db: DbOrTx, userId: string, name: string, now: number): Promise<DeckRow> {
  let path = '';
  let deck: DeckRow | undefined;
  for (const level of normalizeDeckName(name).split(DECK_SEPARATOR)) {
    path = deck ? deck.name + DECK_SEPARATOR + level : level;
    deck = await findOrCreateOne(db, userId, path, now);
  }
  return deck ?? findOrCreateOne(db, userId, name, now);
}

export const deckNameTaken = () => new HttpError(409, 'conflict', 'You already have a deck with that name.');

export const deckInsideItself = () =>
  new HttpError(409, 'conflict', 'A deck cannot go inside one of its own subdecks.');

/** The deck and every deck under it (docs/decisions/041-subdecks.md), or an empty list when it is not the person's. */
export async function ownDeckSubtree(db: DbOrTx, userId: string, id: string) {
  const all = await listOwnDecks(db, userId);
  const deck = all.find((item) => item.id === id);
  return deck ? all.filter((item) => isInDeck(item.name, deck.name)) : [];
}

/**
 * A rename moves the deck's subdecks along ("Spanish" to "Español" makes "Spanish::Verbs" "Español::Verbs") and makes
 * the decks above the new name when missing; a name another deck has already is 409.
 */
export async function renameOwnDeck(db: DbOrTx, userId: string, id: string, name: string) {
  return db.transaction(async (tx) => {
    const all = await listOwnDecks(tx, userId);
    const deck = all.find((item) => item.id === id);
    if (!deck) return undefined;
    if (isInDeck(name, deck.name) && name.toLowerCase() !== deck.name.toLowerCase()) throw deckInsideItself();
    const moving = all.filter((item) => isInDeck(item.name, deck.name));
    const staying = new Set(all.filter((item) => !moving.includes(item)).map((item) => item.name.toLowerCase()));
    const renamed = moving.map((item) => ({ id: item.id, name: movedDeckName(item.name, deck.name, name) }));
    if (renamed.some((item) => staying.has(item.name.toLowerCase()))) throw deckNameTaken();
    const parent = ancestorDeckNames(name).at(-1);
    const above = parent ? await findOrCreateDeck(tx, userId, parent, Date.now()) : undefined;
    // The levels above keep their own spelling, as a new subdeck's do.
    const spelled = above ? above.name + name.slice(above.name.length) : name;
    for (const item of renamed) {
      await tx
        .update(decks)
        .set({ name: movedDeckName(item.name, name, spelled) })
        .where(and(eq(decks.id, item.id), eq(decks.userId, userId)));
    }
    return { id, name: spelled };
  });
}

/**
 * Deletes the deck and its subdecks with their cards, review history and passages (decision 044), in one
 * transaction; the number of decks deleted.
 */
export async function deleteOwnDeck(db: DbOrTx, userId: string, id: string): Promise<number> {
  return db.transaction(async (tx) => {
    const ids = (await ownDeckSubtree(tx, userId, id)).map((deck) => deck.id);
    if (ids.length === 0) return 0;
    const rows = await tx
      .delete(decks)
      .where(and(inArray(decks.id, ids), eq(decks.userId, userId)))
      .returning({ id: decks.id });
    await removeDecksFromIndex(
      tx,
      userId,
      rows.map((row) => row.id),
    );
    return rows.length;
  });
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
