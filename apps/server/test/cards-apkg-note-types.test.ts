import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardNoteView } from '@turtle/shared/cards';
import type { ApkgSummary } from '@turtle/shared/cards-import';
import type { NextCardResponse, ReviewCard } from '@turtle/shared/cards-review';
import { KEPT_NOTE_TYPE_TEXT } from '@turtle/shared/cards-template';
import { cardNotes, cardNoteTypes, cards, decks, reviewLogs } from '../src/db/schema';
import { ankiCollection, ankiPackage, MODELS } from './support/anki-package';
import { ankiCollection18, ankiCurrentPackage } from './support/anki-package-current';
import { packageSender } from './support/cards';
import { DECKS, NOTES, T } from './support/anki-note-types';
import { startTestServer, type TestServer } from './support/test-server';

// Note types as Anki renders them (docs/decisions/042-anki-note-types.md), from packages as Anki 26.x writes them.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const layouts = {
  'legacy schema 11': async () => ankiPackage(await ankiCollection(DECKS, NOTES)),
  'current schema 18': async () => ankiCurrentPackage(await ankiCollection18(DECKS, NOTES)),
};

/** The note's first card's question: its template's `<div class=word>` in the card's class namespace. */
const GATO = '<span class="ak-word">gato</span>';
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Every due card of the deck, graded Easy one after the other: what the review screen shows for each. */
async function reviewAll(client: Awaited<ReturnType<typeof packageSender>>['client'], deckId: string) {
  const seen: Pick<ReviewCard, 'kind' | 'ordinal' | 'front' | 'back' | 'deckName'>[] = [];
  for (let i = 0; i < 20; i++) {
    const next = (await client.call(`/api/cards/review/next?deckId=${deckId}&tz=UTC`)).data as NextCardResponse;
    if (!next.card) break;
    const { kind, ordinal, front, back, deckName } = next.card;
    seen.push({ kind, ordinal, front, back, deckName });
    await client.call('/api/cards/review/grade', {
      cardId: next.card.id,
      rating: 4,
      durationMs: 1000,
      base: next.card.base,
    });
  }
  return seen.sort((a, b) => byText(a.front, b.front) || a.ordinal - b.ordinal);
}

