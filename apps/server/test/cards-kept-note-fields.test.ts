import { and, asc, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardNoteView } from '@turtle/shared/cards';
import type { NextCardResponse } from '@turtle/shared/cards-review';
import { cardNoteTypes, cardNotes, cards, reviewLogs } from '../src/db/schema';
import { ankiCollection, ankiPackage } from './support/anki-package';
import { packageSender } from './support/cards';
import { DECKS, NOTES } from './support/anki-note-types';
import { startTestServer, type TestServer } from './support/test-server';

// A kept Anki note type's note is edited by its fields, and its cards show its styles
// (docs/decisions/047-anki-note-fields-and-styles.md).
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function imported(name: string) {
  const sender = await packageSender(server, name);
  const answer = await sender.upload('/api/cards/import/apkg', await ankiPackage(await ankiCollection(DECKS, NOTES)));
  expect(answer.status, answer.text).toBe(200);
  const db = server.database.db;
  // A note by its first question, its template's `<div class=word>` kept as a class (decision 047) or not.
  const noteOf = async (front: string) =>
    (
      await db
        .select()
        .from(cardNotes)
        .where(
          and(
            eq(cardNotes.userId, sender.user.id),
            or(eq(cardNotes.front, front), eq(cardNotes.front, `<span class="ak-word">${front}</span>`)),
          ),
        )
    )[0]!;
  const cardsOf = (noteId: string) =>
    db.select().from(cards).where(eq(cards.noteId, noteId)).orderBy(asc(cards.ordinal));
  return { ...sender, noteOf, cardsOf };
}

