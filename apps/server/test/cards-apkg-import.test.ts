import { and, count, eq } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studyDayNumber } from '@turtle/shared/cards-day';
import { APKG_MAX_BYTES, type ApkgSummary } from '@turtle/shared/cards-import';
import type { ListCardsResponse } from '@turtle/shared/cards';
import type { NextCardResponse } from '@turtle/shared/cards-review';
import { Plan } from '@turtle/shared/plans';
import { cards, reviewLogs } from '../src/db/schema';
import { ankiCollection, ankiPackage, type AnkiNoteInput } from './support/anki-package';
import { cardsClient } from './support/cards';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function person(name: string, plan: number = Plan.PRO) {
  const db = server.database.db;
  const user = await createUser(db, { name, plan, expireAt: -1 });
  const cookie = await createSessionToken(db, user.id);
  const client = cardsClient(server.url, cookie);
  const upload = (path: string, bytes: Uint8Array, contentType = 'application/octet-stream') =>
    call(server.url, path, { body: bytes, contentType, cookie });
  return { user, client, upload };
}

const countOf = async (table: typeof cards | typeof reviewLogs, userId: string) =>
  (await server.database.db.select({ n: count() }).from(table).where(eq(table.userId, userId)))[0]!.n;

const DAY = 86_400_000;
const T = Date.UTC(2026, 0, 5, 12);

/** A package as Anki writes one: two decks (one a subdeck), the three kinds, media, an unknown note type, history. */
async function independentPackage() {
  const notes: AnkiNoteInput[] = [
    {
      model: 'basic',
      deck: 1_500_000_000_001,
      fields: ['<b>hola</b>', 'hello<br>hi'],
      tags: ' spanish greetings ',
      revlog: {
        0: [
          [T, 3, 0, 4000],
          [T + DAY, 3, 1, 3000],
          [T + 4 * DAY, 1, 1, 9000],
          [T + 4 * DAY + 600_000, 3, 2, 2000],
          // A manual reschedule is not a review.
          [T + 5 * DAY, 0, 4, 0],
        ],
      },
    },
    {
      model: 'reversed',
      deck: 1_500_000_000_001,
      fields: ['perro', 'dog'],
      revlog: { 1: [[T + 2 * DAY, 4, 0, 5000]] },
    },
    { model: 'cloze', deck: 1_500_000_000_002, fields: ['{{c1::Madrid}} is the capital of {{c2::Spain}}', ''] },
    { model: 'basic', deck: 1_500_000_000_002, fields: ['Which flag? <img src="flag.png">', 'Spain'] },
    { model: 'occlusion', deck: 1_500_000_000_002, fields: ['<img src="map.png">', 'Map', ''] },
  ];
  const collection = await ankiCollection(
    { 1: 'Default', 1_500_000_000_001: 'Spanish', 1_500_000_000_002: 'Spanish::Geography' },
    notes,
  );
  return ankiPackage(collection, { 'flag.png': new Uint8Array([137, 80, 78, 71]), 'map.png': new Uint8Array([1]) });
}

