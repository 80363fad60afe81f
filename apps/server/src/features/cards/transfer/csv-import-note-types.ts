import { asc, eq } from 'drizzle-orm';
import { cardOrdinals } from '@turtle/shared/cards';
import type { DbOrTx } from '../../../db/database';
import { HttpError } from '../../../lib/http-error';
import { cardNoteTypes } from '../cards.tables';
import { renderNoteFields } from '../decks/kept-note-fields';
import type { ImportPlan } from './csv-import-plan';

/**
 * A CSV row of an export's kept note (docs/decisions/047-anki-note-fields-and-styles.md): its `note type` cell names
 * one of the person's kept note types and its `field N` cells hold the fields. When the person has a note type of
 * that name with as many fields or more (the missing ones empty), the row becomes a note of it, rendered from its
 * fields exactly as an edit by fields renders it (decks/kept-note-fields.ts): its cards are the templates'. When the
 * person has none, or the fields make no card of it, the row is a Turtle note from its front and back, as before,
 * and counted, so the import can say so.
 */
export async function resolveCsvNoteTypes(
  db: DbOrTx,
  userId: string,
  plan: ImportPlan,
): Promise<{ keptNoteTypeNotes: number; unknownNoteTypeNotes: number }> {
  const named = plan.rows.filter((row) => row.noteType);
  if (!named.length) return { keptNoteTypeNotes: 0, unknownNoteTypeNotes: 0 };
  // The newest first: a later import of a changed note type keeps the name for its new version.
  const noteTypes = await db
    .select()
    .from(cardNoteTypes)
    .where(eq(cardNoteTypes.userId, userId))
    .orderBy(asc(cardNoteTypes.createdAt));
  noteTypes.reverse();
  let kept = 0;
  let unknown = 0;
  for (const row of named) {
    const { name, fields } = row.noteType!;
    const noteType = noteTypes.find((type) => type.name === name && type.fields.length >= fields.length);
    if (!noteType) {
      unknown++;
      continue;
    }
    const all = noteType.fields.map((_, index) => fields[index] ?? '');
    let rendered;
    try {
      rendered = await renderNoteFields(db, userId, noteType, all);
    } catch (error) {
      // Fields no card of the note type can show (or a template it refuses): the row's front and back.
      if (!(error instanceof HttpError)) throw error;
      unknown++;
      continue;
    }
    const first = rendered.sides[0]!;
    plan.cards += rendered.sides.length - cardOrdinals(row.content.kind, row.content.front).length;
    row.content = { ...row.content, kind: 'basic', front: first.question, back: first.answer };
    row.kept = { id: noteType.id, fields: rendered.fields, sides: rendered.sides };
    kept++;
  }
  return { keptNoteTypeNotes: kept, unknownNoteTypeNotes: unknown };
}
