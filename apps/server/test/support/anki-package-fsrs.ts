import initSqlJs from 'sql.js';
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
