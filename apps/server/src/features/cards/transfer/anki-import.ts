import { sql } from 'drizzle-orm';
import { cardLimitMessage } from '@turtle/shared/entitlements';
import type { Tx } from '../../../db/database';
import { HttpError } from '../../../lib/http-error';
import { readAllowance, reserveCards } from '../decks/card-limit';
import { insertCardNotes, type NewCardNote } from '../decks/card-notes.repository';
import { findOrCreateDeck } from '../decks/decks.repository';
import type { AnkiNoteTypeDefinition } from '@turtle/shared/cards-template';
import { keepNoteTypes } from './anki-note-types.repository';
import { NO_BYTES } from './apkg-log-bytes';
import { LOG_COLUMNS, MEMORY_KEYS, type PackedHistory, type PackedNote } from './apkg-replay';

/** The Free plan's limit against a whole package, said in the package's terms before anything is written. */
export async function checkPackageFits(tx: Tx, user: { id: string; plan: number; expireAt: number }, cards: number) {
  const allowance = await readAllowance(tx, user);
  if (allowance.max !== null && allowance.used + cards > allowance.max) {
    const room = Math.max(0, allowance.max - allowance.used);
    throw new HttpError(
      403,
      'cardLimitReached',
      `This package has ${cards.toLocaleString('en-US')} cards and your plan has room for ${room.toLocaleString('en-US')} more. ` +
        `${cardLimitMessage(allowance.max)} Nothing was imported.`,
    );
  }
}

/** Reviews per insert: about 1.5 MB of JSON. */
const LOGS_PER_INSERT = 5_000;

/**
 * The insert's JSON as bytes (`[{"n": note id, "o": ordinal, "l": [rows…]}, …]`), the rows copied from the worker's
 * buffers as they are: no string per review on the server's thread (docs/decisions/034-import-budget.md).
 */
function logsJson(cards: { noteId: string; history: PackedHistory }[]): Buffer {
  const heads = cards.map(
    (card, index) => `${index ? ',' : '['}{"n":${JSON.stringify(card.noteId)},"o":${card.history.ordinal},"l":[`,
  );
  const tails = cards.map((card) => `${card.history.earlier.length ? ',' : ''}${card.history.last}]}`);
  let size = 1;
  cards.forEach((card, index) => {
    size += Buffer.byteLength(heads[index]!) + card.history.earlier.length + Buffer.byteLength(tails[index]!);
  });
  const json = Buffer.allocUnsafe(size);
  let at = 0;
  cards.forEach((card, index) => {
    at += json.write(heads[index]!, at);
    json.set(card.history.earlier, at);
    at += card.history.earlier.length;
    at += json.write(tails[index]!, at);
  });
  json.write(']', at);
  return json;
}

async function insertPackedLogs(tx: Tx, userId: string, cards: { noteId: string; history: PackedHistory }[]) {
  // A Buffer is sent as it is (node-postgres' binary format): the bytes of the text.
  const json = logsJson(cards);
  const columns = LOG_COLUMNS.map(([name]) => sql.raw(name));
  const values = LOG_COLUMNS.map(([, type], index) => sql.raw(`(r.value->>${index})::${type}`));
  const previousAt = LOG_COLUMNS.length;
  const previous = MEMORY_KEYS.map((key, index) => sql.raw(`'${key}', r.value->${previousAt}->${index}`));
  await tx.execute(sql`
    insert into review_logs (user_id, card_id, ${sql.join(columns, sql`, `)}, previous)
    select ${userId}::text, c.id, ${sql.join(values, sql`, `)}, jsonb_build_object(${sql.join(previous, sql`, `)})
    from jsonb_array_elements(${json}::text::jsonb) with ordinality as e(value, at)
    join cards c on c.user_id = ${userId} and c.note_id = e.value->>'n' and c.ordinal = (e.value->>'o')::integer
    cross join lateral jsonb_array_elements(e.value->'l') with ordinality as r(value, at)
    order by e.at, r.at`);
}

/**
 * Writes a planned import inside the caller's transaction: the note types kept as they are, decks, notes, cards with
 * their replayed state (each in its own deck), and the log (in inserts of about 5,000 reviews; each written card's log
 * text is dropped from `byDeck`).
 */
export async function writeApkgImport(
  tx: Tx,
  userId: string,
  byDeck: [string, PackedNote[]][],
  noteTypes: AnkiNoteTypeDefinition[],
  cardCount: number,
  now: number,
): Promise<void> {
  await reserveCards(tx, userId, cardCount);
  const noteTypeIds = await keepNoteTypes(tx, userId, noteTypes, now);
  const deckIds = new Map<string, string>();
  const deckId = async (name: string) => {
    let id = deckIds.get(name);
    if (!id) deckIds.set(name, (id = (await findOrCreateDeck(tx, userId, name, now)).id));
    return id;
  };
  let pending: { noteId: string; history: PackedHistory }[] = [];
  let pendingLogs = 0;
  const flush = async () => {
    if (pending.length) await insertPackedLogs(tx, userId, pending);
    // Written: the log's bytes (most of a plan's memory) are not held to the end of the import; a buffer of the
    // worker's goes once none of its cards is left.
    for (const card of pending) {
      card.history.earlier = NO_BYTES;
      card.history.last = '';
    }
    pending = [];
    pendingLogs = 0;
  };
  for (const [deckName, notes] of byDeck) {
    const deck = { id: await deckId(deckName) };
    const rows: NewCardNote[] = [];
    for (const note of notes) {
      const cardDecks = new Map<number, string>();
      for (const [ordinal, name] of note.cardDecks ?? []) cardDecks.set(ordinal, await deckId(name));
      rows.push({
        content: note.content,
        source: null,
        history: new Map(note.history.map((card) => [card.ordinal, { memory: card.memory, reviews: [] }])),
        ...(note.custom
          ? {
              noteType: {
                id: noteTypeIds[note.custom.noteType]!,
                fields: note.custom.fields,
                sides: note.custom.sides,
              },
            }
          : {}),
        ...(cardDecks.size ? { cardDecks } : {}),
      });
    }
    const inserted = await insertCardNotes(tx, userId, deck.id, rows, now);
    for (const [index, note] of notes.entries()) {
      const row = inserted[index];
      // The log finds its card by note and ordinal: the notes must come back in the order sent.
      if (row?.front !== note.content.front || row.back !== note.content.back) {
        throw new Error('the inserted notes came back in another order');
      }
      for (const history of note.history) {
        if (!history.count) continue;
        pending.push({ noteId: row.id, history });
        pendingLogs += history.count;
        if (pendingLogs >= LOGS_PER_INSERT) await flush();
      }
    }
  }
  await flush();
}
