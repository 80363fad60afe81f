import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { studyDayNumber } from '@turtle/shared/cards-day';
import { CardState, type Rating } from '@turtle/shared/cards-review';
import { toFsrsItems, type LoggedGrade } from '../optimizer/fsrs-items';
import { DEFAULT_CARD_SETTINGS } from '../settings.repository';
import { fromFsrsCard, gradeAt, newCardMemory, previewIntervals, type CardMemory } from './scheduler';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const at = (iso: string) => Date.parse(iso);

/** One card's grades at the given times, through the scheduler: each review's elapsed days and state before. */
function grade(zone: string, reviews: { at: number; rating: Rating }[]) {
  let memory: CardMemory = newCardMemory(reviews[0]!.at);
  return reviews.map((review) => {
    const before = memory;
    const { card, log } = gradeAt(before, DEFAULT_CARD_SETTINGS, review.at, review.rating, zone);
    memory = { ...before, ...fromFsrsCard(card) };
    return { ...review, elapsedDays: log.elapsed_days, stateBefore: before.state };
  });
}

// docs/decisions/012-flashcards.md: scheduler, queue and optimizer count one study day (4 am in the learner's zone).
describe('the scheduler counts elapsed days in study days', () => {
  it('New York, 8 pm then 8 am: one study day (ts-fsrs alone counts UTC midnights and says 0)', () => {
    // 8 pm EST on 10 January is 01:00 UTC on the 11th; 8 am the next morning is 13:00 UTC the same UTC date.
    const graded = grade('America/New_York', [
      { at: at('2026-01-11T01:00:00Z'), rating: 3 },
      { at: at('2026-01-11T01:10:00Z'), rating: 3 },
      { at: at('2026-01-11T13:00:00Z'), rating: 3 },
    ]);
    expect(graded.map((review) => review.elapsedDays)).toEqual([0, 0, 1]);
    // In UTC too: 01:00 is before 4 am, still the 10th's study day, and 13:00 is the 11th's.
    expect(grade('UTC', graded).map((review) => review.elapsedDays)).toEqual([0, 0, 1]);
    // Paris: 11:00 and 23:00 one day, 3 am the next night still that study day, 4 am the next one.
    const paris = grade('Europe/Paris', [
      { at: at('2026-01-11T10:00:00Z'), rating: 3 },
      { at: at('2026-01-11T10:10:00Z'), rating: 3 },
      { at: at('2026-01-11T22:00:00Z'), rating: 3 },
      { at: at('2026-01-12T02:00:00Z'), rating: 3 },
      { at: at('2026-01-12T03:00:00Z'), rating: 3 },
    ]);
    expect(paris.map((review) => review.elapsedDays)).toEqual([0, 0, 0, 0, 1]);
  });

  it('across the spring change, 8 pm to 7:30 pm the next evening is one study day (UTC midnights: 0)', () => {
    const graded = grade('America/New_York', [
      { at: at('2026-03-07T01:00:00Z'), rating: 3 }, // 8 pm EST, 6 March
      { at: at('2026-03-07T01:10:00Z'), rating: 3 },
      { at: at('2026-03-08T01:00:00Z'), rating: 3 }, // 8 pm EST, 7 March
      { at: at('2026-03-08T23:30:00Z'), rating: 3 }, // 7:30 pm EDT, 8 March: 22.5 hours later, the same UTC date
    ]);
    expect(graded.map((review) => review.elapsedDays)).toEqual([0, 0, 1, 1]);
  });

  it('the buttons show what the grade gives, in the learner’s zone', () => {
    let memory = newCardMemory(at('2026-01-10T15:00:00Z'));
    for (const [time, rating] of [
      ['2026-01-10T15:00:00Z', 3],
      ['2026-01-10T15:10:00Z', 3],
      ['2026-01-12T02:00:00Z', 3],
    ] as const) {
      memory = {
        ...memory,
        ...fromFsrsCard(gradeAt(memory, DEFAULT_CARD_SETTINGS, at(time), rating, 'Asia/Kolkata').card),
      };
    }
    const now = at('2026-01-20T23:00:00Z');
    for (const zone of ['Asia/Kolkata', 'America/New_York', 'UTC']) {
      const preview = previewIntervals(memory, DEFAULT_CARD_SETTINGS, now, zone);
      for (const rating of [1, 2, 3, 4] as const) {
        expect(preview[rating].due).toBe(gradeAt(memory, DEFAULT_CARD_SETTINGS, now, rating, zone).card.due.getTime());
      }
    }
  });
});

/** A DST change of each zone in 2026 (none for Kolkata and UTC), around which histories start. */
const CHANGES: Record<string, number[]> = {
  'America/New_York': [at('2026-03-08T07:00:00Z'), at('2026-11-01T06:00:00Z')],
  'Europe/Paris': [at('2026-03-29T01:00:00Z'), at('2026-10-25T01:00:00Z')],
  'Australia/Lord_Howe': [at('2026-04-04T15:00:00Z'), at('2026-10-03T15:30:00Z')],
  'Asia/Kolkata': [at('2026-03-29T01:00:00Z')],
  UTC: [at('2026-10-25T01:00:00Z')],
};

const gap = fc.oneof(
  fc.integer({ min: MINUTE, max: HOUR }), // learning steps
  fc.integer({ min: HOUR, max: 2 * DAY }), // around the 4 am boundary
  fc.integer({ min: 2 * DAY, max: 40 * DAY }),
);
const history = fc.record({
  zone: fc.constantFrom(...Object.keys(CHANGES)),
  change: fc.nat(1),
  // The first review up to 10 days before the change, so most histories cross it.
  lead: fc.integer({ min: 0, max: 10 * DAY }),
  reviews: fc.array(fc.record({ gap, rating: fc.constantFrom<Rating>(1, 2, 3, 4) }), { minLength: 2, maxLength: 25 }),
});

describe('the scheduler and the optimizer count the same elapsed days (property)', () => {
  it('for random histories in five zones across a DST change, every review’s delta_t is its elapsed days', () => {
    fc.assert(
      fc.property(history, ({ zone, change, lead, reviews }) => {
        const changes = CHANGES[zone]!;
        let time = changes[change % changes.length]! - lead;
        const times = reviews.map((review) => (time += review.gap));
        const graded = grade(
          zone,
          reviews.map((review, index) => ({ at: times[index]!, rating: review.rating })),
        );
        const grades: LoggedGrade[] = graded.map((review) => ({
          cardId: 'card',
          rating: review.rating,
          day: studyDayNumber(review.at, zone),
          reviewedAt: review.at,
          learning: review.stateBefore === CardState.NEW || review.stateBefore === CardState.LEARNING,
        }));
        const elapsed = graded.map((review) => review.elapsedDays);
        // Every card here starts new: its history is read from its first grade, and each item is a prefix of it
        // whose last review is on a later study day; the longest holds every review up to the last such one.
        const items = toFsrsItems(grades);
        expect(items).toHaveLength(elapsed.filter((days, index) => index > 0 && days > 0).length);
        for (const { item } of items) {
          expect(item.reviews.map((review) => review.deltaT)).toEqual(elapsed.slice(0, item.reviews.length));
          expect(item.reviews.map((review) => review.rating)).toEqual(
            reviews.slice(0, item.reviews.length).map((review) => review.rating),
          );
        }
        // And the study days between consecutive grades are the scheduler's elapsed days, review by review.
        const days = grades.map((entry, index) => (index === 0 ? 0 : entry.day - grades[index - 1]!.day));
        expect(elapsed).toEqual(days);
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