describe('a note of a kept note type, edited by its fields', () => {
  it('comes with its note type and its fields in order', async () => {
    const { client, noteOf } = await imported('Fields shown');
    const note = await noteOf('gato');
    const got = await client.call(`/api/cards/get?id=${note.id}`);
    expect(got.status, got.text).toBe(200);
    expect((got.data as { card: CardNoteView }).card.noteType).toEqual({
      name: 'Vocabulary (3 fields)',
      fields: [
        { name: 'Word', value: 'gato' },
        { name: 'Meaning', value: 'cat' },
        { name: 'Example', value: '' },
      ],
    });
    // The list stays as it was: no fields per row.
    const listed = await client.call(`/api/cards/list?deckId=${note.deckId}`);
    expect((listed.data as { cards: CardNoteView[] }).cards.every((card) => card.noteType === undefined)).toBe(true);
  });

  it('re-renders every card from the new fields, adds the cards they now make and keeps the others with their history', async () => {
    const { client, noteOf, cardsOf, user } = await imported('Fields edited');
    const note = await noteOf('gato');
    const before = await cardsOf(note.id);
    expect(before.map((card) => card.ordinal)).toEqual([0, 1]);
    const card = { kind: 'basic', front: note.front, back: note.back, tags: note.tags };
    const saved = await client.call('/api/cards/update', {
      id: note.id,
      card,
      deckId: note.deckId,
      fields: ['gato', 'a cat', 'El **gato** duerme.'],
    });
    expect(saved.status, saved.text).toBe(200);
    expect((saved.data as { card: CardNoteView }).card).toMatchObject({
      front: '<span class="ak-word">gato</span>',
      cards: 3,
      fromNoteType: true,
    });
    const after = await noteOf('gato');
    expect(after.fields).toEqual(['gato', 'a cat', 'El **gato** duerme.']);
    const sides = new Map(after.sides!.map((side) => [side.ordinal, side]));
    expect(sides.get(0)!.answer).toContain('a cat');
    expect(sides.get(0)!.answer).toContain('El <strong>gato</strong> duerme.');
    expect(sides.get(1)!.question).toContain('a cat');
    // The "Use" card's question needs an example: it is made now.
    expect(sides.get(2)!.question).toBe('Use <b>gato</b> in a sentence.');
    expect(sides.get(2)!.answer).toContain('El <strong>gato</strong> duerme.');
    const now = await cardsOf(note.id);
    expect(now.map((row) => row.ordinal)).toEqual([0, 1, 2]);
    expect(now.slice(0, 2).map((row) => row.id)).toEqual(before.map((row) => row.id));

    // Taking the example out takes the "Use" card away again.
    const emptied = await client.call('/api/cards/update', {
      id: note.id,
      card: { ...card, back: after.back },
      deckId: note.deckId,
      fields: ['gato', 'a cat', ''],
    });
    expect(emptied.status, emptied.text).toBe(200);
    expect((await cardsOf(note.id)).map((row) => row.id)).toEqual(before.map((row) => row.id));
    expect((await noteOf('gato')).sides!.map((side) => side.ordinal)).toEqual([0, 1]);

    // A card with a review keeps it, and the review screen shows the new text.
    const perro = await noteOf('<b>perro</b>');
    const recall = (await cardsOf(perro.id)).find((row) => row.ordinal === 1)!;
    const edited = await client.call('/api/cards/update', {
      id: perro.id,
      card: { kind: 'basic', front: perro.front, back: perro.back, tags: perro.tags },
      deckId: perro.deckId,
      fields: ['**perro**', 'hound', 'El *perro* ladra.'],
    });
    expect(edited.status, edited.text).toBe(200);
    const db = server.database.db;
    expect(await db.select().from(reviewLogs).where(eq(reviewLogs.cardId, recall.id))).toHaveLength(1);
    expect((await db.select().from(reviewLogs).where(eq(reviewLogs.userId, user.id))).length).toBeGreaterThan(0);
    const next = (await client.call(`/api/cards/review/next?deckId=${recall.deckId}&tz=UTC`)).data as NextCardResponse;
    expect(next.card).toMatchObject({ id: recall.id });
    expect(next.card!.front).toContain('hound');
  });

  it('refuses the wrong number of fields and fields that leave no card to show, changing nothing', async () => {
    const { client, noteOf } = await imported('Fields refused');
    const note = await noteOf('gato');
    const card = { kind: 'basic', front: note.front, back: note.back, tags: note.tags };
    const short = await client.call('/api/cards/update', { id: note.id, card, deckId: note.deckId, fields: ['x'] });
    expect(short.status).toBe(400);
    expect(short.data).toEqual({ code: 'validation', message: 'This note has 3 fields: send each of them.' });
    const blank = await client.call('/api/cards/update', {
      id: note.id,
      card,
      deckId: note.deckId,
      fields: ['', ' ', ''],
    });
    expect(blank.status).toBe(400);
    expect(blank.data).toEqual({
      code: 'validation',
      message: 'With these fields no card of this note has a question to show.',
    });
    expect(await noteOf('gato')).toEqual(note);
  });

  it('shows an image only from the person’s own media', async () => {
    const { client, noteOf } = await imported('Fields media');
    const note = await noteOf('gato');
    const foreign = `/api/cards/media/${'a'.repeat(64)}`;
    const saved = await client.call('/api/cards/update', {
      id: note.id,
      card: { kind: 'basic', front: note.front, back: note.back, tags: [] },
      deckId: note.deckId,
      fields: ['gato', `cat <img src="${foreign}" alt="a cat">`, ''],
    });
    expect(saved.status, saved.text).toBe(200);
    const after = await noteOf('gato');
    expect(JSON.stringify(after.sides)).not.toContain(foreign);
    expect(after.sides![0]!.answer).toContain('a cat');
  });
});

