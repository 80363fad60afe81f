import type { Database } from 'sql.js';
import type { AnkiCollection, AnkiNoteType } from './anki-collection';
import { eachRow, scalar } from './anki-read-sqlite';
import { budgetMessages, refused, type ApkgBudget } from './apkg-budget';
import { readMessage } from './apkg-meta';

function parseJson(text: unknown): Record<string, Record<string, unknown>> {
  const value: unknown = JSON.parse(String(text));
  if (!value || typeof value !== 'object') throw new Error('not an object');
  return value as Record<string, Record<string, unknown>>;
}

/** Schema 11's note types and decks, as JSON in `col`. */
export function readColJson(db: Database, budget: ApkgBudget): Pick<AnkiCollection, 'noteTypes' | 'decks'> {
  const sizes = db.exec('select length(models), length(decks) from col limit 1')[0]?.values[0];
  if (!sizes) throw refused('The package’s collection is empty.');
  if (Number(sizes[0]) + Number(sizes[1]) > budget.colJsonChars) throw refused(budgetMessages.colJson(budget));
  const col = db.exec('select models, decks from col limit 1')[0]!.values[0]!;
  const noteTypes = new Map<number, AnkiNoteType>();
  for (const model of Object.values(parseJson(col[0]))) {
    const fields = Array.isArray(model.flds) ? (model.flds as { name?: unknown }[]) : [];
    const templates = Array.isArray(model.tmpls)
      ? (model.tmpls as { name?: unknown; qfmt?: unknown; afmt?: unknown }[])
      : [];
    noteTypes.set(Number(model.id), {
      id: Number(model.id),
      name: String(model.name ?? 'Unnamed'),
      type: Number(model.type ?? 0),
      fieldNames: fields.map((field) => String(field.name ?? '')),
      templates: templates.map((template) => ({
        name: String(template.name ?? ''),
        qfmt: String(template.qfmt ?? ''),
        afmt: String(template.afmt ?? ''),
      })),
      css: typeof model.css === 'string' ? model.css : '',
    });
  }
  const decks = new Map<number, string>();
  for (const deck of Object.values(parseJson(col[1]))) decks.set(Number(deck.id), String(deck.name ?? 'Default'));
  return { noteTypes, decks };
}

/**
 * Anki's tables of schema 15 and later compare names with a collation of its own, `unicase`, which sql.js cannot
 * register, and SQLite will not read a table whose collation it lacks. Turtle's copy of the collection (never
 * written back) is told `nocase` instead: the names are read, never compared or sorted.
 */
export function replaceUnicase(db: Database): void {
  if (!scalar(db, "select count(*) from sqlite_master where sql like '%unicase%'")) return;
  const version = scalar(db, 'pragma schema_version');
  db.run('pragma writable_schema = on');
  db.run("update sqlite_master set sql = replace(sql, 'unicase', 'nocase') where sql like '%unicase%'");
  // A new schema version makes SQLite read the schema again.
  db.run(`pragma schema_version = ${version + 1}`);
  db.run('pragma writable_schema = off');
}

/** Bytes a row of the schema-15 tables counts for at least, so that empty rows are bounded too. */
const ROW_COST = 16;

/**
 * Schema 15 and later (`collection.anki21b`): note types, their fields and templates, and decks in tables of their
 * own, with protobuf configs (`Notetype.Config`: kind 1 is cloze, the CSS is field 3; `Template.Config`: the question
 * format is field 1, the answer format field 2). Deck names separate levels with \x1f; Anki's JSON (and Turtle) writes "Parent::Child". The same cap applies
 * as to the JSON: their names and configs together.
 */
export function readSchema15(db: Database, budget: ApkgBudget): Pick<AnkiCollection, 'noteTypes' | 'decks'> {
  const size = scalar(
    db,
    `select (select coalesce(sum(length(name) + length(config) + ${ROW_COST}), 0) from notetypes)
      + (select coalesce(sum(length(name) + length(config) + ${ROW_COST}), 0) from fields)
      + (select coalesce(sum(length(name) + length(config) + ${ROW_COST}), 0) from templates)
      + (select coalesce(sum(length(name) + length(common) + length(kind) + ${ROW_COST}), 0) from decks)`,
  );
  if (size > budget.colJsonChars) throw refused(budgetMessages.colJson(budget));
  const text = new TextDecoder();
  const bytesOf = (value: unknown) => (value instanceof Uint8Array ? value : new Uint8Array(0));
  const noteTypes = new Map<number, AnkiNoteType>();
  eachRow(db, 'select id, name, config from notetypes', (row) => {
    const config = readMessage(bytesOf(row[2]));
    const css = config.bytes.get(3);
    noteTypes.set(Number(row[0]), {
      id: Number(row[0]),
      name: String(row[1] ?? 'Unnamed'),
      type: config.varints.get(1) ?? 0,
      fieldNames: [],
      templates: [],
      css: css ? text.decode(css) : '',
    });
  });
  eachRow(db, 'select ntid, name from fields order by ntid, ord', (row) =>
    noteTypes.get(Number(row[0]))?.fieldNames.push(String(row[1] ?? '')),
  );
  eachRow(db, 'select ntid, name, config from templates order by ntid, ord', (row) => {
    const config = readMessage(bytesOf(row[2]));
    const [qfmt, afmt] = [config.bytes.get(1), config.bytes.get(2)];
    noteTypes.get(Number(row[0]))?.templates.push({
      name: String(row[1] ?? ''),
      qfmt: qfmt ? text.decode(qfmt) : '',
      afmt: afmt ? text.decode(afmt) : '',
    });
  });
  const decks = new Map<number, string>();
  eachRow(db, 'select id, name from decks', (row) =>
    decks.set(Number(row[0]), String(row[1] ?? 'Default').replaceAll('\x1f', '::')),
  );
  return { noteTypes, decks };
}
