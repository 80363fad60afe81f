import { asc, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import initSqlJs from 'sql.js';
import type { Db } from '../../src/db/database';
import { cardNotes, cards, reviewLogs } from '../../src/db/schema';
import { ankiCollection, FIRST_CARD_ID, type AnkiNoteInput } from './anki-package';
import { ankiCollection18, ankiCurrentPackage } from './anki-package-current';

/**
 * Packages whose cards Anki 26.x has scheduled with FSRS on: each card's columns as Anki writes them (type, queue,
 * due, ivl, reps, lapses, left) and its memory state in `cards.data` (`s`, `d`, `dr`, `decay`, `lrt`: rslib's
 * storage/card/data.rs), and the collection's config (`crt`, `fsrs`, `creationOffset`, `localOffset`): JSON in
 * `col.conf` in schema 11, rows of the `config` table (a JSON value each) in schema 18.
 */
export interface AnkiCardColumns {
  type: number;
  queue: number;
  due: number;
  ivl: number;
  reps: number;
  lapses: number;
  left: number;
  data: string;
}

export interface FsrsCollectionOptions {
  /** `col.crt`, seconds. */
  crt: number;
  /** Minutes west of UTC (Anki's sign: UTC+10 is -600). */
  offset: number;
  fsrs: boolean;
  /** By card, in the order the notes' cards are made (the first card is `FIRST_CARD_ID`). */
  cards: AnkiCardColumns[];
}

function scheduleSql(options: FsrsCollectionOptions) {
  return options.cards
    .map(
      (card, index) =>
        `UPDATE cards SET type = ${card.type}, queue = ${card.queue}, due = ${card.due}, ivl = ${card.ivl},
           reps = ${card.reps}, lapses = ${card.lapses}, left = ${card.left}, data = '${card.data.replaceAll("'", "''")}'
         WHERE id = ${FIRST_CARD_ID + index};`,
    )
    .join('\n');
}

const config = (options: FsrsCollectionOptions) => ({
  fsrs: options.fsrs,
  creationOffset: options.offset,
  localOffset: options.offset,
  rollover: 4,
  schedVer: 2,
});

/** Schema 11 (`collection.anki2`, "Support older Anki versions"). */
export async function fsrsCollection11(
  decks: Record<number, string>,
  notes: AnkiNoteInput[],
  options: FsrsCollectionOptions,
): Promise<Uint8Array> {
  return ankiCollection(decks, notes, {
    sql: `${scheduleSql(options)}
      UPDATE col SET crt = ${options.crt}, conf = '${JSON.stringify(config(options))}';`,
  });
}

/** The current package (`collection.anki21b`, schema 18), as Anki 26.x exports by default. */
export async function fsrsPackage18(
  decks: Record<number, string>,
  notes: AnkiNoteInput[],
  options: FsrsCollectionOptions,
): Promise<Uint8Array> {
  const collection = await ankiCollection18(decks, notes, {
    sql: `${scheduleSql(options)}
      UPDATE col SET crt = ${options.crt};`,
  });
  const SQL = await initSqlJs();
  const db = new SQL.Database(collection);
  for (const [key, value] of Object.entries(config(options))) {
    db.run('INSERT INTO config VALUES (?, 0, 0, ?)', [key, new TextEncoder().encode(JSON.stringify(value))]);
  }
  const bytes = db.export();
  db.close();
  return ankiCurrentPackage(bytes);
}

/** Imported cards by their front, with their log's grades. */
export async function importedCards(db: Db, userId: string) {
  const rows = await db
    .select({ front: cardNotes.front, ordinal: cards.ordinal, card: cards })
    .from(cards)
    .innerJoin(cardNotes, eq(cardNotes.id, cards.noteId))
    .where(eq(cards.userId, userId));
  const logs = await db
    .select({ cardId: reviewLogs.cardId, rating: reviewLogs.rating })
    .from(reviewLogs)
    .where(eq(reviewLogs.userId, userId))
    .orderBy(asc(reviewLogs.reviewedAt), asc(reviewLogs.id));
  return new Map(
    rows.map((row) => [
      `${row.front}#${row.ordinal}`,
      { ...row.card, grades: logs.filter((log) => log.cardId === row.card.id).map((log) => log.rating) },
    ]),
  );
}

/** The exported collection, read back with the tests' SQLite (sql.js). */
export async function readExport(apkg: Uint8Array) {
  const SQL = await initSqlJs();
  const db = new SQL.Database(unzipSync(apkg)['collection.anki2']!);
  const rows = (query: string) => {
    const result = db.exec(query)[0];
    return (result?.values ?? []).map((values) =>
      Object.fromEntries(result!.columns.map((column, index) => [column, values[index]])),
    );
  };
  const read = {
    col: rows('select crt, conf, dconf from col')[0]!,
    cards: rows(
      'select c.id, n.guid, c.ord, c.type, c.queue, c.due, c.ivl, c.left, c.data from cards c join notes n on n.id = c.nid',
    ),
    revlog: rows('select cid, ease, ivl, lastIvl, factor, type from revlog order by cid, id'),
  };
  db.close();
  return read;
}
