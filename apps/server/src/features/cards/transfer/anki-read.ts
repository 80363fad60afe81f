import initSqlJs, { type Database, type SqlJsStatic } from 'sql.js';
import { APKG_MAX_CARDS, APKG_TOO_MANY_CARDS_MESSAGE } from '@turtle/shared/cards-import';
import { HttpError } from '../../../lib/http-error';
import { budgetMessages, refused, type ApkgBudget } from './apkg-budget';
import {
  COLLECTION_FILES,
  decompressZstd,
  isPackageVersion,
  PackageFormatError,
  packageVersion,
  readMessage,
  ZstdTooLarge,
} from './apkg-meta';
import { inflateEntry, readZipDirectory, type ZipEntry } from './apkg-zip';

/**
 * Reads an Anki package (`.apkg`) into plain rows. Its collection is an SQLite database: `collection.anki21` or
 * `collection.anki2` in Anki's schema 11 (what Anki writes with "Support older Anki versions", and what every Anki
 * before 2.1.50 writes), or, as Anki 2.1.50 and later write by default, the zstd-compressed `collection.anki21b` in
 * schema 18, whose note types and decks are tables of their own rather than JSON in `col`; which one is read is
 * decided as Anki decides it (apkg-meta.ts). Beside it: `media` and the numbered media files (not read).
 *
 * It runs in the import's worker thread (apkg-worker.ts), within a budget (apkg-budget.ts): the collection's size is
 * checked in the zip directory and counted while it is inflated; the schema may hold only plain tables and indexes
 * (a view, a trigger, a virtual table or a computed column is refused before any row is read); every table is
 * counted with `LIMIT cap + 1` before it is read, and text is read cut to its cap.
 */

export interface AnkiNoteType {
  id: number;
  name: string;
  /** 1 for cloze note types, 0 for standard ones. */
  type: number;
  fieldNames: string[];
  templates: { name: string; qfmt: string }[];
}

export interface AnkiNote {
  id: number;
  guid: string;
  modelId: number;
  /** The first two fields (front and back) as HTML; the rest are not read. */
  fields: string[];
  tags: string[];
  /** The front or the back is longer than the budget's `fieldChars`: the note is skipped unread. */
  oversized?: boolean;
}

export interface AnkiCard {
  id: number;
  noteId: number;
  deckId: number;
  ord: number;
}

export interface AnkiReview {
  /** When, in ms (the revlog's id). */
  at: number;
  cardId: number;
  /** 1-4; 0 marks a manual reschedule. */
  ease: number;
  /** 0 learn, 1 review, 2 relearn, 3 filtered, 4 manual, 5 rescheduled. */
  type: number;
  timeMs: number;
}

export interface AnkiCollection {
  noteTypes: Map<number, AnkiNoteType>;
  decks: Map<number, string>;
  notes: AnkiNote[];
  cards: AnkiCard[];
  reviews: AnkiReview[];
  mediaFiles: number;
}

/** The tables read, which must be plain tables; schema 15 and later (`collection.anki21b`) add the last four. */
const TABLES = ['col', 'notes', 'cards', 'revlog'];
const TABLES_15 = [...TABLES, 'notetypes', 'fields', 'templates', 'decks'];
/** Anki's `meta` is a few bytes. */
const META_BYTES = 1024;
/** What to do with a package Turtle cannot read; Anki's export dialog names the option so. */
const EXPORT_AGAIN = 'Export it again from Anki with “Support older Anki versions” ticked.';
/** A guid is an id (Anki's are 10 characters, Turtle's 36); a longer one cannot match a note of ours. */
const GUID_BYTES = 400;
/** Tags past this many bytes are not read (at most 20 tags of 40 characters are kept). */
const TAGS_BYTES = 10_000;

let sqlJs: Promise<SqlJsStatic> | undefined;
const loadSqlJs = () => (sqlJs ??= initSqlJs());

/**
 * The collection's entry, chosen as Anki chooses it (apkg-meta.ts: by `meta`, else the legacy files), checked
 * against the budget by its declared size before anything is inflated; `collection.anki21b` is then decompressed
 * (zstd), its output counted against the same cap as it is produced.
 */