describe('importing an Anki package', () => {
  it('one made by an independent writer: preview, then decks, kinds and history; media and unknown types skipped', async () => {
    const { user, upload } = await person('Anki user');
    const bytes = await independentPackage();
    const preview = await upload('/api/cards/import/apkg/preview', bytes);
    expect(preview.status, preview.text).toBe(200);
    const summary = preview.data as ApkgSummary;
    expect(summary.notes).toBe(4);
    expect(summary.cards).toBe(6);
    expect(summary.byKind).toEqual({ basic: 2, reversed: 1, cloze: 1 });
    expect(summary.reviews).toBe(5);
    expect(summary.cardsWithHistory).toBe(2);
    expect(summary.decks).toEqual([
      { name: 'Spanish', notes: 2, cards: 3, isNew: true },
      { name: 'Spanish::Geography', notes: 2, cards: 3, isNew: true },
    ]);
    expect(summary.skipped).toMatchObject({
      mediaFiles: 2,
      notesWithMedia: 1,
      unknownNoteTypes: [{ name: 'Image Occlusion Enhanced', notes: 1 }],
      alreadyHere: 0,
      invalid: 0,
    });
    // The card HTML subset is kept (docs/security.md 7d.3): cards-apkg-formatting.test.ts imports all of it.
    expect(summary.samples[0]).toEqual({ kind: 'basic', front: '<b>hola</b>', back: 'hello<br>\nhi', deck: 'Spanish' });
    expect(await countOf(cards, user.id)).toBe(0);

    const imported = await upload('/api/cards/import/apkg', bytes);
    expect(imported.status, imported.text).toBe(200);
    expect((imported.data as ApkgSummary).cards).toBe(6);
    expect(await countOf(cards, user.id)).toBe(6);
    expect(await countOf(reviewLogs, user.id)).toBe(5);
    const logs = await server.database.db
      .select({ rating: reviewLogs.rating, reviewedAt: reviewLogs.reviewedAt, durationMs: reviewLogs.durationMs })
      .from(reviewLogs)
      .where(eq(reviewLogs.userId, user.id))
      .orderBy(reviewLogs.reviewedAt);
    expect(logs.map((log) => [log.rating, log.reviewedAt - T, log.durationMs])).toEqual([
      [3, 0, 4000],
      [3, DAY, 3000],
      [4, 2 * DAY, 5000],
      [1, 4 * DAY, 9000],
      [3, 4 * DAY + 600_000, 2000],
    ]);
    // Each row keeps the whole card as it was before it (what undo puts back): the card after its previous row.
    const chain = await server.database.db
      .select({
        cardId: reviewLogs.cardId,
        previous: reviewLogs.previous,
        stateAfter: reviewLogs.stateAfter,
        dueAfter: reviewLogs.dueAfter,
        stabilityAfter: reviewLogs.stabilityAfter,
        difficultyAfter: reviewLogs.difficultyAfter,
        reviewedAt: reviewLogs.reviewedAt,
      })
      .from(reviewLogs)
      .where(eq(reviewLogs.userId, user.id))
      .orderBy(reviewLogs.cardId, reviewLogs.reviewedAt);
    for (const [index, row] of chain.entries()) {
      const before = chain[index - 1]?.cardId === row.cardId ? chain[index - 1] : undefined;
      const previous = row.previous;
      expect(Object.keys(previous).sort()).toEqual(
        [
          'state',
          'due',
          'stability',
          'difficulty',
          'elapsedDays',
          'scheduledDays',
          'learningSteps',
          'reps',
          'lapses',
          'lastReview',
        ].sort(),
      );
      if (!before) expect(previous).toMatchObject({ state: 0, stability: 0, reps: 0, lapses: 0, lastReview: null });
      else {
        expect([previous.state, previous.due, previous.stability, previous.difficulty]).toEqual([
          before.stateAfter,
          before.dueAfter,
          before.stabilityAfter,
          before.difficultyAfter,
        ]);
        expect(previous.lastReview).toBe(before.reviewedAt);
      }
    }
    // The hola card lapsed once and is back in review; the reversed card's back-to-front side was rated Easy.
    const reviewed = await server.database.db
      .select({ state: cards.state, lapses: cards.lapses, reps: cards.reps })
      .from(cards)
      .where(and(eq(cards.userId, user.id), eq(cards.state, 2)));
    expect(reviewed.map((card) => [card.reps, card.lapses]).sort()).toEqual([
      [1, 0],
      [4, 1],
    ]);
  });

  it('one exported by Turtle comes back with its history and the same card states', async () => {
    const source = await person('Exporter');
    const deck = await source.client.createDeck('Round trip');
    await source.client.createCard(deck.id, { kind: 'reversed', front: 'gato', back: 'cat' });
    await source.client.createCard(deck.id, { kind: 'cloze', front: '{{c1::Lisbon}} is in {{c2::Portugal}}' });
    for (const rating of [3, 1, 3, 4, 3]) {
      const next = (await source.client.call(`/api/cards/review/next?deckId=${deck.id}&ahead=1`))
        .data as NextCardResponse;
      if (!next.card) break;
      await source.client.call('/api/cards/review/grade', { cardId: next.card.id, rating, durationMs: 1500 });
    }
    const apkg = await source.client.bytes('/api/cards/export?format=apkg');
    const target = await person('Importer');
    const preview = (await target.upload('/api/cards/import/apkg/preview', apkg.bytes)).data as ApkgSummary;
    expect(preview.cards).toBe(4);
    expect(preview.reviews).toBe(await countOf(reviewLogs, source.user.id));
    expect((await target.upload('/api/cards/import/apkg', apkg.bytes)).status).toBe(200);
    expect(await countOf(reviewLogs, target.user.id)).toBe(await countOf(reviewLogs, source.user.id));
    // At Anki's precision (docs/decisions/040-anki-fsrs-state.md): a review is due on a day, a learning step at a
    // second, stability is kept to 4 places.
    const states = async (userId: string) =>
      (
        await server.database.db
          .select({ state: cards.state, due: cards.due, stability: cards.stability, reps: cards.reps })
          .from(cards)
          .where(eq(cards.userId, userId))
      )
        .map((card) =>
          JSON.stringify({
            ...card,
            due: card.state === 2 ? studyDayNumber(card.due, 'UTC') : Math.floor(card.due / 1000),
            stability: Math.round(card.stability * 10_000) / 10_000,
          }),
        )
        .sort();
    expect(await states(target.user.id)).toEqual(await states(source.user.id));
    // Imported again by its exporter, every note is already there.
    const again = (await source.upload('/api/cards/import/apkg/preview', apkg.bytes)).data as ApkgSummary;
    expect(again.skipped.alreadyHere).toBe(2);
    expect(again.cards).toBe(0);
  });

  it('counts against the Free plan’s 100 cards with a clear message, and imports nothing', async () => {
    const { user, client, upload } = await person('Free Anki user', Plan.FREE);
    const deck = await client.createDeck('Mine');
    for (let i = 0; i < 97; i++) await client.createCard(deck.id, { front: `Card ${i}` });
    const response = await upload('/api/cards/import/apkg', await independentPackage());
    expect(response.status).toBe(403);
    expect(response.data).toEqual({
      code: 'cardLimitReached',
      message:
        'This package has 6 cards and your plan has room for 3 more. The Free plan holds up to 100 cards. Upgrade to Pro for unlimited cards. Nothing was imported.',
    });
    expect(await countOf(cards, user.id)).toBe(97);
  });

  it('cleans NUL, other control characters and lone surrogates out of deck names and tags, so what the preview lists is imported', async () => {
    const { user, client, upload } = await person('Control characters');
    const bytes = ankiPackage(
      await ankiCollection({ 1: 'Default', 1_500_000_000_003: 'De\0ck\u001b\ton\udfffe' }, [
        { model: 'basic', deck: 1_500_000_000_003, fields: ['fr\0ont', 'back'], tags: ' a\0b \u0007 c\u001f ' },
        // A guid PostgreSQL cannot hold is no note of ours: it is new, not a refused query.
        { model: 'basic', deck: 1_500_000_000_003, fields: ['second', 'back'], guid: 'g\0uid' },
        // Cut to 40 characters, the emoji would leave half of its pair, which the tags' jsonb refuses.
        { model: 'basic', deck: 1_500_000_000_003, fields: ['third', 'back'], tags: `${'t'.repeat(39)}😀` },
      ]),
    );
    const preview = await upload('/api/cards/import/apkg/preview', bytes);
    expect(preview.status, preview.text).toBe(200);
    expect((preview.data as ApkgSummary).decks).toEqual([{ name: 'Deck on\ufffde', notes: 3, cards: 3, isNew: true }]);
    expect((preview.data as ApkgSummary).skipped.invalid).toBe(0);

    const imported = await upload('/api/cards/import/apkg', bytes);
    expect(imported.status, imported.text).toBe(200);
    const [deck] = (await client.decks()).decks;
    expect(deck?.name).toBe('Deck on\ufffde');
    const listed = (await client.call(`/api/cards/list?deckId=${deck!.id}`)).data as ListCardsResponse;
    expect(listed.cards.map((card) => [card.front, card.tags]).sort()).toEqual([
      ['front', ['ab', 'c']],
      ['second', []],
      ['third', ['t'.repeat(39)]],
    ]);
    expect(await countOf(cards, user.id)).toBe(3);
  });

  it('refuses bad packages with a clear 4xx and imports nothing', async () => {
    const { user, upload } = await person('Unlucky importer');
    const sqliteHeader = strToU8('SQLite format 3\0');
    const corrupt = new Uint8Array(4096);
    corrupt.set(sqliteHeader);
    corrupt.fill(0xff, 100);
    const cases: [string, Uint8Array, number, RegExp][] = [
      ['not a zip', strToU8('front,back\nhello,world'), 400, /not a zip file/],
      ['no collection', zipSync({ 'notes.txt': strToU8('hi') }), 400, /holds no Anki collection/],
      ['newest format only', zipSync({ 'collection.anki21b': strToU8('zstd') }), 400, /Support older Anki versions/],
      ['corrupt SQLite', zipSync({ 'collection.anki2': corrupt }), 400, /damaged|not a readable SQLite/],
      ['text as SQLite', zipSync({ 'collection.anki2': strToU8('hello') }), 400, /damaged|not a readable SQLite/],
      [
        '100,000 cards',
        ankiPackage(
          await ankiCollection({ 1: 'Default' }, [{ model: 'basic', deck: 1, fields: ['a', 'b'] }], {
            extraCards: 99_999,
          }),
        ),
        400,
        /100,000 cards or more/,
      ],
    ];
    for (const [name, bytes, status, message] of cases) {
      const response = await upload('/api/cards/import/apkg', bytes);
      expect(response.status, name).toBe(status);
      expect((response.data as { message: string }).message, name).toMatch(message);
      expect((response.data as { message: string }).message, name).toMatch(/Nothing was imported/);
    }
    const tooLarge = await upload('/api/cards/import/apkg', new Uint8Array(APKG_MAX_BYTES + 1));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.data).toEqual({ code: 'payloadTooLarge', message: expect.stringContaining('over 50 MB') });
    const asJson = await upload('/api/cards/import/apkg', strToU8('{}'), 'application/json');
    expect(asJson.status).toBe(415);
    expect(await countOf(cards, user.id)).toBe(0);
  });

  it('a file body is refused by every route that does not take one', async () => {
    const { upload } = await person('Sender');
    const response = await upload('/api/cards/import', strToU8('front,back'));
    expect(response.status).toBe(415);
  });
});
