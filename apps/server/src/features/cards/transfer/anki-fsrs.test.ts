import { describe, expect, it } from 'vitest';
import { studyDayNumber } from '@turtle/shared/cards-day';
import { CardState } from '@turtle/shared/cards-review';
import {
  ankiCardData,
  ankiCardMemory,
  ankiDayInstant,
  ankiRevlogColumns,
  learningStepsFromLeft,
  leftFromLearningSteps,
  parseCardData,
  type AnkiScheduling,
} from './anki-fsrs';

/** docs/decisions/040-anki-fsrs-state.md: Anki's scheduling columns and memory state, both ways. */
const DAY = 86_400_000;
const utc: AnkiScheduling = {
  crt: Date.UTC(2024, 0, 1, 4) / 1000,
  creationMinutesWest: 0,
  localMinutesWest: 0,
  fsrs: true,
};

describe('parseCardData', () => {
  it('reads s, d, dr and lrt as Anki writes them', () => {
    expect(parseCardData('{"s":12.3456,"d":6.789,"dr":0.9,"decay":0.154,"lrt":1700000000}')).toEqual({
      stability: 12.3456,
      difficulty: 6.789,
      desiredRetention: 0.9,
      lastReview: 1_700_000_000,
    });
  });

  it('reads no memory state from empty, custom-only, broken or out-of-range data', () => {
    for (const data of [
      '',
      '{}',
      '{"cd":"{}"}',
      '{"s":1',
      '[1,2]',
      'null',
      '{"s":-1,"d":5}',
      '{"s":3,"d":11}',
      '{"s":"3","d":5}',
    ]) {
      expect(parseCardData(data), data).toBeNull();
    }
  });
});

describe('ankiDayInstant', () => {
  it('puts day 0 on the creation date and day n n dates later, at noon in the learner’s Anki clock', () => {
    expect(ankiDayInstant(0, utc)).toBe(Date.UTC(2024, 0, 1, 12));
    expect(ankiDayInstant(31, utc)).toBe(Date.UTC(2024, 1, 1, 12));
    // UTC+10 (-600 minutes west): made 2024-03-01 at 4 am there, which is still February 29 in UTC.
    const brisbane = {
      ...utc,
      crt: Date.UTC(2024, 1, 29, 18) / 1000,
      creationMinutesWest: -600,
      localMinutesWest: -600,
    };
    expect(studyDayNumber(ankiDayInstant(0, brisbane), 'Australia/Brisbane')).toBe(Date.UTC(2024, 2, 1) / DAY);
    expect(studyDayNumber(ankiDayInstant(10, brisbane), 'Australia/Brisbane')).toBe(Date.UTC(2024, 2, 11) / DAY);
  });

  it('falls due on that date for a learner anywhere from UTC-8 to UTC+15 when the collection names no offset', () => {
    const none = { ...utc, creationMinutesWest: null, localMinutesWest: null };
    for (const zone of ['America/Los_Angeles', 'UTC', 'Asia/Tokyo', 'Pacific/Auckland']) {
      expect(studyDayNumber(ankiDayInstant(5, none), zone), zone).toBe(Date.UTC(2024, 0, 6) / DAY);
    }
  });
});

describe('learning steps', () => {
  it('turn Anki’s steps left into ts-fsrs’s steps done and back (1 and 10 minutes; 10 after a lapse)', () => {
    expect(learningStepsFromLeft(CardState.LEARNING, 2)).toBe(0);
    expect(learningStepsFromLeft(CardState.LEARNING, 1)).toBe(1);
    // Older Anki counts today's steps in the thousands.
    expect(learningStepsFromLeft(CardState.LEARNING, 1001)).toBe(1);
    expect(learningStepsFromLeft(CardState.RELEARNING, 1)).toBe(0);
    expect(learningStepsFromLeft(CardState.LEARNING, 7)).toBe(0);
    expect(leftFromLearningSteps(CardState.LEARNING, 0)).toBe(2);
    expect(leftFromLearningSteps(CardState.LEARNING, 1)).toBe(1);
    expect(leftFromLearningSteps(CardState.RELEARNING, 0)).toBe(1);
  });
});

describe('ankiCardMemory', () => {
  const columns = { type: 2, queue: 2, due: 40, originalDue: 0, ivl: 12, reps: 5, lapses: 1, left: 0 };

  it('takes a review card’s memory state, due day and interval as they are', () => {
    const result = ankiCardMemory({ ...columns, data: '{"s":12.5,"d":6.2,"lrt":1704844800}' }, utc, null);
    expect(result).toEqual({
      fromData: true,
      memory: {
        state: CardState.REVIEW,
        due: Date.UTC(2024, 1, 10, 12),
        stability: 12.5,
        difficulty: 6.2,
        elapsedDays: 0,
        scheduledDays: 12,
        learningSteps: 0,
        reps: 5,
        lapses: 1,
        lastReview: 1_704_844_800_000,
      },
    });
  });

  it('reads a learning card’s due in seconds, a day-learning one and a filtered one’s own due in days', () => {
    const learning = { ...columns, type: 1, queue: 1, due: 1_800_000_000, ivl: 0, left: 1, data: '' };
    expect(ankiCardMemory(learning, utc, 5)?.memory).toMatchObject({
      due: 1_800_000_000_000,
      learningSteps: 1,
      lastReview: 5,
    });
    expect(ankiCardMemory({ ...learning, queue: 3, due: 3 }, utc, null)?.memory.due).toBe(Date.UTC(2024, 0, 4, 12));
    expect(ankiCardMemory({ ...columns, due: -100_000, originalDue: 7, data: '' }, utc, null)?.memory.due).toBe(
      Date.UTC(2024, 0, 8, 12),
    );
  });

  it('has no memory state without data or with FSRS off, and no state at all for a new card', () => {
    const data = '{"s":12.5,"d":6.2}';
    expect(ankiCardMemory({ ...columns, data: '' }, utc, null)?.fromData).toBe(false);
    expect(ankiCardMemory({ ...columns, data }, { ...utc, fsrs: false }, null)?.fromData).toBe(false);
    expect(ankiCardMemory({ ...columns, type: 0, queue: 0, data }, utc, null)).toBeNull();
  });
});

describe('export', () => {
  it('writes card data as Anki rounds it, and nothing for a new card', () => {
    const memory = {
      state: CardState.REVIEW,
      stability: 12.345_678,
      difficulty: 6.123_456,
      lastReview: 1_704_844_800_500,
    };
    expect(ankiCardData(memory, 0.876, 0.1542)).toBe(
      '{"s":12.3457,"d":6.123,"dr":0.88,"decay":0.154,"lrt":1704844800}',
    );
    expect(ankiCardData({ ...memory, state: CardState.NEW }, 0.9, 0.1542)).toBe('{}');
  });

  it('writes revlog intervals in days or negative seconds, the difficulty as factor, and the kind before', () => {
    const step = {
      reviewedAt: 0,
      rating: 3,
      durationMs: 1,
      stateBefore: 0,
      stateAfter: 1,
      dueAfter: 600_000,
      scheduledDays: 0,
      difficultyAfter: 1,
    };
    expect(ankiRevlogColumns(step, 0)).toEqual({ ivl: -600, lastIvl: 0, factor: 100, type: 0 });
    const review = { ...step, stateBefore: 2, stateAfter: 2, scheduledDays: 9, difficultyAfter: 10 };
    expect(ankiRevlogColumns(review, 3)).toEqual({ ivl: 9, lastIvl: 3, factor: 1100, type: 1 });
    expect(ankiRevlogColumns({ ...review, stateBefore: 3 }, -600).type).toBe(2);
  });
});
