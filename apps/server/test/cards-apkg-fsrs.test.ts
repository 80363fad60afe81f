import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studyDayNumber } from '@turtle/shared/cards-day';
import type { ApkgSummary } from '@turtle/shared/cards-import';
import { DEFAULT_CARD_SETTINGS } from '../src/features/cards/settings.repository';
import { replayHistory } from '../src/features/cards/transfer/apkg-replay';
import { ankiPackage, type AnkiNoteInput } from './support/anki-package';
import { fsrsCollection11, fsrsPackage18, importedCards, type AnkiCardColumns } from './support/anki-package-fsrs';
import { packageSender } from './support/cards';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * FSRS state on import (docs/decisions/040-anki-fsrs-state.md): an Anki card's memory state and due date come in as
 * Anki has them; the log is replayed only for a card without a memory state.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const DAY = 86_400_000;
const MINUTE = 60_000;
const secs = (ms: number) => Math.floor(ms / 1000);

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
    const imported = await importedCards(server.database.db, user.id);

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
    const card = (await importedCards(server.database.db, on.user.id)).get('due today#0')!;
    expect(card).toMatchObject({ state: 2, stability: 12.3456, difficulty: 6.789 });
    expect(studyDayNumber(card.due, 'UTC')).toBe(studyDayNumber(now, 'UTC'));

    const off = await packageSender(server, 'Learner who turned FSRS off');
    const stale = ankiPackage(await fsrsCollection11({ 1: 'Default' }, [notes[0]!], { ...options, fsrs: false }));
    expect((await off.upload('/api/cards/import/apkg', stale)).status).toBe(200);
    const replayedCard = (await importedCards(server.database.db, off.user.id)).get('due today#0')!;
    expect(replayedCard.stability).not.toBe(12.3456);
    expect(studyDayNumber(replayedCard.due, 'UTC')).toBe(studyDayNumber(now, 'UTC'));
  });
});
