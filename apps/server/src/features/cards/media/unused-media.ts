import { and, eq, sql } from 'drizzle-orm';
import { CARD_MEDIA_PATH } from '@turtle/shared/card-media';
import type { Db } from '../../../db/database';
import { lockUser } from '../../../core/identity/users.repository';
import { cardNotes, cardNoteTypes } from '../cards.tables';
import { cardMedia } from './card-media.tables';

/** A media address in a card's text: the path and the file's SHA-256. */
const ADDRESS = `${CARD_MEDIA_PATH}([0-9a-f]{64})`;

/**
 * Frees the person's media that nothing of theirs names any more (docs/decisions/038-card-media.md): after a deck, a
 * note or an image in a note's text goes, the files no note (its text, its fields, its cards' sides) and no kept note
 * type (templates, styling) refers to are deleted, and the storage they took is free again. The person's row is
 * locked first, as an import locks it before it counts the files the person already has, so a sweep never deletes a
 * file an import in flight is about to use. Someone without media costs one index probe. Answers the bytes freed.
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
    const noteText = sql`${cardNotes.front} || ' ' || ${cardNotes.back} || ' ' || coalesce(${cardNotes.fields}::text, '') || ' ' || coalesce(${cardNotes.sides}::text, '')`;
    const typeText = sql`${cardNoteTypes.templates}::text || ' ' || ${cardNoteTypes.css}`;
    const used = sql`(select (regexp_matches(${noteText}, ${ADDRESS}, 'g'))[1] from ${cardNotes} where ${cardNotes.userId} = ${userId}
      union select (regexp_matches(${typeText}, ${ADDRESS}, 'g'))[1] from ${cardNoteTypes} where ${cardNoteTypes.userId} = ${userId})`;
    const freed = await tx
      .delete(cardMedia)
      .where(and(eq(cardMedia.userId, userId), sql`${cardMedia.sha256} not in ${used}`))
      .returning({ size: cardMedia.size });
    return freed.reduce((sum, row) => sum + row.size, 0);
  });
}
