import { unzipSync } from 'fflate';
import initSqlJs, { type Database, type SqlJsStatic } from 'sql.js';
import { APKG_MAX_CARDS, APKG_TOO_MANY_CARDS_MESSAGE } from '@turtle/shared/cards-import';
import { HttpError } from '../../lib/http-error';

/**
 * Reads an Anki package (`.apkg`) into plain rows: a zip holding `collection.anki21` or `collection.anki2`, an
 * SQLite database in Anki's schema 11 (what Anki writes with "Support older Anki versions", and what every Anki
 * before 2.1.50 writes), plus `media` and the numbered media files. Anki's newer zstd-compressed `collection.anki21b`
 * is refused with a message saying how to export one we read.
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
  fields: string[];
  tags: string[];
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

/** A collection uncompressed past this is refused (a zip bomb would otherwise fill the memory). */
const COLLECTION_MAX_BYTES = 512 * 1024 * 1024;
const COLLECTION_NAMES = ['collection.anki21', 'collection.anki2'];

let sqlJs: Promise<SqlJsStatic> | undefined;
const loadSqlJs = () => (sqlJs ??= initSqlJs());

const badPackage = (message: string) => new HttpError(400, 'validation', `${message} Nothing was imported.`);

function unzipCollection(bytes: Uint8Array): { collection: Uint8Array; mediaFiles: number } {
  let names: string[] = [];
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        names.push(file.name);
        if (COLLECTION_NAMES.includes(file.name) && file.originalSize > COLLECTION_MAX_BYTES) {
          throw badPackage('The collection inside the package is too large.');
        }
        return COLLECTION_NAMES.includes(file.name);
      },
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw badPackage('This file is not an Anki package (.apkg): it is not a zip file.');
  }
  const collection = COLLECTION_NAMES.map((name) => files[name]).find((file) => file !== undefined);
  if (!collection) {
    if (names.includes('collection.anki21b')) {
      throw badPackage(
        'This package is in Anki’s newest format. In Anki, export it again with “Support older Anki versions” ticked.',
      );
    }
    throw badPackage('This zip holds no Anki collection (collection.anki2).');
  }
  names = names.filter((name) => /^\d+$/.test(name));
  return { collection, mediaFiles: names.length };
}

function rows<T>(db: Database, query: string, map: (row: unknown[]) => T): T[] {
  const result = db.exec(query)[0];
  return result ? result.values.map(map) : [];
}

function parseJson(text: unknown): Record<string, Record<string, unknown>> {
  const value: unknown = JSON.parse(String(text));
  if (!value || typeof value !== 'object') throw new Error('not an object');
  return value as Record<string, Record<string, unknown>>;
}

function readCollection(db: Database): Omit<AnkiCollection, 'mediaFiles'> {
  const col = db.exec('select models, decks from col limit 1')[0]?.values[0];
  if (!col) throw badPackage('The package’s collection is empty.');
  const cardCount = Number(db.exec('select count(*) from cards')[0]?.values[0]?.[0] ?? 0);
  if (cardCount >= APKG_MAX_CARDS)
    throw new HttpError(400, 'validation', `${APKG_TOO_MANY_CARDS_MESSAGE} Nothing was imported.`);
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
  const notes = rows(db, 'select id, guid, mid, flds, tags from notes', (row) => ({
    id: Number(row[0]),
    guid: String(row[1]),
    modelId: Number(row[2]),
    fields: String(row[3]).split('\x1f'),
    tags: String(row[4]).split(/\s+/).filter(Boolean),
  }));
  // A card in a filtered deck keeps its home deck in `odid`.
  const cards = rows(db, 'select id, nid, case when odid != 0 then odid else did end, ord from cards', (row) => ({
    id: Number(row[0]),
    noteId: Number(row[1]),
    deckId: Number(row[2]),
    ord: Number(row[3]),
  }));
  const reviews = rows(db, 'select id, cid, ease, type, time from revlog order by cid, id', (row) => ({
    at: Number(row[0]),
    cardId: Number(row[1]),
    ease: Number(row[2]),
    type: Number(row[3]),
    timeMs: Number(row[4]),
  }));
  return { noteTypes, decks, notes, cards, reviews };
}

/** The package's collection as rows; a bad package is a 400 naming what is wrong with it. */
export async function readApkg(bytes: Uint8Array): Promise<AnkiCollection> {
  const { collection, mediaFiles } = unzipCollection(bytes);
  const SQL = await loadSqlJs();
  let db: Database;
  try {
    db = new SQL.Database(collection);
  } catch {
    throw badPackage('The package’s collection is not a readable SQLite database.');
  }
  try {
    return { ...readCollection(db), mediaFiles };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw badPackage('The package’s collection is damaged or not an Anki collection (its SQLite file cannot be read).');
  } finally {
    db.close();
  }
}
