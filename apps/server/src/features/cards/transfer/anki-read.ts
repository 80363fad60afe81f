import type { Database } from 'sql.js';
import { APKG_MAX_CARDS, APKG_TOO_MANY_CARDS_MESSAGE } from '@turtle/shared/cards-import';
import { HttpError } from '../../../lib/http-error';
import type { AnkiCard, AnkiCollection, AnkiNote, AnkiReview } from './anki-collection';
import { readColJson, readSchema15, replaceUnicase } from './anki-read-note-types';
import { checkColumns, checkSchema, TABLES_15 } from './anki-read-schema';
import { countUpTo, eachRow, loadSqlJs } from './anki-read-sqlite';
import { cardScheduling, readScheduling, SCHEDULING_COLUMNS } from './anki-read-scheduling';
import { budgetMessages, refused, type ApkgBudget } from './apkg-budget';
import { readPackageMedia } from './apkg-media';
import { unzipCollection } from './apkg-unzip';

/**
 * Reads an Anki package (`.apkg`) into plain rows. Its collection is an SQLite database: `collection.anki21` or
 * `collection.anki2` in Anki's schema 11 (what Anki writes with "Support older Anki versions", and what every Anki
 * before 2.1.50 writes), or, as Anki 2.1.50 and later write by default, the zstd-compressed `collection.anki21b` in
 * schema 18, whose note types and decks are tables of their own rather than JSON in `col`; which one is read is
 * decided as Anki decides it (apkg-meta.ts). Beside it: `media` and the numbered media files (apkg-media.ts).
 *
 * It runs in the import's worker thread (apkg-worker.ts), within a budget (apkg-budget.ts): the collection's size is
 * checked in the zip directory and counted while it is inflated (apkg-unzip.ts); the schema may hold only plain
 * tables and indexes (anki-read-schema.ts: a view, a trigger, a virtual table or a computed column is refused before
 * any row is read); the note types and decks are read as the schema keeps them (anki-read-note-types.ts); every
 * table is counted with `LIMIT cap + 1` before it is read, and text is read cut to its cap.
 */

/** A guid is an id (Anki's are 10 characters, Turtle's 36); a longer one cannot match a note of ours. */
const GUID_BYTES = 400;
/** Tags past this many bytes are not read (at most 20 tags of 40 characters are kept). */
const TAGS_BYTES = 10_000;

/**
 * Every field (docs/decisions/042-anki-note-types.md), and whether one is longer than `max` characters or the whole
 * was cut where it was read (`cut`): longer than any note Turtle keeps.
 */
function splitFields(flds: string, max: number, cut: boolean): { fields: string[]; oversized: boolean } {
  const fields = flds.split('\x1f');
  return { fields, oversized: cut || fields.some((field) => field.length > max) };
}

function readCollection(db: Database, budget: ApkgBudget): Omit<AnkiCollection, 'mediaFiles' | 'media'> {
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

  // Text is read as bytes (SQLite's `substr` of text stops at a NUL, which a field may hold: the import takes NUL
  // out itself), cut where two fields at their cap would end whatever their characters (4 bytes each at most): all
  // the fields of a note together are read up to that, and a note longer than that is not read (a front and a back
  // within their caps always fit, as before note types were kept).
  const fieldsRead = 4 * (2 * budget.fieldChars + 3);
  const text = new TextDecoder();
  const decode = (value: unknown) => (value instanceof Uint8Array ? text.decode(value) : String(value ?? ''));
  const notes: AnkiNote[] = [];
  eachRow(
    db,
    `select id, substr(cast(guid as blob), 1, ${GUID_BYTES}), mid, substr(cast(flds as blob), 1, ${fieldsRead}),
       substr(cast(tags as blob), 1, ${TAGS_BYTES}), length(cast(flds as blob)) > ${fieldsRead}
     from notes limit ${budget.notes}`,
    (row) => {
      const { fields, oversized } = splitFields(decode(row[3]), budget.fieldChars, Number(row[5]) === 1);
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
  // A card in a filtered deck keeps its home deck in `odid`; its scheduling, in anki-fsrs.ts's terms.
  const cards: AnkiCard[] = [];
  eachRow(
    db,
    `select id, nid, case when odid != 0 then odid else did end, ord, ${SCHEDULING_COLUMNS}
     from cards limit ${APKG_MAX_CARDS}`,
    (row) =>
      cards.push({
        id: Number(row[0]),
        noteId: Number(row[1]),
        deckId: Number(row[2]),
        ord: Number(row[3]),
        scheduling: cardScheduling(row.slice(4), decode),
      }),
  );
  // In the table's own order (its id, the review's time): no temporary b-tree in sql.js's memory, which never
  // shrinks (a package without Anki's index on `cid` sorted and grouped every row there), and each card's reviews
  // still come oldest first. The reviews of one card are counted as they are read.
  const reviews: AnkiReview[] = [];
  const perCard = new Map<number, number>();
  eachRow(db, `select id, cid, ease, type, time from revlog order by id limit ${budget.reviews}`, (row) => {
    const cardId = Number(row[1]);
    const onCard = (perCard.get(cardId) ?? 0) + 1;
    if (onCard > budget.reviewsPerCard) throw refused(budgetMessages.reviewsPerCard(budget));
    perCard.set(cardId, onCard);
    reviews.push({ at: Number(row[0]), cardId, ease: Number(row[2]), type: Number(row[3]), timeMs: Number(row[4]) });
  });
  return { noteTypes, decks, notes, cards, reviews, scheduling: readScheduling(db, schema15) };
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
    const collection = readCollection(db, budget);
    return {
      ...collection,
      mediaFiles: unzipped.mediaFiles,
      media: await readPackageMedia(bytes, unzipped.entries, unzipped.version),
    };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw refused('The package’s collection is damaged or not an Anki collection (its SQLite file cannot be read).');
  } finally {
    db.close();
  }
}
