import Papa from 'papaparse';
import { CARD_KINDS, type CardKind } from '@turtle/shared/cards';
import { clozeNumbers } from '@turtle/shared/cards-cloze';
import { CSV_COLUMNS, type CsvColumn } from '@turtle/shared/cards-import';

export interface CsvCard {
  kind: CardKind;
  front: string;
  back: string;
  deck: string;
  tags: string[];
  /** A note of a kept Anki note type: the note type's name and every field (docs/decisions/047-anki-note-fields-and-styles.md). */
  noteType?: string;
  fields?: string[] | null;
}

/** The columns after the five that hold a kept note type's note whole: its note type, then its fields in order. */
const NOTE_TYPE_COLUMN = 'note type';
const fieldColumn = (index: number) => `field ${index + 1}`;
const EXTRA_COLUMN = /^(note type|field [1-9][0-9]{0,2})$/;

/**
 * The cards as CSV (RFC 4180, CRLF, UTF-8 with a BOM so spreadsheets read accents), a row per note: front, back,
 * deck, tags, type. When notes of kept Anki note types are among them, each row also has `note type` and `field 1`
 * to `field N` (N the most fields any of them has; empty for Turtle's own notes), so every field of every note is in
 * the file; the import makes such a row a note of the person's note type of that name (csv-import-note-types.ts). Every cell goes through `guardCell`, so a spreadsheet
 * shows formula-looking text as text instead of running it (OWASP "CSV injection"); the import's `unguardCell`
 * takes the guard off again, exactly.
 */
export function toCsv(cards: CsvCard[]): string {
  const width = Math.max(0, ...cards.map((card) => (card.noteType && card.fields ? card.fields.length : 0)));
  const extra = width ? [NOTE_TYPE_COLUMN, ...Array.from({ length: width }, (_, index) => fieldColumn(index))] : [];
  const data = cards.map((card) => {
    const kept = card.noteType && card.fields ? card.fields : null;
    const more = width ? [kept ? card.noteType! : '', ...Array.from({ length: width }, (_, i) => kept?.[i] ?? '')] : [];
    return [card.front, card.back, card.deck, card.tags.join(' '), card.kind, ...more].map(guardCell);
  });
  return `\uFEFF${Papa.unparse({ fields: [...CSV_COLUMNS, ...extra], data }, { newline: '\r\n' })}\r\n`;
}

/**
 * Text a spreadsheet may run as a formula: it starts with `=`, `+`, `-`, `@` (or their fullwidth and small forms,
 * which some spreadsheets and input methods take as the same), a tab or a carriage return, after any invisible
 * format characters (Unicode category Cf: zero-width space U+200B, joiners U+200C/D, word joiner U+2060, the BOM
 * U+FEFF, soft hyphen…), which a reader cannot see and a program may strip before it looks.
 */
const FORMULA = String.raw`\p{Cf}*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\t\r]`;
/**
 * What gets the guard: formula-looking text, or such text behind apostrophes (`'=x`, `''=x`). Guarding the second
 * kind too is what makes the guard reversible: import takes one apostrophe off exactly when what follows matches
 * this again, so `'=x` (exported `''=x`) comes back as `'=x`, and `=x` (exported `'=x`) as `=x`.
 */
const NEEDS_GUARD = new RegExp(`^'*${FORMULA}`, 'u');

/**
 * The export's formula guard: a leading `'` before a cell that `NEEDS_GUARD` (Papa Parse's own `escapeFormulae`
 * misses a cell that starts with `-` and goes on over several lines, and everything past ASCII). Any other cell,
 * `'hello` included, is written as it is.
 */
export const guardCell = (cell: string) => (NEEDS_GUARD.test(cell) ? `'${cell}` : cell);

/**
 * Undoes `guardCell`: `'=SUM(A1)` reads back as `=SUM(A1)`, `''=x` as `'=x`; `'hello` stays `'hello`. For every
 * text x, `unguardCell(guardCell(x)) === x`. A file written by the earlier guard reads back as it did, except a
 * cell that began with an apostrophe before a formula character without the guard (`''=x`, `'＝x`), which that
 * guard could not bring back right anyway: one apostrophe comes off.
 */
export function unguardCell(cell: string): string {
  return cell.startsWith("'") && NEEDS_GUARD.test(cell.slice(1)) ? cell.slice(1) : cell;
}

export interface ParsedCsvRow {
  /** 1-based, as a spreadsheet numbers it. */
  row: number;
  cells: Partial<Record<CsvColumn, string>>;
  /**
   * An export's kept note (docs/decisions/047-anki-note-fields-and-styles.md): the `note type` cell and the `field N`
   * cells in order, up to the last one with text.
   */
  noteType?: { name: string; fields: string[] };
}

