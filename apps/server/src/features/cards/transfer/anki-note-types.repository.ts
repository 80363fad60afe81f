import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { AnkiNoteTypeDefinition } from '@turtle/shared/cards-template';
import type { DbOrTx } from '../../../db/database';
import { cardNoteTypes } from '../cards.tables';

export type CardNoteTypeRow = typeof cardNoteTypes.$inferSelect;

/** Compared field by field: jsonb gives an object's keys back in an order of its own. */
const sameDefinition = (row: CardNoteTypeRow, definition: AnkiNoteTypeDefinition) =>
  row.kind === definition.kind &&
  row.css === definition.css &&
  JSON.stringify(row.fields) === JSON.stringify(definition.fields) &&
  row.templates.length === definition.templates.length &&
  row.templates.every(
    (template, index) =>
      template.name === definition.templates[index]!.name &&
      template.qfmt === definition.templates[index]!.qfmt &&
      template.afmt === definition.templates[index]!.afmt,
  );

/**
 * The ids of these note types for the person (docs/decisions/042-anki-note-types.md): one already kept with the same
 * name, fields, templates and styling is reused (a second import of the same deck adds no copy), any other is added.
 */
export async function keepNoteTypes(
  db: DbOrTx,
  userId: string,
  definitions: AnkiNoteTypeDefinition[],
  now: number,
): Promise<string[]> {
  if (!definitions.length) return [];
  const names = [...new Set(definitions.map((definition) => definition.name))];
  const existing = await db
    .select()
    .from(cardNoteTypes)
    .where(and(eq(cardNoteTypes.userId, userId), inArray(cardNoteTypes.name, names)));
  const ids: string[] = [];
  for (const definition of definitions) {
    const found = existing.find((row) => row.name === definition.name && sameDefinition(row, definition));
    if (found) {
      ids.push(found.id);
      continue;
    }
    const row = { id: randomUUID(), userId, ...definition, createdAt: now };
    await db.insert(cardNoteTypes).values(row);
    existing.push(row);
    ids.push(row.id);
  }
  return ids;
}

/** The person's note types by id (those the export's notes use). */
export async function ownNoteTypes(db: DbOrTx, userId: string, ids: string[]): Promise<CardNoteTypeRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(cardNoteTypes)
    .where(and(eq(cardNoteTypes.userId, userId), inArray(cardNoteTypes.id, ids)));
}
