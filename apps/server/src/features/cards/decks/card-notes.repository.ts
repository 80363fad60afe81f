import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, notInArray } from 'drizzle-orm';
import { cardOrdinals, type CardContent, type CardNoteView, type CardSource } from '@turtle/shared/cards';
import type { CardNoteSide } from '@turtle/shared/cards-template';
import type { DbOrTx } from '../../../db/database';
import { cardNotes, cards, reviewLogs } from '../cards.tables';
import { HttpError } from '../../../lib/http-error';
import { newCardMemory, type CardMemory } from '../review/scheduler';
import { frontKey } from './front-key';
import { indexCardNotes, removeCardNoteFromIndex } from './card-index';
import { insertJsonRows } from './json-rows';
import { CARD_KEYS, NOTE_KEYS } from './card-columns';

export type CardNoteRow = typeof cardNotes.$inferSelect;

export const cardNotFound = () => new HttpError(404, 'notFound', 'That card does not exist.');

/** A review log row without its card (an imported history, replayed before the card exists). */
export type ImportedReview = Omit<typeof reviewLogs.$inferInsert, 'id' | 'userId' | 'cardId'>;

export interface NewCardNote {
  content: CardContent;
  source: CardSource | null;
  /** Cards that arrive with a past (an Anki import): by ordinal, their memory state now and their review log. */
  history?: Map<number, { memory: CardMemory; reviews: ImportedReview[] }>;
  /** A note of a kept Anki note type (docs/decisions/042-anki-note-types.md): it makes the cards `sides` lists. */
  noteType?: { id: string; fields: string[]; sides: CardNoteSide[] };
  /** By ordinal, the deck of a card that sits in another deck than the note (an Anki import). */
  cardDecks?: Map<number, string>;
}

/** The cards a note makes: its kind's, or those of its kept note type. */
export const noteOrdinals = (note: { kind: CardContent['kind']; front: string; sides?: CardNoteSide[] | null }) =>
  note.sides ? note.sides.map((side) => side.ordinal) : cardOrdinals(note.kind, note.front);

/** How many cards these notes make (what the plan's limit counts). */
export const cardsMadeBy = (notes: Pick<NewCardNote, 'content' | 'noteType'>[]) =>
  notes.reduce((sum, note) => sum + noteOrdinals({ ...note.content, sides: note.noteType?.sides }).length, 0);

function cardRows(
  userId: string,
  noteId: string,
  deckId: string,
  ordinals: number[],
  now: number,
  order: number,
  cardDecks?: Map<number, string>,
) {
  return ordinals.map((ordinal, index) => ({
    id: randomUUID(),
    userId,
    noteId,
    deckId: cardDecks?.get(ordinal) ?? deckId,
    ordinal,
    // New cards come in the order they were made: the n-th card made in one go is due n ms later.
    ...newCardMemory(now + order + index),
    createdAt: now,
  }));
}

/** Notes per insert: an import may add 100,000; a chunk of them and their cards is a few MB of JSON. */
const CHUNK = 2_000;
/**
 * Inserts the notes and their new cards into `deckId`, with their passages in the index (decision 044). The caller
 * has reserved the cards (`reserveCards`) in the same transaction. Inserts in chunks, each as one JSON text
 * (`insertJsonRows`): an import may add thousands.
 */
export async function insertCardNotes(
  db: DbOrTx,
  userId: string,
  deckId: string,
  notes: NewCardNote[],
  now: number,
): Promise<CardNoteRow[]> {
  const inserted: CardNoteRow[] = [];
  let order = 0;
  for (let start = 0; start < notes.length; start += CHUNK) {
    const chunk = notes.slice(start, start + CHUNK);
    const noteRows: CardNoteRow[] = chunk.map(({ content, source, noteType }) => ({
      id: randomUUID(),
      userId,
      deckId,
      kind: content.kind,
      front: content.front,
      back: content.back,
      tags: content.tags,
      source,
      frontKey: frontKey(content.front),
      noteTypeId: noteType?.id ?? null,
      fields: noteType?.fields ?? null,
      sides: noteType?.sides ?? null,
      createdAt: now,
      updatedAt: now,
    }));
    // Every column is set here, so the rows written are these: nothing is read back.
    await insertJsonRows(
      db,
      cardNotes,
      NOTE_KEYS,
      noteRows.map((row) => NOTE_KEYS.map((key) => row[key])),
    );
    inserted.push(...noteRows);
    await indexCardNotes(db, userId, noteRows, now);
    const logValues: (typeof reviewLogs.$inferInsert)[] = [];
    const cardValues = noteRows.flatMap((note, index) => {
      const rows = cardRows(userId, note.id, deckId, noteOrdinals(note), now, order, chunk[index]!.cardDecks);
      order += rows.length;
      const history = chunk[index]!.history;
      if (!history) return rows;
      return rows.map((row) => {
        const past = history.get(row.ordinal);
        if (!past) return row;
        for (const review of past.reviews) logValues.push({ ...review, userId, cardId: row.id });
        return { ...row, ...past.memory };
      });
    });
    await insertJsonRows(
      db,
      cards,
      CARD_KEYS,
      cardValues.map((row) => CARD_KEYS.map((key) => row[key])),
    );
    for (let first = 0; first < logValues.length; first += 2_000) {
      await db.insert(reviewLogs).values(logValues.slice(first, first + 2_000));
    }
  }
  return inserted;
}

