import { asc, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import initSqlJs from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studyDayNumber } from '@turtle/shared/cards-day';
import type { ApkgSummary } from '@turtle/shared/cards-import';
import type { NextCardResponse } from '@turtle/shared/cards-review';
import { cardNotes, cards, reviewLogs } from '../src/db/schema';
import { DEFAULT_CARD_SETTINGS, saveCardSettings } from '../src/features/cards/settings.repository';
import { replayHistory } from '../src/features/cards/transfer/apkg-replay';
import { ankiPackage, type AnkiNoteInput } from './support/anki-package';
import { fsrsCollection11, fsrsPackage18, type AnkiCardColumns } from './support/anki-package-fsrs';
import { packageSender } from './support/cards';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * FSRS state both ways (docs/decisions/040-anki-fsrs-state.md): an Anki card's memory state and due date come in as
 * Anki has them (the log is replayed only for a card without a memory state), and an export carries the memory
 * state, the parameters, the FSRS flag, the remaining steps and Anki's revlog conventions.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const DAY = 86_400_000;
const MINUTE = 60_000;
const secs = (ms: number) => Math.floor(ms / 1000);

/** Imported cards by their front, with their log's grades. */
async function importedCards(userId: string) {
  const db = server.database.db;
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

describe('Anki FSRS state on import', () => {
  // A learner in Brisbane (UTC+10 all year: Anki's offset is -600 minutes west), collection made 2024-03-01 4 am there.
  const zone = 'Australia/Brisbane';
  const offset = -600;
  const crt = secs(Date.UTC(2024, 1, 29, 18));
  const createdDate = Math.floor((crt * 1000 - offset * MINUTE) / DAY);
  const now = Date.now();
  const today = studyDayNumber(now, zone);
  const ankiToday = today - createdDate;
  const sm2Log: [number, number, number, number][] = [
    [now - 20 * DAY, 3, 0, 4000],
    [now - 19 * DAY, 3, 1, 3000],
    [now - 10 * DAY, 3, 1, 5000],
  ];
  const notes: AnkiNoteInput[] = [
    {
      model: 'basic',
      deck: 1,
      fields: ['due today', 'a'],
      revlog: {
        0: [
          [now - 40 * DAY, 3, 0, 4000],
          [now - 40 * DAY + 10 * MINUTE, 3, 0, 3000],
          [now - 28 * DAY, 3, 1, 5000],
          [now - 12 * DAY, 2, 1, 6000],
        ],
      },
    },
    { model: 'basic', deck: 1, fields: ['learning', 'b'], revlog: { 0: [[now - 2 * MINUTE, 3, 0, 3000]] } },
    {
      model: 'basic',
      deck: 1,
      fields: ['in a month', 'c'],
      revlog: {
        0: [
          [now - 50 * DAY, 4, 0, 3000],
          [now - 30 * DAY, 1, 1, 8000],
          [now - 30 * DAY + 10 * MINUTE, 3, 2, 3000],
          [now - 15 * DAY, 3, 1, 4000],
        ],
      },
    },
    { model: 'basic', deck: 1, fields: ['no memory state', 'd'], revlog: { 0: sm2Log } },
  ];
  const columns: AnkiCardColumns[] = [
    {
      ...{ type: 2, queue: 2, due: ankiToday, ivl: 12, reps: 4, lapses: 0, left: 0 },
      data: `{"s":12.3456,"d":6.789,"dr":0.9,"decay":0.154,"lrt":${secs(now - 12 * DAY)}}`,
    },
    {
      ...{ type: 1, queue: 1, due: secs(now) + 480, ivl: 0, reps: 1, lapses: 0, left: 1 },
      data: `{"s":2.3065,"d":2.118,"dr":0.9,"decay":0.154,"lrt":${secs(now - 2 * MINUTE)}}`,
    },
    {
      ...{ type: 2, queue: 2, due: ankiToday + 30, ivl: 45, reps: 4, lapses: 1, left: 0 },
      data: `{"s":44.5,"d":7.25,"dr":0.9,"decay":0.154,"lrt":${secs(now - 15 * DAY)}}`,
    },
    // Reviewed under SM-2 (no memory state): due in 3 days.
    { type: 2, queue: 2, due: ankiToday + 3, ivl: 13, reps: 3, lapses: 0, left: 0, data: '' },
  ];

  it('a current package (schema 18): memory state and due dates as Anki has them, replayed only without a state', async () => {
    const { user, client, upload } = await packageSender(server, 'FSRS learner');
    const bytes = await fsrsPackage18({ 1: 'Default' }, notes, { crt, offset, fsrs: true, cards: columns });
    const summary = (await upload('/api/cards/import/apkg', bytes)).data as ApkgSummary;
    expect(summary.cards).toBe(4);
    expect(summary.reviews).toBe(12);
    const imported = await importedCards(user.id);

    const dueToday = imported.get('due today#0')!;
    expect(dueToday).toMatchObject({ state: 2, stability: 12.3456, difficulty: 6.789, scheduledDays: 12, reps: 4 });
    expect(dueToday.lastReview).toBe(secs(now - 12 * DAY) * 1000);
    // Due today in Anki is due today here, in the learner's zone.
    expect(studyDayNumber(dueToday.due, zone)).toBe(today);
    expect(dueToday.grades).toEqual([3, 3, 3, 2]);

    const learning = imported.get('learning#0')!;
    expect(learning).toMatchObject({ state: 1, stability: 2.3065, difficulty: 2.118, learningSteps: 1 });
    expect(learning.due).toBe((secs(now) + 480) * 1000);

    const later = imported.get('in a month#0')!;
    expect(later).toMatchObject({ state: 2, stability: 44.5, difficulty: 7.25, lapses: 1, scheduledDays: 45 });
    expect(studyDayNumber(later.due, zone)).toBe(today + 30);
    expect(later.grades).toEqual([4, 1, 3, 3]);

    // Without a memory state the log is replayed for stability and difficulty, as it always was; the due date stays
    // Anki's (no fuzz applied again).
    const replayed = replayHistory(
      sm2Log.map(([at, ease, type, timeMs]) => ({ at, cardId: 0, ease, type, timeMs })),
      DEFAULT_CARD_SETTINGS,
    ).memory;
    const sm2 = imported.get('no memory state#0')!;
    expect(sm2.stability).toBe(replayed.stability);
    expect(sm2.difficulty).toBe(replayed.difficulty);
    expect(sm2).toMatchObject({ state: 2, scheduledDays: 13 });
    expect(studyDayNumber(sm2.due, zone)).toBe(today + 3);

    // The queue in the learner's zone: one review due today, one learning card.
    const [deck] = (await client.decks(zone)).decks;
    expect(deck!.due).toMatchObject({ review: 1, learning: 1 });
  });

  it('a legacy package (schema 11, UTC) places the day numbers the same way; FSRS off means its states are stale', async () => {
    const utcCrt = secs(Date.UTC(2023, 5, 10, 4));
    const utcToday = studyDayNumber(now, 'UTC') - Math.floor((utcCrt * 1000) / DAY);
    const options = { crt: utcCrt, offset: 0, cards: [{ ...columns[0]!, due: utcToday }] };
    const on = await packageSender(server, 'Legacy FSRS learner');
    const bytes = ankiPackage(await fsrsCollection11({ 1: 'Default' }, [notes[0]!], { ...options, fsrs: true }));
    expect((await on.upload('/api/cards/import/apkg', bytes)).status).toBe(200);
    const card = (await importedCards(on.user.id)).get('due today#0')!;
    expect(card).toMatchObject({ state: 2, stability: 12.3456, difficulty: 6.789 });
    expect(studyDayNumber(card.due, 'UTC')).toBe(studyDayNumber(now, 'UTC'));

    const off = await packageSender(server, 'Learner who turned FSRS off');
    const stale = ankiPackage(await fsrsCollection11({ 1: 'Default' }, [notes[0]!], { ...options, fsrs: false }));
    expect((await off.upload('/api/cards/import/apkg', stale)).status).toBe(200);
    const replayedCard = (await importedCards(off.user.id)).get('due today#0')!;
    expect(replayedCard.stability).not.toBe(12.3456);
    expect(studyDayNumber(replayedCard.due, 'UTC')).toBe(studyDayNumber(now, 'UTC'));
  });
});

/** A Turtle learner with new, learning and review cards (Easy, Good, Again, Good over five new cards). */
async function turtleLearner(name: string) {
  const sender = await packageSender(server, name);
  const deck = await sender.client.createDeck('FSRS export');
  await sender.client.createCard(deck.id, { kind: 'reversed', front: 'gato', back: 'cat' });
  for (const [front, back] of [
    ['perro', 'dog'],
    ['casa', 'house'],
    ['sol', 'sun'],
  ] as const)
    await sender.client.createCard(deck.id, { front, back });
  for (const rating of [4, 3, 1, 3]) {
    const next = (await sender.client.call(`/api/cards/review/next?deckId=${deck.id}&ahead=1`))
      .data as NextCardResponse;
    if (!next.card) break;
    await sender.client.call('/api/cards/review/grade', { cardId: next.card.id, rating, durationMs: 1500 });
  }
  return sender;
}

/** The exported collection, read back with the tests' SQLite (sql.js). */
async function readExport(apkg: Uint8Array) {
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

describe('FSRS state in an export', () => {
  it('writes memory state, parameters, retention, the FSRS flag, steps left and revlog as Anki does', async () => {
    const learner = await turtleLearner('Exporting learner');
    await saveCardSettings(
      server.database.db,
      learner.user.id,
      { ...DEFAULT_CARD_SETTINGS, desiredRetention: 0.85 },
      Date.now(),
    );
    const exported = await readExport((await learner.client.bytes('/api/cards/export?format=apkg')).bytes);
    const conf = JSON.parse(String(exported.col.conf)) as Record<string, unknown>;
    expect(conf).toMatchObject({ fsrs: true, rollover: 4, creationOffset: 0 });
    const options = (JSON.parse(String(exported.col.dconf)) as Record<string, Record<string, unknown>>)['1']!;
    expect(options.desiredRetention).toBe(0.85);
    expect(options.fsrsParams6).toHaveLength(21);

    const crtDay = studyDayNumber(Number(exported.col.crt) * 1000, 'UTC');
    const rows = await server.database.db
      .select({ card: cards, id: cardNotes.id })
      .from(cards)
      .innerJoin(cardNotes, eq(cardNotes.id, cards.noteId))
      .where(eq(cards.userId, learner.user.id));
    const logs = await server.database.db
      .select()
      .from(reviewLogs)
      .where(eq(reviewLogs.userId, learner.user.id))
      .orderBy(asc(reviewLogs.reviewedAt), asc(reviewLogs.id));
    const states = new Set<number>();
    for (const { card, id } of rows) {
      const ord = card.ordinal;
      const row = exported.cards.find((item) => item.guid === id && item.ord === ord)!;
      states.add(card.state);
      expect(row.type).toBe(card.state);
      if (card.state === 0) {
        expect(row.data).toBe('{}');
        continue;
      }
      expect(JSON.parse(String(row.data))).toEqual({
        s: Math.round(card.stability * 10_000) / 10_000,
        d: Math.round(card.difficulty * 1000) / 1000,
        dr: 0.85,
        decay: 0.154,
        lrt: secs(card.lastReview!),
      });
      if (card.state === 2) {
        expect(row).toMatchObject({ queue: 2, due: studyDayNumber(card.due, 'UTC') - crtDay, left: 0 });
      } else {
        const steps = card.state === 3 ? 1 : 2;
        expect(row).toMatchObject({ queue: 1, due: secs(card.due), left: steps - card.learningSteps });
      }
      // Its log: learning steps in negative seconds, each lastIvl the ivl before, factor the difficulty shifted.
      const own = logs.filter((log) => log.cardId === card.id);
      const revlog = exported.revlog.filter((entry) => entry.cid === row.id);
      expect(revlog.map((entry) => entry.ease)).toEqual(own.map((log) => log.rating));
      own.forEach((log, index) => {
        const entry = revlog[index]!;
        expect(entry.type).toBe(log.stateBefore === 2 ? 1 : log.stateBefore === 3 ? 2 : 0);
        expect(entry.factor).toBe(Math.round(((log.difficultyAfter - 1) / 9 + 0.1) * 1000));
        expect(entry.lastIvl).toBe(index === 0 ? 0 : revlog[index - 1]!.ivl);
        if (log.stateAfter === 2) expect(entry.ivl).toBe(log.scheduledDays);
        else expect(entry.ivl).toBe(-Math.round((log.dueAfter - log.reviewedAt) / 1000));
      });
    }
    // The learner's cards cover new, learning and review, and the log has learning steps (negative seconds).
    expect([...states].sort()).toEqual([0, 1, 2]);
    expect(exported.revlog.some((entry) => Number(entry.ivl) < 0)).toBe(true);
    expect(exported.revlog).toHaveLength(logs.length);
  });

  it('a round trip Turtle → .apkg → Turtle keeps stability, difficulty, due, state and the log', async () => {
    const source = await turtleLearner('Round-trip source');
    const apkg = (await source.client.bytes('/api/cards/export?format=apkg')).bytes;
    const target = await packageSender(server, 'Round-trip target');
    expect((await target.upload('/api/cards/import/apkg', apkg)).status).toBe(200);
    const [before, after] = [await importedCards(source.user.id), await importedCards(target.user.id)];
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    for (const [key, card] of before) {
      const back = after.get(key)!;
      expect(back.state, key).toBe(card.state);
      expect(back.grades, key).toEqual(card.grades);
      expect(back.reps, key).toBe(card.reps);
      expect(back.lapses, key).toBe(card.lapses);
      expect(back.learningSteps, key).toBe(card.learningSteps);
      expect(back.scheduledDays, key).toBe(card.scheduledDays);
      // At Anki's precision: stability to 4 places, difficulty to 3, a review's due day, a step's second.
      expect(back.stability, key).toBeCloseTo(card.stability, 4);
      expect(back.difficulty, key).toBeCloseTo(card.difficulty, 3);
      if (card.state === 2) expect(studyDayNumber(back.due, 'UTC')).toBe(studyDayNumber(card.due, 'UTC'));
      else if (card.state !== 0) expect(back.due).toBe(secs(card.due) * 1000);
      expect(back.lastReview === null ? null : secs(back.lastReview)).toBe(
        card.lastReview === null ? null : secs(card.lastReview),
      );
    }
  });
});
