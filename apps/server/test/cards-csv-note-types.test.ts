import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview, ImportResponse } from '@turtle/shared/cards-import';
import { cardNotes, cards } from '../src/db/schema';
import { ankiCollection, ankiPackage } from './support/anki-package';
import { packageSender } from './support/cards';
import { DECKS, NOTES } from './support/anki-note-types';
import { startTestServer, type TestServer } from './support/test-server';

// A CSV export's kept notes come back through the CSV import as notes of the person's note types
// (docs/decisions/047-anki-note-fields-and-styles.md).
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function keptNotes(userId: string) {
  const db = server.database.db;
  const notes = await db
    .select()
    .from(cardNotes)
    .where(and(eq(cardNotes.userId, userId), isNotNull(cardNotes.noteTypeId)))
    .orderBy(asc(cardNotes.front));
  return Promise.all(
    notes.map(async (note) => ({
      noteTypeId: note.noteTypeId,
      front: note.front,
      back: note.back,
      fields: note.fields,
      sides: note.sides,
      deckId: note.deckId,
      cards: (await db.select().from(cards).where(eq(cards.noteId, note.id)).orderBy(asc(cards.ordinal))).map(
        (card) => card.ordinal,
      ),
    })),
  );
}

const HEADER = 'front,back,deck,tags,type,note type,field 1,field 2,field 3';

describe('a CSV of kept notes, imported', () => {
  it('brings a three-field note back with its fields and its cards after its deck is deleted (round trip)', async () => {
    const { user, client, upload } = await packageSender(server, 'CSV round trip');
    const imported = await upload('/api/cards/import/apkg', await ankiPackage(await ankiCollection(DECKS, NOTES)));
    expect(imported.status, imported.text).toBe(200);
    const before = await keptNotes(user.id);
    expect(before.map((note) => note.fields!.length)).toEqual([3, 3, 3]);
    const languages = (await client.decks()).decks.find((deck) => deck.name === 'Languages')!;
    const csv = (await client.call(`/api/cards/export?format=csv&deckId=${languages.id}`)).text;
    expect(csv).toContain(HEADER);
    const deleted = await client.call('/api/cards/decks/delete', { id: languages.id });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await keptNotes(user.id)).toEqual([]);

    const preview = await client.call('/api/cards/import/preview', { csv, createMissingDecks: true });
    expect(preview.status, preview.text).toBe(200);
    // perro makes 3 cards, gato 2, the cloze with a source 2, sol (reversed) 2 and the stock cloze 1.
    expect(preview.data as ImportPreview).toMatchObject({
      errors: [],
      cards: 10,
      keptNoteTypeNotes: 3,
      unknownNoteTypeNotes: 0,
    });
    const again = await client.call('/api/cards/import', { csv, createMissingDecks: true });
    expect(again.status, again.text).toBe(200);
    expect(again.data as ImportResponse).toMatchObject({
      imported: 5,
      cards: 10,
      keptNoteTypeNotes: 3,
      unknownNoteTypeNotes: 0,
    });
    const after = await keptNotes(user.id);
    const deckNow = (await client.decks()).decks.find((deck) => deck.name === 'Languages')!;
    // The same note types, fields, card sides and cards; only the deck is the new one of the same name.
    expect(after).toEqual(before.map((note) => ({ ...note, deckId: deckNow.id })));
    const perro = after.find((note) => note.fields![0] === '<b>perro</b>')!;
    expect(perro.fields).toEqual(['<b>perro</b>', 'dog', 'El <i>perro</i> ladra.']);
    expect(perro.cards).toEqual([0, 1, 2]);
  });

  it('makes a row naming a note type the person does not have a basic note of its front and back, and counts it', async () => {
    const { user, client } = await packageSender(server, 'CSV without note types');
    const csv = [HEADER, 'gato,cat,Pets,,basic,Vocabulary (3 fields),gato,cat,', 'perro,dog,Pets,,basic,,,,', ''].join(
      '\r\n',
    );
    const preview = await client.call('/api/cards/import/preview', { csv, createMissingDecks: true });
    expect(preview.data as ImportPreview).toMatchObject({ cards: 2, keptNoteTypeNotes: 0, unknownNoteTypeNotes: 1 });
    const imported = await client.call('/api/cards/import', { csv, createMissingDecks: true });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.data as ImportResponse).toMatchObject({
      imported: 2,
      cards: 2,
      keptNoteTypeNotes: 0,
      unknownNoteTypeNotes: 1,
    });
    const [gato] = await server.database.db
      .select()
      .from(cardNotes)
      .where(and(eq(cardNotes.userId, user.id), eq(cardNotes.front, 'gato')));
    expect(gato).toMatchObject({ kind: 'basic', back: 'cat', noteTypeId: null, fields: null, sides: null });
  });

  it('takes a note type of the name with fewer fields only when the extra ones are empty', async () => {
    const { user, client, upload } = await packageSender(server, 'CSV field counts');
    expect((await upload('/api/cards/import/apkg', await ankiPackage(await ankiCollection(DECKS, NOTES)))).status).toBe(
      200,
    );
    const csv = [
      `${HEADER},field 4`,
      // Two fields of three: the third is empty.
      'luna,moon,Sky,,basic,Vocabulary (3 fields),luna,moon,,',
      // A fourth field with text: no note type of that name has four.
      'sol,sun,Sky,,basic,Vocabulary (3 fields),sol,sun,,extra',
      '',
    ].join('\r\n');
    const imported = await client.call('/api/cards/import', { csv, createMissingDecks: true });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.data as ImportResponse).toMatchObject({
      imported: 2,
      cards: 3,
      keptNoteTypeNotes: 1,
      unknownNoteTypeNotes: 1,
    });
    const sky = (await client.decks()).decks.find((deck) => deck.name === 'Sky')!;
    const notes = (await keptNotes(user.id)).filter((note) => note.deckId === sky.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ fields: ['luna', 'moon', ''], cards: [0, 1] });
  });
});
