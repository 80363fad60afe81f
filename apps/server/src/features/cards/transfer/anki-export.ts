import { createHash } from 'node:crypto';
import { zipSync } from 'fflate';
import initSqlJs, { type SqlJsStatic } from 'sql.js';
import type { CardKind } from '@turtle/shared/cards';
import type { CardNoteSide } from '@turtle/shared/cards-template';
import { noteOrdinals } from '../decks/card-notes.repository';
import type { SchedulerSettings } from '../review/scheduler';
import { DEFAULT_CARD_SETTINGS } from '../settings.repository';
import { ankiCardColumns, ankiRevlogRows, collectionCreation, deckOptions, FSRS_CONF } from './anki-export-fsrs';
import type { ApkgCardHistory } from './anki-export-history';
import { ankiHtmlWriter } from './anki-export-html';
import { mediaEntries, type ExportMedia } from './anki-export-media';
import { ankiNoteTypeId, MODEL_IDS, models, type KeptNoteType } from './anki-export-models';

/**
 * An Anki package (`.apkg`): a zip holding `collection.anki2`, an SQLite database in Anki's schema 11 (the legacy
 * format every Anki version imports), and `media` (no files). SQLite is sql.js and the zip fflate; only the schema
 * and its JSON (note types, decks, deck options) are written here, from Anki's own schema11 definitions.
 * Cards keep their state, memory state and review log (`revlog`) with the FSRS flag on and the learner's parameters
 * (anki-export-fsrs.ts); the text is the card HTML subset (anki-export-html.ts). A note of a kept Anki note type goes
 * back as that note type's note with every field, and each card in its own deck (docs/decisions/042-anki-note-types.md).
 */

export interface ApkgNote {
  /** Our note id: the note's guid, so importing a newer export updates the same notes. */
  id: string;
  deckId: string;
  kind: CardKind;
  front: string;
  back: string;
  tags: string[];
  /** The cards' states, logs and decks, by ordinal (absent: they go in as new cards, in the note's deck). */
  history?: Map<number, ApkgCardHistory>;
  /** A note of a kept note type: its type, fields and the cards it makes. */
  noteTypeId?: string | null;
  fields?: string[] | null;
  sides?: CardNoteSide[] | null;
}

export interface ApkgDeck {
  id: string;
  name: string;
}

let sqlJs: Promise<SqlJsStatic> | undefined;
const loadSqlJs = () => (sqlJs ??= initSqlJs());

const SCHEMA = `
create table col (id integer primary key, crt integer not null, mod integer not null, scm integer not null,
  ver integer not null, dty integer not null, usn integer not null, ls integer not null, conf text not null,
  models text not null, decks text not null, dconf text not null, tags text not null);
create table notes (id integer primary key, guid text not null, mid integer not null, mod integer not null,
  usn integer not null, tags text not null, flds text not null, sfld integer not null, csum integer not null,
  flags integer not null, data text not null);
create table cards (id integer primary key, nid integer not null, did integer not null, ord integer not null,
  mod integer not null, usn integer not null, type integer not null, queue integer not null, due integer not null,
  ivl integer not null, factor integer not null, reps integer not null, lapses integer not null, left integer not null,
  odue integer not null, odid integer not null, flags integer not null, data text not null);
create table revlog (id integer primary key, cid integer not null, usn integer not null, ease integer not null,
  ivl integer not null, lastIvl integer not null, factor integer not null, time integer not null, type integer not null);
create table graves (usn integer not null, oid integer not null, type integer not null);
create index ix_notes_usn on notes (usn);
create index ix_cards_usn on cards (usn);
create index ix_revlog_usn on revlog (usn);
create index ix_cards_nid on cards (nid);
create index ix_cards_sched on cards (did, queue, due);
create index ix_revlog_cid on revlog (cid);
create index ix_notes_csum on notes (csum);
`;

const DEFAULT_DECK_ID = 1;

function deckJson(id: number, name: string, now: number) {
  return {
    id,
    name,
    mod: Math.floor(now / 1000),
    usn: -1,
    lrnToday: [0, 0],
    revToday: [0, 0],
    newToday: [0, 0],
    timeToday: [0, 0],
    collapsed: false,
    browserCollapsed: false,
    desc: '',
    dyn: 0,
    conf: 1,
    extendNew: 0,
    extendRev: 0,
  };
}

/** A stable Anki deck id (a positive integer under 2^48) for one of our deck ids. */
export function ankiDeckId(deckId: string): number {
  return Number.parseInt(createHash('sha1').update(deckId).digest('hex').slice(0, 12), 16) + 2;
}

/** Anki's checksum of a note's first field: the first 8 hex digits of its SHA-1, as a number. */
const checksum = (text: string) => Number.parseInt(createHash('sha1').update(text).digest('hex').slice(0, 8), 16);