describe("a kept note type's styles", () => {
  it('come with its cards, scoped to the card, and not with a plain note’s', async () => {
    const { client, noteOf } = await imported('Styles');
    const gato = await noteOf('gato');
    // Only the note types' cards due: Anki's stock ones (plain Turtle notes) are deleted.
    for (const front of ['sol', '{{c1::Madrid}} is in Spain']) {
      const other = await noteOf(front);
      expect((await client.call('/api/cards/delete', { id: other.id })).status).toBe(200);
    }
    const seen = new Map<string, string | undefined>();
    for (let i = 0; i < 12; i++) {
      const next = (await client.call(`/api/cards/review/next?tz=UTC`)).data as NextCardResponse;
      if (!next.card) break;
      seen.set(next.card.front, next.card.css);
      await client.call('/api/cards/review/grade', {
        cardId: next.card.id,
        rating: 4,
        durationMs: 1000,
        base: next.card.base,
      });
    }
    expect(seen.get(gato.front)).toBe('.anki-card { font-family: Georgia }\n.anki-card .ak-word { font-size: 2em }');
    const deck = await client.createDeck('Plain');
    await client.createCard(deck.id, { front: 'plain', back: 'note' });
    const plain = (await client.call(`/api/cards/review/next?deckId=${deck.id}&tz=UTC`)).data as NextCardResponse;
    expect(plain.card).toMatchObject({ front: 'plain' });
    expect(plain.card!.css).toBeUndefined();
  });
});

describe("a kept note type's classes", () => {
  it('come with the cloze card in the card’s class namespace, and its CSS names them the same way', async () => {
    const { client, noteOf, user } = await imported('Classes');
    const db = server.database.db;
    await db
      .update(cardNoteTypes)
      .set({ css: '.card { color: black }\n.cloze { font-weight: bold; color: blue }\n.fixed { color: red }' })
      .where(and(eq(cardNoteTypes.userId, user.id), eq(cardNoteTypes.name, 'Cloze with source')));
    const paris = await noteOf('<span class="ak-cloze">[...]</span> is in France.');
    expect(paris.sides!.map((side) => side.question)).toEqual([
      '<span class="ak-cloze">[...]</span> is in France.',
      'Paris is in <span class="ak-cloze">[country]</span>.',
    ]);
    const next = (await client.call(`/api/cards/review/next?deckId=${paris.deckId}&tz=UTC`)).data as NextCardResponse;
    let card = next.card!;
    for (let i = 0; i < 12 && !card.front.includes('ak-cloze'); i++) {
      await client.call('/api/cards/review/grade', { cardId: card.id, rating: 4, durationMs: 1000, base: card.base });
      card = ((await client.call(`/api/cards/review/next?deckId=${paris.deckId}&tz=UTC`)).data as NextCardResponse)
        .card!;
    }
    expect(card.front).toContain('<span class="ak-cloze">');
    expect(card.back).toContain('<span class="ak-source">Source: Atlas</span>');
    expect(card.css).toBe(
      [
        '.anki-card { color: black }',
        '.anki-card .ak-cloze { font-weight: bold; color: blue }',
        '.anki-card .ak-fixed { color: red }',
      ].join('\n'),
    );
  });
});

describe('a CSV export of kept note types', () => {
  it('has a row per note with its note type and every field, that the CSV import reads without an error', async () => {
    const { client, noteOf } = await imported('CSV of note types');
    const languages = (await noteOf('gato')).deckId;
    const csv = (await client.call(`/api/cards/export?format=csv&deckId=${languages}`)).text;
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('front,back,deck,tags,type,note type,field 1,field 2,field 3');
    expect(lines).toContain(
      '"<span class=""ak-word"">gato</span>",cat,Languages,,basic,Vocabulary (3 fields),gato,cat,',
    );
    // The cloze note type's three fields, the third of which no card's first side shows.
    expect(csv).toContain('Cloze with source,{{c1::Paris}} is in {{c2::France::country}}.,Capital,Atlas\r\n');
    // Anki's stock note types are Turtle's own notes: no note type, no fields.
    expect(lines.find((line) => line.startsWith('sol,'))).toBe('sol,sun,Languages,,reversed,,,,');
    expect(lines.filter(Boolean)).toHaveLength(6);
    const again = await client.call('/api/cards/import/preview', { csv, createMissingDecks: true });
    expect(again.status, again.text).toBe(200);
    expect(again.data).toMatchObject({ errors: [] });
  });
});
