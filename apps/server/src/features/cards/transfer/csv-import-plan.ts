import { cardOrdinals, CardContentSchema, DeckNameSchema, type CardContent } from '@turtle/shared/cards';
import {
  CARD_IMPORT_MAX_ROWS,
  IMPORT_TOO_MANY_ROWS_MESSAGE,
  type ImportRow,
  type ImportRowError,
} from '@turtle/shared/cards-import';
import type { CardNoteSide } from '@turtle/shared/cards-template';
import { HttpError } from '../../../lib/http-error';
import { kindOfRow, parseCardsCsv } from './csv-format';

export interface ImportPlan {
  totalRows: number;
  rows: (ImportRow & {
    content: CardContent;
    /** The row's kept note, as the file names it (csv-import-note-types.ts resolves it). */
    noteType?: { name: string; fields: string[] };
    /** Resolved: a note of the person's note type, its fields and the sides of its cards. */
    kept?: { id: string; fields: string[]; sides: CardNoteSide[] };
  })[];
  errors: ImportRowError[];
  /** Decks to make, by the name the file gives (first spelling wins). */
  newDecks: string[];
  cards: number;
}

export interface ImportContext {
  /** The person's decks by lower-case name. */
  decksByName: Map<string, { id: string; name: string }>;
  /** The deck for rows with an empty deck cell. */
  defaultDeck: { id: string; name: string } | undefined;
  createMissingDecks: boolean;
}

/**
 * Checks every row of a CSV import without saving anything: each bad row gets its own message ("Row 7: the front
 * is empty."). The import itself runs only when there is no error, in one transaction (nothing half-imported).
 */
export function planImport(csv: string, context: ImportContext): ImportPlan {
  const parsed = parseCardsCsv(csv);
  if (parsed.rows.length + parsed.errors.length > CARD_IMPORT_MAX_ROWS) {
    throw new HttpError(400, 'validation', IMPORT_TOO_MANY_ROWS_MESSAGE);
  }
  const errors = [...parsed.errors];
  const rows: ImportPlan['rows'] = [];
  const newDecks = new Map<string, string>();
  let cards = 0;
  for (const { row, cells, noteType } of parsed.rows) {
    const front = cells.front ?? '';
    const fail = (message: string) => errors.push({ row, message: `Row ${row}: ${message}` });
    const kind = kindOfRow(cells.type, front);
    if (!kind) {
      fail(`unknown type “${cells.type?.trim()}” (use basic, reversed or cloze).`);
      continue;
    }
    const content = CardContentSchema.safeParse({
      kind,
      front,
      back: cells.back ?? '',
      tags: (cells.tags ?? '').split(/[\s,]+/).filter(Boolean),
    });
    if (!content.success) {
      fail(content.error.issues[0]?.message ?? 'this row is not a card.');
      continue;
    }
    const deckCell = (cells.deck ?? '').trim();
    let deck: string;
    if (!deckCell) {
      if (!context.defaultDeck) {
        fail('no deck: fill the deck column, or choose a deck for rows without one.');
        continue;
      }
      deck = context.defaultDeck.name;
    } else {
      const name = DeckNameSchema.safeParse(deckCell);
      if (!name.success) {
        fail(name.error.issues[0]?.message ?? 'the deck name is not valid.');
        continue;
      }
      const existing = context.decksByName.get(name.data.toLowerCase());
      if (existing) deck = existing.name;
      else if (context.createMissingDecks) {
        if (!newDecks.has(name.data.toLowerCase())) newDecks.set(name.data.toLowerCase(), name.data);
        deck = newDecks.get(name.data.toLowerCase())!;
      } else {
        fail(`unknown deck “${name.data}” (create it first, or choose to create the decks the file names).`);
        continue;
      }
    }
    cards += cardOrdinals(content.data.kind, content.data.front).length;
    rows.push({
      row,
      kind,
      front: content.data.front,
      back: content.data.back,
      deck,
      tags: content.data.tags,
      content: content.data,
      ...(noteType ? { noteType } : {}),
    });
  }
  errors.sort((a, b) => a.row - b.row);
  return {
    totalRows: parsed.rows.length + parsed.errors.length,
    rows,
    errors,
    newDecks: [...newDecks.values()],
    cards,
  };
}