export async function buildApkg(
  decks: ApkgDeck[],
  notes: ApkgNote[],
  now = Date.now(),
  settings: SchedulerSettings = DEFAULT_CARD_SETTINGS,
  media?: ExportMedia,
  noteTypes: KeptNoteType[] = [],
): Promise<Uint8Array> {
  const SQL = await loadSqlJs();
  const { toAnkiHtml } = await ankiHtmlWriter();
  const db = new SQL.Database();
  try {
    db.run(SCHEMA);
    const deckIds = new Map(decks.map((deck) => [deck.id, ankiDeckId(deck.id)]));
    const deckMap: Record<string, unknown> = { [DEFAULT_DECK_ID]: deckJson(DEFAULT_DECK_ID, 'Default', now) };
    for (const deck of decks) deckMap[String(deckIds.get(deck.id))] = deckJson(deckIds.get(deck.id)!, deck.name, now);
    const firstDeck = deckIds.values().next().value ?? DEFAULT_DECK_ID;
    const conf = {
      activeDecks: [DEFAULT_DECK_ID],
      curDeck: firstDeck,
      newSpread: 0,
      collapseTime: 1200,
      timeLim: 0,
      estTimes: true,
      dueCounts: true,
      curModel: null,
      nextPos: notes.length + 1,
      sortType: 'noteFld',
      sortBackwards: false,
      addToCur: true,
      ...FSRS_CONF,
    };
    const crt = collectionCreation(now);
    db.run('insert into col values (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, ?)', [
      crt,
      now,
      now,
      JSON.stringify(conf),
      JSON.stringify(models(now, firstDeck, noteTypes)),
      JSON.stringify(deckMap),
      JSON.stringify(deckOptions(settings, Math.floor(now / 1000))),
      '{}',
    ]);
    const seconds = Math.floor(now / 1000);
    const insertNote = db.prepare('insert into notes values (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, ?)');
    const insertCard = db.prepare(
      'insert into cards values (?, ?, ?, ?, ?, -1, ?, ?, ?, ?, 2500, ?, ?, ?, 0, 0, 0, ?)',
    );
    const insertReview = db.prepare('insert into revlog values (?, ?, -1, ?, ?, ?, ?, ?, ?)');
    const revlogIds = new Set<number>();
    let cardId = now;
    let lastYield = performance.now();
    for (const [index, note] of notes.entries()) {
      // A card's markdown takes a fraction of a millisecond to convert: other requests get their turn every 50 ms.
      if (performance.now() - lastYield > 50) {
        await new Promise((resolve) => setImmediate(resolve));
        lastYield = performance.now();
      }
      const noteId = now + index;
      const kept = note.noteTypeId && note.fields ? noteTypes.find((type) => type.id === note.noteTypeId) : undefined;
      const text = kept ? note.fields! : [note.front, note.back];
      const fields = text.map((field) => toAnkiHtml(field, media?.names));
      const tags = note.tags.length ? ` ${note.tags.join(' ')} ` : '';
      insertNote.run([
        noteId,
        note.id,
        kept ? ankiNoteTypeId(kept.id) : MODEL_IDS[note.kind],
        seconds,
        tags,
        fields.join('\x1f'),
        text[0] ?? '',
        checksum((text[0] ?? '').replace(/\r?\n/g, '')),
        '',
      ]);
      const noteDeck = deckIds.get(note.deckId) ?? DEFAULT_DECK_ID;
      const cloze = kept ? kept.kind === 'cloze' : note.kind === 'cloze';
      for (const ordinal of noteOrdinals({ ...note, sides: kept ? note.sides : null })) {
        // Anki numbers cloze cards from 0 (c1 is card 0).
        const ord = cloze ? ordinal - 1 : ordinal;
        const history = note.history?.get(ordinal);
        const did = (history?.deckId && deckIds.get(history.deckId)) || noteDeck;
        const state = ankiCardColumns(history, crt, index + 1, settings);
        insertCard.run([
          cardId,
          noteId,
          did,
          ord,
          seconds,
          state.type,
          state.queue,
          state.due,
          state.ivl,
          state.reps,
          state.lapses,
          state.left,
          state.data,
        ]);
        for (const review of ankiRevlogRows(history)) {
          // A revlog id is its time in ms and must be unique: two reviews in one ms move one on.
          let id = review.reviewedAt;
          while (revlogIds.has(id)) id++;
          revlogIds.add(id);
          insertReview.run([
            id,
            cardId,
            review.rating,
            review.ivl,
            review.lastIvl,
            review.factor,
            review.durationMs,
            review.type,
          ]);
        }
        cardId += 1;
      }
    }
    insertNote.free();
    insertCard.free();
    insertReview.free();
    const collection = db.export();
    return zipSync({ 'collection.anki2': collection, ...mediaEntries(media) });
  } finally {
    db.close();
  }
}