async function unzipCollection(
  bytes: Uint8Array,
  budget: ApkgBudget,
): Promise<{ collection: Uint8Array; mediaFiles: number }> {
  let entries: ZipEntry[];
  try {
    entries = readZipDirectory(bytes);
  } catch {
    throw refused('This file is not an Anki package (.apkg): it is not a zip file.');
  }
  const names = new Set(entries.map((file) => file.name));
  const metaEntry = entries.find((file) => file.name === 'meta');
  let version: number;
  try {
    if (metaEntry && metaEntry.size > META_BYTES) throw new PackageFormatError('meta too large');
    version = packageVersion(metaEntry && (await inflateEntry(bytes, metaEntry)), names);
  } catch {
    throw refused(`The package’s meta file (which says how to read it) is damaged. ${EXPORT_AGAIN}`);
  }
  if (!isPackageVersion(version)) {
    throw refused(`This package was made by a newer version of Anki than Turtle reads. ${EXPORT_AGAIN}`);
  }
  const name = COLLECTION_FILES[version];
  const entry = entries.find((file) => file.name === name);
  if (!entry) {
    if (!metaEntry && names.has(COLLECTION_FILES[3])) {
      throw refused(
        `This package holds Anki’s newest collection (collection.anki21b) without its meta file. ${EXPORT_AGAIN}`,
      );
    }
    if (metaEntry) throw refused(`This package’s collection (${name}) is missing. ${EXPORT_AGAIN}`);
    throw refused('This zip holds no Anki collection (collection.anki2).');
  }
  if (entry.size > budget.collectionBytes) throw refused(budgetMessages.collectionDeclared(entry.size, budget));
  let collection: Uint8Array;
  try {
    collection = await inflateEntry(bytes, entry);
  } catch {
    throw refused('The package’s collection is damaged: it cannot be unzipped as its zip directory says.');
  }
  if (version === 3) {
    try {
      collection = decompressZstd(collection, budget.collectionBytes);
    } catch (error) {
      if (error instanceof ZstdTooLarge) throw refused(budgetMessages.collectionInflated(budget));
      throw refused(`The package’s collection (collection.anki21b) is damaged: it is not valid zstd. ${EXPORT_AGAIN}`);
    }
  }
  return { collection, mediaFiles: entries.filter((file) => /^\d+$/.test(file.name)).length };
}

/** Runs a query and maps each row as it is stepped through (no array of every row first). */
function eachRow(db: Database, query: string, visit: (row: unknown[]) => void): void {
  const statement = db.prepare(query);
  try {
    while (statement.step()) visit(statement.get());
  } finally {
    statement.free();
  }
}

const scalar = (db: Database, query: string) => Number(db.exec(query)[0]?.values[0]?.[0] ?? 0);

/** How many rows `table` has, counting no further than `cap + 1`. */
const countUpTo = (db: Database, table: string, cap: number) =>
  scalar(db, `select count(*) from (select 1 from ${table} limit ${cap + 1})`);

const refuseObject = (what: string, name: string) =>
  refused(
    `This package’s collection holds ${what} (“${name.slice(0, 80)}”), which an Anki collection never has; Turtle does not read it.`,
  );

/**
 * Only plain tables and indexes: Anki writes nothing else. A view (a `revlog` over a recursive query yields rows
 * without end), a trigger, a virtual table or a computed column (which runs an expression per row read) is refused
 * before any row of the collection is read. Both what the schema rows say and what SQLite parsed from them
 * (`pragma table_list`) are checked: a row's `type` can be written to disagree with its SQL.
 */
function checkSchema(db: Database, budget: ApkgBudget): void {
  const objects: { type: string; name: string; sql: string }[] = [];
  eachRow(db, `select type, name, sql from sqlite_master limit ${budget.schemaRows + 1}`, (row) =>
    objects.push({ type: String(row[0]), name: String(row[1]), sql: String(row[2] ?? '') }),
  );
  if (objects.length > budget.schemaRows) throw refused(budgetMessages.schemaRows(budget));
  for (const object of objects) {
    const sql = object.sql.trimStart().slice(0, 40).toLowerCase().replace(/\s+/g, ' ');
    if (object.type === 'view' || sql.startsWith('create view')) throw refuseObject('a view', object.name);
    if (object.type === 'trigger' || sql.startsWith('create trigger')) throw refuseObject('a trigger', object.name);
    if (sql.startsWith('create virtual')) throw refuseObject('a virtual table', object.name);
    if (object.type !== 'table' && object.type !== 'index') throw refuseObject(`a ${object.type}`, object.name);
  }
  eachRow(db, 'pragma table_list', (row) => {
    const [schema, name, type] = [String(row[0]), String(row[1]), String(row[2])];
    if (schema !== 'main' && schema !== 'temp') return;
    if (type === 'view') throw refuseObject('a view', name);
    if (type === 'virtual' || type === 'shadow') throw refuseObject('a virtual table', name);
  });
  checkColumns(db, TABLES);
}