describe.each(Object.entries(layouts))('an Anki package in the %s layout', (layout, build) => {
  it('keeps a three-field note type and a cloze one with their templates, renders each card, and keeps each card in its deck', async () => {
    const { user, client, upload } = await packageSender(server, `Note types ${layout}`);
    const bytes = await build();
    const preview = await upload('/api/cards/import/apkg/preview', bytes);
    expect(preview.status, preview.text).toBe(200);
    const summary = preview.data as ApkgSummary;
    expect(summary).toMatchObject({ notes: 5, cards: 10, byKind: { basic: 2, reversed: 1, cloze: 2 } });
    expect(summary.noteTypes).toEqual([
      { name: 'Vocabulary (3 fields)', notes: 2 },
      { name: 'Cloze with source', notes: 1 },
    ]);
    expect(summary.decks).toEqual([
      { name: 'Languages', notes: 5, cards: 8, isNew: true },
      { name: 'Languages::Recall', notes: 0, cards: 2, isNew: true },
    ]);
    expect(summary.skipped).toMatchObject({ invalid: 0, unknownNoteTypes: [] });

    const imported = await upload('/api/cards/import/apkg', bytes);
    expect(imported.status, imported.text).toBe(200);
    const db = server.database.db;
    const types = await db
      .select()
      .from(cardNoteTypes)
      .where(eq(cardNoteTypes.userId, user.id))
      .orderBy(asc(cardNoteTypes.name));
    expect(types.map(({ name, kind, fields, templates, css }) => ({ name, kind, fields, templates, css }))).toEqual(
      [MODELS.clozeSource, MODELS.vocab].map((model) => ({
        name: model.name,
        kind: model.type === 1 ? 'cloze' : 'standard',
        fields: model.flds,
        templates: model.tmpls,
        css: model.css,
      })),
    );
    const notes = await db
      .select({ front: cardNotes.front, fields: cardNotes.fields, sides: cardNotes.sides, kind: cardNotes.kind })
      .from(cardNotes)
      .where(eq(cardNotes.userId, user.id));
    expect(notes.sort((a, b) => byText(a.front, b.front)).map((note) => [note.kind, note.fields])).toEqual([
      ['basic', ['{{c1::Paris}} is in {{c2::France::country}}.', 'Capital', 'Atlas']],
      ['basic', ['<b>perro</b>', 'dog', 'El <i>perro</i> ladra.']],
      ['basic', ['gato', 'cat', '']],
      ['reversed', null],
      ['cloze', null],
    ]);

    const languages = (await client.decks()).decks.find((deck) => deck.name === 'Languages')!;
    expect(languages.total.cards).toBe(10);
    // The answer leaves out the question Anki repeats above it ({{FrontSide}} and its rule): Turtle shows both.
    // A template's classes and Anki's cloze markup are kept in the card's class namespace (decision 047).
    expect(await reviewAll(client, languages.id)).toEqual([
      {
        kind: 'basic',
        ordinal: 1,
        front: '<span class="ak-cloze">[...]</span> is in France.',
        back: '<span class="ak-cloze"><b>Paris</b></span> is in France.<br>\nCapital<br>\n<span class="ak-source">Source: Atlas</span>',
        deckName: 'Languages',
      },
      {
        kind: 'basic',
        ordinal: 0,
        front: '<span class="ak-word"><b>perro</b></span>',
        back: 'dog<br>\n<i>El <i>perro</i> ladra.</i>',
        deckName: 'Languages',
      },
      { kind: 'basic', ordinal: 0, front: GATO, back: 'cat', deckName: 'Languages' },
      {
        kind: 'basic',
        ordinal: 2,
        front: 'Paris is in <span class="ak-cloze">[country]</span>.',
        back: 'Paris is in <span class="ak-cloze"><b>France</b></span>.<br>\nCapital<br>\n<span class="ak-source">Source: Atlas</span>',
        deckName: 'Languages',
      },
      {
        kind: 'basic',
        ordinal: 2,
        front: 'Use <b><b>perro</b></b> in a sentence.',
        back: 'El <i>perro</i> ladra.',
        deckName: 'Languages',
      },
      { kind: 'basic', ordinal: 1, front: 'cat', back: 'gato', deckName: 'Languages' },
      // hint: is a line naming the field (Turtle's card face runs no script to open it); text: takes the bold out.
      {
        kind: 'basic',
        ordinal: 1,
        front: 'dog<br>\n<i>Example:</i> El <i>perro</i> ladra.',
        back: 'perro',
        deckName: 'Languages::Recall',
      },
      { kind: 'reversed', ordinal: 0, front: 'sol', back: 'sun', deckName: 'Languages' },
      { kind: 'reversed', ordinal: 1, front: 'sol', back: 'sun', deckName: 'Languages::Recall' },
      { kind: 'cloze', ordinal: 1, front: '{{c1::Madrid}} is in Spain', back: '', deckName: 'Languages' },
    ]);
    const history = await db
      .select({ ordinal: cards.ordinal, deck: decks.name })
      .from(reviewLogs)
      .innerJoin(cards, eq(cards.id, reviewLogs.cardId))
      .innerJoin(decks, eq(decks.id, cards.deckId))
      .where(and(eq(reviewLogs.userId, user.id), eq(reviewLogs.reviewedAt, T)));
    expect(history).toEqual([{ ordinal: 1, deck: 'Languages::Recall' }]);
  });
});

describe('a note of a kept note type', () => {
  it('changes deck and tags when edited, keeping all its cards, and refuses a change of its text', async () => {
    const { user, client, upload } = await packageSender(server, 'Editor of kept notes');
    expect((await upload('/api/cards/import/apkg', await layouts['legacy schema 11']())).status).toBe(200);
    const db = server.database.db;
    const [note] = await db
      .select()
      .from(cardNotes)
      .where(and(eq(cardNotes.userId, user.id), eq(cardNotes.front, GATO)));
    const other = await client.createDeck('Elsewhere');
    const card = { kind: 'basic', front: note!.front, back: note!.back, tags: ['pets'] };
    const moved = await client.call('/api/cards/update', { id: note!.id, card, deckId: other.id });
    expect(moved.status, moved.text).toBe(200);
    expect((moved.data as { card: CardNoteView }).card).toMatchObject({
      deckId: other.id,
      tags: ['pets'],
      cards: 2,
      fromNoteType: true,
    });
    const kept = await db.select().from(cards).where(eq(cards.noteId, note!.id));
    expect(kept.map((row) => [row.ordinal, row.deckId]).sort()).toEqual([
      [0, other.id],
      [1, other.id],
    ]);
    const changed = await client.call('/api/cards/update', {
      id: note!.id,
      card: { ...card, front: 'perro' },
      deckId: other.id,
    });
    expect(changed.status).toBe(409);
    expect(changed.data).toEqual({ code: 'conflict', message: KEPT_NOTE_TYPE_TEXT });
    const [after] = await db.select().from(cardNotes).where(eq(cardNotes.id, note!.id));
    expect(after).toMatchObject({ front: GATO, fields: ['gato', 'cat', ''] });
  });
});