export async function findOwnCardNote(db: DbOrTx, userId: string, id: string): Promise<CardNoteRow | undefined> {
  const rows = await db
    .select()
    .from(cardNotes)
    .where(and(eq(cardNotes.id, id), eq(cardNotes.userId, userId)));
  return rows[0];
}

/** The cards a note has now, by ordinal. */
export async function ordinalsOf(db: DbOrTx, noteId: string): Promise<number[]> {
  const rows = await db.select({ ordinal: cards.ordinal }).from(cards).where(eq(cards.noteId, noteId));
  return rows.map((row) => row.ordinal);
}

/**
 * Saves an edit: the text, and the cards it makes now. A card the note still makes keeps its review history; one
 * it no longer makes (a removed cloze number) is deleted; a new one starts new. Moving decks moves its cards. Its
 * passages are written again (decision 044).
 */
export async function updateCardNote(
  db: DbOrTx,
  note: CardNoteRow,
  content: CardContent,
  deckId: string,
  keep: number[],
  addOrdinals: number[],
  now: number,
  /** A kept note type's note edited by its fields (docs/decisions/047-anki-note-fields-and-styles.md). */
  rendered?: { fields: string[]; sides: CardNoteSide[] },
): Promise<CardNoteRow> {
  const rows = await db
    .update(cardNotes)
    .set({
      ...(rendered ? { fields: rendered.fields, sides: rendered.sides } : {}),
      kind: content.kind,
      front: content.front,
      back: content.back,
      tags: content.tags,
      frontKey: frontKey(content.front),
      deckId,
      updatedAt: now,
    })
    .where(eq(cardNotes.id, note.id))
    .returning();
  await db
    .delete(cards)
    .where(keep.length ? and(eq(cards.noteId, note.id), notInArray(cards.ordinal, keep)) : eq(cards.noteId, note.id));
  if (deckId !== note.deckId) await db.update(cards).set({ deckId }).where(eq(cards.noteId, note.id));
  if (addOrdinals.length) await db.insert(cards).values(cardRows(note.userId, note.id, deckId, addOrdinals, now, 0));
  await indexCardNotes(db, note.userId, rows, now);
  return rows[0]!;
}

/** Deletes the note, its cards and its passages, in one transaction. */
export async function deleteOwnCardNote(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(cardNotes)
      .where(and(eq(cardNotes.id, id), eq(cardNotes.userId, userId)))
      .returning({ id: cardNotes.id });
    if (rows.length > 0) await removeCardNoteFromIndex(tx, userId, id);
    return rows.length > 0;
  });
}

/** A page of a deck's notes, newest first, with how many cards each makes. */
export async function listCardNotes(db: DbOrTx, userId: string, deckId: string, offset: number, limit: number) {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(cardNotes)
      .where(and(eq(cardNotes.userId, userId), eq(cardNotes.deckId, deckId)))
      .orderBy(desc(cardNotes.createdAt), desc(cardNotes.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: count() })
      .from(cardNotes)
      .where(and(eq(cardNotes.userId, userId), eq(cardNotes.deckId, deckId))),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export function toCardNoteView(row: CardNoteRow, noteType?: { name: string; fields: string[] }): CardNoteView {
  return {
    id: row.id,
    deckId: row.deckId,
    kind: row.kind,
    front: row.front,
    back: row.back,
    tags: row.tags,
    source: row.source ?? null,
    cards: noteOrdinals(row).length,
    ...(row.sides ? { fromNoteType: true as const } : {}),
    ...(row.sides && noteType
      ? {
          noteType: {
            name: noteType.name,
            fields: noteType.fields.map((name, index) => ({ name, value: row.fields?.[index] ?? '' })),
          },
        }
      : {}),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The person's notes whose front folds to one of `keys` (the duplicate check), one per key. */
export async function findNotesByFrontKeys(db: DbOrTx, userId: string, keys: string[]) {
  const unique = [...new Set(keys)].filter(Boolean);
  if (unique.length === 0) return new Map<string, Pick<CardNoteRow, 'id' | 'deckId' | 'front'>>();
  const rows = await db
    .select({ id: cardNotes.id, deckId: cardNotes.deckId, front: cardNotes.front, frontKey: cardNotes.frontKey })
    .from(cardNotes)
    .where(and(eq(cardNotes.userId, userId), inArray(cardNotes.frontKey, unique)));
  return new Map(rows.map((row) => [row.frontKey, row]));
}

/** Every note of the person (or of one deck), oldest first: what an export holds. */
export async function listAllCardNotes(db: DbOrTx, userId: string, deckIds?: string[]): Promise<CardNoteRow[]> {
  return db
    .select()
    .from(cardNotes)
    .where(and(eq(cardNotes.userId, userId), deckIds ? inArray(cardNotes.deckId, deckIds) : undefined))
    .orderBy(cardNotes.createdAt, cardNotes.id);
}

/** Which of these note ids are already the person's notes (a Turtle export imported again). */
export async function existingNoteIds(db: DbOrTx, userId: string, ids: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < ids.length; start += 1000) {
    const rows = await db
      .select({ id: cardNotes.id })
      .from(cardNotes)
      .where(and(eq(cardNotes.userId, userId), inArray(cardNotes.id, ids.slice(start, start + 1000))));
    for (const row of rows) found.add(row.id);
  }
  return found;
}