/** No computed column in the tables read (hidden: 2 and 3 are generated columns). */
function checkColumns(db: Database, tables: string[]): void {
  for (const table of tables) {
    eachRow(db, `pragma table_xinfo(${table})`, (row) => {
      if (Number(row[6]) >= 2) throw refuseObject('a computed column', `${table}.${String(row[1])}`);
    });
  }
}

function parseJson(text: unknown): Record<string, Record<string, unknown>> {
  const value: unknown = JSON.parse(String(text));
  if (!value || typeof value !== 'object') throw new Error('not an object');
  return value as Record<string, Record<string, unknown>>;
}

/** The front and the back (the rest is not kept), and whether either is longer than `max` characters. */
function splitFields(flds: string, max: number): { fields: string[]; oversized: boolean } {
  const first = flds.indexOf('\x1f');
  const front = first === -1 ? flds : flds.slice(0, first);
  if (first === -1) return { fields: [front], oversized: front.length > max };
  const second = flds.indexOf('\x1f', first + 1);
  const back = second === -1 ? flds.slice(first + 1) : flds.slice(first + 1, second);
  return { fields: [front, back], oversized: front.length > max || back.length > max };
}

/** Schema 11's note types and decks, as JSON in `col`. */
function readColJson(db: Database, budget: ApkgBudget): Pick<AnkiCollection, 'noteTypes' | 'decks'> {
  const sizes = db.exec('select length(models), length(decks) from col limit 1')[0]?.values[0];
  if (!sizes) throw refused('The package’s collection is empty.');
  if (Number(sizes[0]) + Number(sizes[1]) > budget.colJsonChars) throw refused(budgetMessages.colJson(budget));
  const col = db.exec('select models, decks from col limit 1')[0]!.values[0]!;
  const noteTypes = new Map<number, AnkiNoteType>();
  for (const model of Object.values(parseJson(col[0]))) {
    const fields = Array.isArray(model.flds) ? (model.flds as { name?: unknown }[]) : [];
    const templates = Array.isArray(model.tmpls) ? (model.tmpls as { name?: unknown; qfmt?: unknown }[]) : [];
    noteTypes.set(Number(model.id), {
      id: Number(model.id),
      name: String(model.name ?? 'Unnamed'),
      type: Number(model.type ?? 0),
      fieldNames: fields.map((field) => String(field.name ?? '')),
      templates: templates.map((template) => ({
        name: String(template.name ?? ''),
        qfmt: String(template.qfmt ?? ''),
      })),
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
function replaceUnicase(db: Database): void {
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
 * own, with protobuf configs (`Notetype.Config`: kind 1 is cloze; `Template.Config`: the question format is field
 * 1). Deck names separate levels with \x1f; Anki's JSON (and Turtle) writes "Parent::Child". The same cap applies
 * as to the JSON: their names and configs together.
 */
function readSchema15(db: Database, budget: ApkgBudget): Pick<AnkiCollection, 'noteTypes' | 'decks'> {
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
  eachRow(db, 'select id, name, config from notetypes', (row) =>
    noteTypes.set(Number(row[0]), {
      id: Number(row[0]),
      name: String(row[1] ?? 'Unnamed'),
      type: readMessage(bytesOf(row[2])).varints.get(1) ?? 0,
      fieldNames: [],
      templates: [],
    }),
  );
  eachRow(db, 'select ntid, name from fields order by ntid, ord', (row) =>
    noteTypes.get(Number(row[0]))?.fieldNames.push(String(row[1] ?? '')),
  );
  eachRow(db, 'select ntid, name, config from templates order by ntid, ord', (row) => {
    const qfmt = readMessage(bytesOf(row[2])).bytes.get(1);
    noteTypes.get(Number(row[0]))?.templates.push({ name: String(row[1] ?? ''), qfmt: qfmt ? text.decode(qfmt) : '' });
  });
  const decks = new Map<number, string>();
  eachRow(db, 'select id, name from decks', (row) =>
    decks.set(Number(row[0]), String(row[1] ?? 'Default').replaceAll('\x1f', '::')),
  );
  return { noteTypes, decks };
}

function readCollection(db: Database, budget: ApkgBudget): Omit<AnkiCollection, 'mediaFiles'> {
  checkSchema(db, budget);
  const version = db.exec('select ver from col limit 1')[0]?.values[0]?.[0];
  if (version === undefined) throw refused('The package’s collection is empty.');
  const schema15 = Number(version) >= 15;
  if (schema15) {
    replaceUnicase(db);
    checkColumns(db, TABLES_15);
  }
  const { noteTypes, decks } = schema15 ? readSchema15(db, budget) : readColJson(db, budget);
  if (countUpTo(db, 'cards', APKG_MAX_CARDS) >= APKG_MAX_CARDS) throw refused(APKG_TOO_MANY_CARDS_MESSAGE);
  if (countUpTo(db, 'notes', budget.notes) > budget.notes) throw refused(budgetMessages.notes(budget));
  if (countUpTo(db, 'revlog', budget.reviews) > budget.reviews) throw refused(budgetMessages.reviews(budget));
  const mostOnOneCard = scalar(db, 'select max(n) from (select count(*) as n from revlog group by cid)');
  if (mostOnOneCard > budget.reviewsPerCard) throw refused(budgetMessages.reviewsPerCard(budget));

  // Text is read as bytes (SQLite's `substr` of text stops at a NUL, which a field may hold: the import takes NUL
  // out itself), cut where the front and the back would be past their cap whatever their characters (4 bytes each
  // at most): a cut inside one of them means it is longer than the cap.
  const fieldsRead = 4 * (2 * budget.fieldChars + 3);
  const text = new TextDecoder();
  const decode = (value: unknown) => (value instanceof Uint8Array ? text.decode(value) : String(value ?? ''));
  const notes: AnkiNote[] = [];
  eachRow(
    db,
    `select id, substr(cast(guid as blob), 1, ${GUID_BYTES}), mid, substr(cast(flds as blob), 1, ${fieldsRead}),
       substr(cast(tags as blob), 1, ${TAGS_BYTES})
     from notes limit ${budget.notes}`,
    (row) => {
      const { fields, oversized } = splitFields(decode(row[3]), budget.fieldChars);
      notes.push({
        id: Number(row[0]),
        guid: decode(row[1]),
        modelId: Number(row[2]),
        fields,
        tags: decode(row[4]).split(/\s+/).filter(Boolean),
        ...(oversized ? { oversized } : {}),
      });
    },
  );
  // A card in a filtered deck keeps its home deck in `odid`.
  const cards: AnkiCard[] = [];
  eachRow(
    db,
    `select id, nid, case when odid != 0 then odid else did end, ord from cards limit ${APKG_MAX_CARDS}`,
    (row) => cards.push({ id: Number(row[0]), noteId: Number(row[1]), deckId: Number(row[2]), ord: Number(row[3]) }),
  );
  const reviews: AnkiReview[] = [];
  eachRow(db, `select id, cid, ease, type, time from revlog order by cid, id limit ${budget.reviews}`, (row) =>
    reviews.push({
      at: Number(row[0]),
      cardId: Number(row[1]),
      ease: Number(row[2]),
      type: Number(row[3]),
      timeMs: Number(row[4]),
    }),
  );
  return { noteTypes, decks, notes, cards, reviews };
}

/** The package's collection as rows; a bad package, or one over the budget, is a 400 naming what is wrong. */
export async function readApkg(bytes: Uint8Array, budget: ApkgBudget): Promise<AnkiCollection> {
  const unzipped = await unzipCollection(bytes, budget);
  const SQL = await loadSqlJs();
  let db: Database;
  try {
    db = new SQL.Database(unzipped.collection);
  } catch {
    throw refused('The package’s collection is not a readable SQLite database.');
  }
  // sql.js copied the file into its own file system: the inflated copy goes now, not after the reading.
  unzipped.collection = new Uint8Array(0);
  try {
    return { ...readCollection(db, budget), mediaFiles: unzipped.mediaFiles };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw refused('The package’s collection is damaged or not an Anki collection (its SQLite file cannot be read).');
  } finally {
    db.close();
  }
}
