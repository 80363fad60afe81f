import { and, eq, inArray } from 'drizzle-orm';
import { CARD_MEDIA_PATH, CARD_MEDIA_SRC } from '@turtle/shared/card-media';
import type { CardNoteSide } from '@turtle/shared/cards-template';
import type { DbOrTx } from '../../../db/database';
import { HttpError } from '../../../lib/http-error';
import { cardMedia } from '../media/card-media.tables';
import { keepNote } from '../transfer/anki-import-note-types';
import { ankiHtmlWriter } from '../transfer/anki-export-html';
import type { CardNoteTypeRow } from '../transfer/anki-note-types.repository';
import type { MediaLookup } from '../transfer/anki-html';

/**
 * A note of a kept Anki note type edited by its fields (docs/decisions/047-anki-note-fields-and-styles.md): the fields
 * are card text, so each is made Anki HTML as the export makes it, the note type's templates render every card from
 * them as the import renders them (docs/decisions/042-anki-note-types.md), and the sides come back through the same
 * card HTML subset. So an edited note is exactly what importing it with those fields would have made.
 */

const ADDRESS = new RegExp(`${CARD_MEDIA_PATH}([0-9a-f]{64})`, 'g');

/** The person's own files among those the fields name, as the import's lookup answers: only theirs are shown. */
async function ownMediaLookup(db: DbOrTx, userId: string, fields: string[]): Promise<MediaLookup> {
  const hashes = [...new Set(fields.flatMap((field) => [...field.matchAll(ADDRESS)].map((match) => match[1]!)))];
  if (!hashes.length) return () => undefined;
  const rows = await db
    .select({ sha256: cardMedia.sha256, mime: cardMedia.mime })
    .from(cardMedia)
    .where(and(eq(cardMedia.userId, userId), inArray(cardMedia.sha256, hashes)));
  const kinds = new Map(rows.map((row) => [row.sha256, row.mime.startsWith('image/') ? 'image' : 'audio'] as const));
  return (name) => {
    if (!CARD_MEDIA_SRC.test(name)) return undefined;
    const kind = kinds.get(name.slice(CARD_MEDIA_PATH.length));
    return kind ? { url: name, kind } : undefined;
  };
}

export const wrongFieldCount = (count: number) =>
  new HttpError(400, 'validation', `This note has ${count} field${count === 1 ? '' : 's'}: send each of them.`);

/** The fields as kept and the sides of the cards they make now; a 400 when no card would show anything. */
export async function renderNoteFields(
  db: DbOrTx,
  userId: string,
  noteType: CardNoteTypeRow,
  fields: string[],
): Promise<{ fields: string[]; sides: CardNoteSide[] }> {
  if (fields.length !== noteType.fields.length) throw wrongFieldCount(noteType.fields.length);
  const writer = await ankiHtmlWriter();
  // Media stay our addresses on the way through (the export would name them by the package's files).
  const html = fields.map((field) => writer.toAnkiHtml(field, (src) => (CARD_MEDIA_SRC.test(src) ? src : undefined)));
  const kept = keepNote(
    {
      id: 0,
      name: noteType.name,
      type: noteType.kind === 'cloze' ? 1 : 0,
      fieldNames: noteType.fields,
      templates: noteType.templates,
      css: noteType.css,
    },
    html,
    await ownMediaLookup(db, userId, fields),
  );
  if ('reason' in kept) throw new HttpError(400, 'validation', `This note cannot be saved: ${kept.reason}.`);
  if ('nothingShown' in kept) {
    throw new HttpError(400, 'validation', 'With these fields no card of this note has a question to show.');
  }
  // The fields stay as written (card text, as a hand-written front is), so the editor shows them as they were typed.
  return { fields: fields.map((field) => field.trim()), sides: kept.sides };
}
