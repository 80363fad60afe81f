import { describe, expect, it } from 'vitest';
import { studyDayNumber } from '@turtle/shared/cards-day';
import { CardState } from '@turtle/shared/cards-review';
import { DEFAULT_CARD_SETTINGS } from '../settings.repository';
import { ankiCardColumns, ankiRevlogRows, collectionCreation, deckOptions } from './anki-export-fsrs';
import type { ApkgCardHistory } from './anki-export-history';
import { ankiCardState } from './anki-import-state';
import { logText } from './apkg-log-bytes';
import { packCard, replayHistory, type PackedHistory } from './apkg-replay';

/** docs/decisions/040-anki-fsrs-state.md: which state an imported card takes, and the columns an export writes. */
const DAY = 86_400_000;
const T = Date.UTC(2026, 0, 10, 15);
const scheduling = { crt: Date.UTC(2026, 0, 1, 4) / 1000, creationMinutesWest: 0, localMinutesWest: 0, fsrs: true };
const review = { type: 2, queue: 2, due: 20, originalDue: 0, ivl: 9, reps: 3, lapses: 0, left: 0 };
const log = [
  { at: T - 12 * DAY, cardId: 1, ease: 3, type: 0, timeMs: 3000 },
  { at: T - 11 * DAY, cardId: 1, ease: 3, type: 1, timeMs: 3000 },
  { at: T, cardId: 1, ease: 3, type: 1, timeMs: 3000 },
];
type Row = [number, number, number, number, number, number, number, number, number];
const rows = (packed: PackedHistory) => JSON.parse(logText(packed)) as Row[];

describe('the state an imported card takes', () => {
  it('is Anki’s with its memory state, the log replayed only for its rows, the last one ending at the card', () => {
    const anki = ankiCardState({ scheduling: { ...review, data: '{"s":15.5,"d":4.25}' } }, scheduling, log)!;
    const packed = packCard(0, log, anki, DEFAULT_CARD_SETTINGS);
    expect(packed.memory).toMatchObject({ state: CardState.REVIEW, stability: 15.5, difficulty: 4.25, lastReview: T });
    expect(packed.memory.due).toBe(Date.UTC(2026, 0, 21, 12));
    expect(packed.count).toBe(3);
    // stateAfter, dueAfter, stabilityAfter, difficultyAfter of the last row.
    const last = rows(packed).at(-1)!;
    expect([last[2], last[4], last[7], last[8]]).toEqual([CardState.REVIEW, Date.UTC(2026, 0, 21, 12), 15.5, 4.25]);
  });

  it('without a memory state takes stability and difficulty from the replay, the rest from Anki', () => {
    const anki = ankiCardState({ scheduling: { ...review, data: '' } }, scheduling, log)!;
    const packed = packCard(0, log, anki, DEFAULT_CARD_SETTINGS);
    const replayed = replayHistory(log, DEFAULT_CARD_SETTINGS).memory;
    expect(packed.memory).toMatchObject({
      stability: replayed.stability,
      difficulty: replayed.difficulty,
      scheduledDays: 9,
    });
    expect(packed.memory.due).toBe(Date.UTC(2026, 0, 21, 12));
  });

  it('is the replay’s alone for a card new in Anki, and none without a memory state or a log', () => {
    expect(ankiCardState({ scheduling: { ...review, type: 0, queue: 0, data: '' } }, scheduling, log)).toBeNull();
    expect(ankiCardState({ scheduling: { ...review, data: '' } }, scheduling, undefined)).toBeNull();
    expect(ankiCardState({}, scheduling, log)).toBeNull();
    expect(packCard(0, log, undefined, DEFAULT_CARD_SETTINGS).memory).toEqual(
      replayHistory(log, DEFAULT_CARD_SETTINGS).memory,
    );
  });
});

describe('the columns an export writes', () => {
  const history: ApkgCardHistory = {
    state: CardState.LEARNING,
    due: T + 600_000,
    stability: 2.30654,
    difficulty: 2.1181,
    scheduledDays: 0,
    learningSteps: 1,
    reps: 1,
    lapses: 0,
    lastReview: T,
    reviews: [
      {
        reviewedAt: T,
        rating: 3,
        durationMs: 1500,
        stateBefore: 0,
        stateAfter: 1,
        dueAfter: T + 600_000,
        scheduledDays: 0,
        difficultyAfter: 2.1181,
      },
    ],
  };

  it('a learning card: due in seconds, steps left, its memory state', () => {
    const crt = collectionCreation(T);
    expect(crt * 1000).toBe(Date.UTC(2026, 0, 10, 4));
    expect(ankiCardColumns(history, crt, 1, DEFAULT_CARD_SETTINGS)).toEqual({
      type: 1,
      queue: 1,
      due: (T + 600_000) / 1000,
      ivl: 0,
      reps: 1,
      lapses: 0,
      left: 1,
      data: `{"s":2.3065,"d":2.118,"dr":0.9,"decay":0.154,"lrt":${T / 1000}}`,
    });
    expect(ankiRevlogRows(history)).toMatchObject([{ ivl: -600, lastIvl: 0, factor: 224, type: 0 }]);
  });

  it('a review card: due on its study day counted from the creation', () => {
    const crt = collectionCreation(T);
    const due = T + 5 * DAY;
    const columns = ankiCardColumns(
      { ...history, state: CardState.REVIEW, due, scheduledDays: 5 },
      crt,
      1,
      DEFAULT_CARD_SETTINGS,
    );
    expect(columns).toMatchObject({
      type: 2,
      queue: 2,
      due: studyDayNumber(due, 'UTC') - studyDayNumber(crt * 1000, 'UTC'),
      ivl: 5,
      left: 0,
    });
    expect(columns.due).toBe(5);
  });

  it('deck options carry the parameters as FSRS-6’s and the retention', () => {
    expect(deckOptions({ desiredRetention: 0.87 }, 0)[1]).toMatchObject({
      desiredRetention: 0.87,
      fsrsParams6: expect.any(Array),
    });
    // FSRS-5's 19 weights are what the scheduler runs as FSRS-6's 21 (ts-fsrs migrates them), and so exported.
    const five = deckOptions({ desiredRetention: 0.9 }, 0)[1].fsrsParams6.slice(0, 19);
    const options = deckOptions({ desiredRetention: 0.9, weights: five }, 0)[1];
    expect(options.fsrsParams6).toHaveLength(21);
  });
});
