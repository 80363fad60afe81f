import { and, eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { CARD_MEDIA_PATH } from '@turtle/shared/card-media';
import type { Db, Tx } from '../../../db/database';
import { lockUser } from '../../../core/identity/users.repository';
import { cardNotes, cardNoteTypes } from '../cards.tables';
import { cardMedia } from './card-media.tables';

/** A media address in a card's text: the path and the file's SHA-256. */
const ADDRESS = new RegExp(`${CARD_MEDIA_PATH}([0-9a-f]{64})`, 'g');

const mentions = (column: SQL | AnyColumn) => sql`strpos(${column}, ${CARD_MEDIA_PATH}) > 0`;

/**
 * The files the person's notes (text, fields, sides) and kept note types (templates, styling) name: the rows that
 * hold a media address are read (a plain substring test in SQL) and the addresses picked out here, far cheaper than
 * a regular expression over every row in the database (2.6 s against 0.07 s for 20,000 notes on PostgreSQL).
 */
async function mediaInUse(tx: Tx, userId: string): Promise<Set<string>> {
  const fields = sql<string>`coalesce(${cardNotes.fields}::text, '')`;
  const sides = sql<string>`coalesce(${cardNotes.sides}::text, '')`;
  const notes = await tx
    .select({ front: cardNotes.front, back: cardNotes.back, fields, sides })
    .from(cardNotes)
    .where(
      and(
        eq(cardNotes.userId, userId),
        or(mentions(cardNotes.front), mentions(cardNotes.back), mentions(fields), mentions(sides)),
      ),
    );
  const templates = sql<string>`${cardNoteTypes.templates}::text`;
  const types = await tx
    .select({ templates, css: cardNoteTypes.css })
    .from(cardNoteTypes)
    .where(and(eq(cardNoteTypes.userId, userId), or(mentions(templates), mentions(cardNoteTypes.css))));
  const used = new Set<string>();
  for (const row of [...notes, ...types]) {
    for (const text of Object.values(row)) for (const match of text.matchAll(ADDRESS)) used.add(match[1]!);
  }
  return used;
}

/**
 * Frees the person's media that nothing of theirs names any more (docs/decisions/038-card-media.md): after a deck, a
 * note or an image in a note's text goes, the files no note and no kept note type refers to are deleted, and the
 * storage they took is free again. The person's row is locked first, as an import locks it before it counts the
 * files the person already has, so a sweep never deletes a file an import in flight is about to use. Someone without
 * media costs one index probe. Answers the bytes freed.
 */
export async function freeUnusedMedia(db: Db, userId: string): Promise<number> {
  const [any] = await db
    .select({ sha256: cardMedia.sha256 })
    .from(cardMedia)
    .where(eq(cardMedia.userId, userId))
    .limit(1);
  if (!any) return 0;
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    // One array parameter (the hashes are hex), however many files are in use.
    const used = `{${[...(await mediaInUse(tx, userId))].join(',')}}`;
    const freed = await tx
      .delete(cardMedia)
      .where(and(eq(cardMedia.userId, userId), sql`not (${cardMedia.sha256} = any(${used}::text[]))`))
      .returning({ size: cardMedia.size });
    return freed.reduce((sum, row) => sum + row.size, 0);
  });
}