const FIELD_COLUMN = /^field ([1-9][0-9]{0,2})$/;

export interface ParsedCsv {
  rows: ParsedCsvRow[];
  errors: { row: number; message: string }[];
}

const COLUMN_LIST = 'front, back, deck, tags and type';

function parseErrorMessage(code: string): string {
  switch (code) {
    case 'MissingQuotes':
      return 'a quoted cell is never closed (check the quotes from here on).';
    case 'InvalidQuotes':
      return 'a quote inside a quoted cell must be doubled ("").';
    default:
      return 'this row could not be read.';
  }
}

/**
 * Reads a CSV of cards (comma, semicolon or tab separated; detected). A first row made of column names is the
 * header (in any order; an unknown name is an error); without one the columns are front, back, deck, tags, type.
 * Blank rows are skipped. Broken quoting and rows with too many cells are errors of their row.
 */
export function parseCardsCsv(text: string): ParsedCsv {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    delimitersToGuess: [',', ';', '\t'],
    skipEmptyLines: false,
  });
  const errors: ParsedCsv['errors'] = [];
  const brokenRows = new Set<number>();
  for (const error of result.errors) {
    if (error.type === 'Delimiter' || error.row === undefined) continue;
    if (brokenRows.has(error.row)) continue;
    brokenRows.add(error.row);
    errors.push({ row: error.row + 1, message: `Row ${error.row + 1}: ${parseErrorMessage(error.code)}` });
  }
  // A header may also name an export's note type and field columns: a row's kept note (decision 047).
  let noteTypeAt = -1;
  const fieldAt: number[] = [];
  let columns: (CsvColumn | null)[] = [...CSV_COLUMNS];
  let names: string[] = [...CSV_COLUMNS];
  let first = 0;
  const head = (result.data[0] ?? []).map((cell) => cell.trim().toLowerCase());
  if (head.includes('front')) {
    first = 1;
    const unknown = head.filter(
      (name) => name && !(CSV_COLUMNS as readonly string[]).includes(name) && !EXTRA_COLUMN.test(name),
    );
    const repeated = head.filter((name, index) => name && head.indexOf(name) !== index);
    if (unknown.length) {
      errors.unshift({ row: 1, message: `Row 1: unknown column “${unknown[0]}”; the columns are ${COLUMN_LIST}.` });
    } else if (repeated.length) {
      errors.unshift({ row: 1, message: `Row 1: the column “${repeated[0]}” is there twice.` });
    }
    names = head;
    columns = head.map((name) => ((CSV_COLUMNS as readonly string[]).includes(name) ? (name as CsvColumn) : null));
    noteTypeAt = head.indexOf(NOTE_TYPE_COLUMN);
    head.forEach((name, position) => {
      const field = FIELD_COLUMN.exec(name);
      if (field) fieldAt[Number(field[1]) - 1] = position;
    });
  }
  const rows: ParsedCsvRow[] = [];
  for (let index = first; index < result.data.length; index += 1) {
    const cells = result.data[index]!;
    if (brokenRows.has(index) || cells.every((cell) => cell.trim() === '')) continue;
    if (cells.length > columns.length && cells.slice(columns.length).some((cell) => cell.trim() !== '')) {
      errors.push({
        row: index + 1,
        message: `Row ${index + 1}: ${cells.length} cells, but the columns are ${first ? names.join(', ') : COLUMN_LIST}.`,
      });
      continue;
    }
    const named: ParsedCsvRow['cells'] = {};
    columns.forEach((column, position) => {
      if (column) named[column] = unguardCell(cells[position] ?? '');
    });
    const noteType = noteTypeAt === -1 ? '' : unguardCell(cells[noteTypeAt] ?? '').trim();
    if (noteType) {
      const fields = Array.from({ length: fieldAt.length }, (_, at) =>
        fieldAt[at] === undefined ? '' : unguardCell(cells[fieldAt[at]!] ?? ''),
      );
      while (fields.length && !fields[fields.length - 1]!.trim()) fields.pop();
      rows.push({ row: index + 1, cells: named, noteType: { name: noteType, fields } });
    } else rows.push({ row: index + 1, cells: named });
  }
  errors.sort((a, b) => a.row - b.row);
  return { rows, errors };
}

/** The type cell, or the type the front implies: cloze when it has `{{c1::…}}`, else basic. */
export function kindOfRow(typeCell: string | undefined, front: string): CardKind | undefined {
  const type = (typeCell ?? '').trim().toLowerCase();
  if (!type) return clozeNumbers(front).length ? 'cloze' : 'basic';
  return (CARD_KINDS as readonly string[]).includes(type) ? (type as CardKind) : undefined;
}
