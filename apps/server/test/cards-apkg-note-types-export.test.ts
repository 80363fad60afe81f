import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import initSqlJs from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApkgSummary } from '@turtle/shared/cards-import';
import type { NextCardResponse } from '@turtle/shared/cards-review';
import { cardNotes, cardNoteTypes, cards, decks, reviewLogs } from '../src/db/schema';
import { MODELS } from './support/anki-package';
import { ankiCollection18, ankiCurrentPackage } from './support/anki-package-current';
import { DECKS, NOTES } from './support/anki-note-types';
import { packageSender } from './support/cards';
import { startTestServer, type TestServer } from './support/test-server';

// Kept note types go back out as they came (docs/decisions/042-anki-note-types.md).
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Everything Turtle holds of a person's cards, without ids and times: notes, note types, cards, decks, history. */
async function holdings(userId: string) {
  const db = server.database.db;
  const types = new Map(
    (await db.select().from(cardNoteTypes).where(eq(cardNoteTypes.userId, userId))).map((row) => [
      row.id,
      { name: row.name, kind: row.kind, fields: row.fields, templates: row.templates, css: row.css },
    ]),
  );
  const deckNames = new Map(
    (await db.select().from(decks).where(eq(decks.userId, userId))).map((row) => [row.id, row.name]),
  );
  const notes = await db.select().from(cardNotes).where(eq(cardNotes.userId, userId));
  const cardRows = await db.select().from(cards).where(eq(cards.userId, userId));
  const logs = await db.select().from(reviewLogs).where(eq(reviewLogs.userId, userId));
  return notes
    .map((note) => ({
      kind: note.kind,
      front: note.front,
      back: note.back,
      tags: note.tags,
      deck: deckNames.get(note.deckId),
      noteType: note.noteTypeId ? types.get(note.noteTypeId) : null,
      fields: note.fields,
      sides: note.sides,
      cards: cardRows
        .filter((card) => card.noteId === note.id)
        .map((card) => ({
          ordinal: card.ordinal,
          deck: deckNames.get(card.deckId),
          state: card.state,
          reps: card.reps,
          lapses: card.lapses,
          reviews: logs.filter((log) => log.cardId === card.id).map((log) => [log.rating, log.reviewedAt]),
        }))
        .sort((a, b) => a.ordinal - b.ordinal),
    }))
    .sort((a, b) => (a.front < b.front ? -1 : a.front > b.front ? 1 : 0));
}

describe('exporting notes of kept Anki note types', () => {
  it('writes each note type, every field and each card’s deck back, and Turtle → .apkg → Turtle loses nothing', async () => {
    const source = await packageSender(server, 'Round trip of note types');
    const original = await ankiCurrentPackage(await ankiCollection18(DECKS, NOTES));
    expect((await source.upload('/api/cards/import/apkg', original)).status).toBe(200);
    // Notes of Turtle's own kinds beside them, and a grade.
    const mine = await source.client.createDeck('Mine');
    await source.client.createCard(mine.id, { kind: 'reversed', front: 'luna', back: 'moon', tags: ['sky'] });
    await source.client.createCard(mine.id, { kind: 'cloze', front: '{{c1::Rome}} is in {{c2::Italy}}', back: '' });
    const next = (await source.client.call(`/api/cards/review/next?deckId=${mine.id}&tz=UTC`)).data as NextCardResponse;
    await source.client.call('/api/cards/review/grade', {
      cardId: next.card!.id,
      rating: 3,
      durationMs: 2000,
      base: next.card!.base,
    });

    const apkg = await source.client.bytes('/api/cards/export?format=apkg');
    expect(apkg.status).toBe(200);
    // Anki reads the note types, fields and decks as they came.
    const SQL = await initSqlJs();
    const collection = new SQL.Database(unzipSync(apkg.bytes)['collection.anki2']!);
    const models = Object.values(
      JSON.parse(String(collection.exec('select models from col')[0]!.values[0]![0])) as Record<
        string,
        {
          id: number;
          name: string;
          type: number;
          flds: { name: string }[];
          tmpls: { qfmt: string; afmt: string }[];
          css: string;
        }
      >,
    );
    const ankiDecks = JSON.parse(String(collection.exec('select decks from col')[0]!.values[0]![0])) as Record<
      string,
      { name: string }
    >;
    const vocab = models.find((model) => model.name === MODELS.vocab.name)!;
    expect(vocab).toMatchObject({
      type: 0,
      flds: MODELS.vocab.flds.map((name) => ({ name })),
      tmpls: MODELS.vocab.tmpls.map(({ qfmt, afmt }) => ({ qfmt, afmt })),
      css: MODELS.vocab.css,
    });
    expect(models.find((model) => model.name === MODELS.clozeSource.name)).toMatchObject({ type: 1 });
    const rows = collection.exec(
      `select n.flds, c.ord, c.did from notes n join cards c on c.nid = n.id where n.mid = ${vocab.id} order by n.flds, c.ord`,
    )[0]!.values;
    collection.close();
    // Anki → Turtle → Anki: the fields as the package had them; the Recall card in its own deck.
    expect(rows.map(([flds, ord, did]) => [String(flds).split('\x1f'), ord, ankiDecks[String(did)]!.name])).toEqual([
      [['<b>perro</b>', 'dog', 'El <i>perro</i> ladra.'], 0, 'Languages'],
      [['<b>perro</b>', 'dog', 'El <i>perro</i> ladra.'], 1, 'Languages::Recall'],
      [['<b>perro</b>', 'dog', 'El <i>perro</i> ladra.'], 2, 'Languages'],
      [['gato', 'cat', ''], 0, 'Languages'],
      [['gato', 'cat', ''], 1, 'Languages'],
    ]);

    const target = await packageSender(server, 'Round trip of note types, imported');
    const imported = await target.upload('/api/cards/import/apkg', apkg.bytes);
    expect(imported.status, imported.text).toBe(200);
    const before = await holdings(source.user.id);
    expect(before).toHaveLength(7);
    expect(await holdings(target.user.id)).toEqual(before);
    // The Anki package imported again by the same person adds its notes (Anki's guids are not Turtle's), and reuses
    // the note types it kept the first time.
    const again = await target.upload('/api/cards/import/apkg', original);
    expect((again.data as ApkgSummary).notes).toBe(5);
    expect(
      (await server.database.db.select().from(cardNoteTypes).where(eq(cardNoteTypes.userId, target.user.id))).length,
    ).toBe(2);
  });
});
