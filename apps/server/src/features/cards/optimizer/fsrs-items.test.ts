import { describe, expect, it } from 'vitest';
import { isTrainingItem, toFsrsItems, type LoggedGrade } from './fsrs-items';

const MINUTE = 60_000;
const DAY = 86_400_000;

/** A grade of card `cardId` on study day `day`, `minutes` into it; `learning` while new or in its first steps. */
const grade = (cardId: string, day: number, minutes: number, rating: number, learning = false): LoggedGrade => ({
  cardId,
  rating,
  day,
  reviewedAt: day * DAY + minutes * MINUTE,
  learning,
});

/** Each item as [rating, deltaT] pairs, for comparing. */
const shapes = (grades: LoggedGrade[]) =>
  toFsrsItems(grades).map((entry) => entry.item.reviews.map((review) => [review.rating, review.deltaT]));

describe('toFsrsItems (training items as Anki builds them)', () => {
  it('first-day learning steps are history, never items of their own: the first item is the next day’s review', () => {
    const grades = [
      grade('a', 100, 0, 1, true), // new: Again
      grade('a', 100, 1, 3, true), // 1-minute step: Good
      grade('a', 100, 11, 3, true), // 10-minute step: Good, graduates
      grade('a', 101, 0, 3),
    ];
    expect(shapes(grades)).toEqual([
      [
        [1, 0],
        [3, 0],
        [3, 0],
        [3, 1],
      ],
    ]);
  });

  it('no item ends with a same-day review; a later item keeps the same-day reviews in its history', () => {
    const grades = [
      grade('a', 100, 0, 3, true),
      grade('a', 100, 10, 3, true),
      grade('a', 101, 0, 3),
      grade('a', 104, 0, 1), // a lapse...
      grade('a', 104, 10, 3), // ...and its 10-minute relearning step, the same day: no item
      grade('a', 110, 0, 3),
    ];
    expect(shapes(grades)).toEqual([
      [
        [3, 0],
        [3, 0],
        [3, 1],
      ],
      [
        [3, 0],
        [3, 0],
        [3, 1],
        [1, 3],
      ],
      [
        [3, 0],
        [3, 0],
        [3, 1],
        [1, 3],
        [3, 0],
        [3, 6],
      ],
    ]);
  });

  it('a card only ever graded on its first day gives no item', () => {
    const grades = [grade('a', 100, 0, 1, true), grade('a', 100, 1, 3, true), grade('a', 100, 11, 3, true)];
    expect(shapes(grades)).toEqual([]);
  });

  it('a card forgotten and learnt again starts over from its last learning steps', () => {
    const grades = [
      grade('a', 100, 0, 3, true),
      grade('a', 102, 0, 3),
      grade('a', 120, 0, 1, true), // new again
      grade('a', 120, 1, 3, true),
      grade('a', 121, 0, 3),
    ];
    expect(shapes(grades)).toEqual([
      [
        [1, 0],
        [3, 0],
        [3, 1],
      ],
    ]);
  });

  it('a log that does not start with learning steps (written straight to the database) is read whole', () => {
    expect(shapes([grade('a', 100, 0, 3), grade('a', 103, 0, 3), grade('a', 103, 5, 2)])).toEqual([
      [
        [3, 0],
        [3, 3],
      ],
    ]);
  });

  it('grades outside 1-4 are left out, as Anki leaves out entries without a rating', () => {
    expect(shapes([grade('a', 100, 0, 3, true), grade('a', 101, 0, 0), grade('a', 102, 0, 3)])).toEqual([
      [
        [3, 0],
        [3, 2],
      ],
    ]);
  });

  it('orders the items by the time of their last review, across cards', () => {
    const grades = [
      grade('a', 100, 0, 3, true),
      grade('a', 105, 0, 3),
      grade('b', 100, 0, 3, true),
      grade('b', 101, 30, 3),
      grade('b', 101, 40, 3),
      grade('b', 103, 0, 3),
    ];
    const items = toFsrsItems(grades);
    expect(items.map((entry) => [entry.day, entry.item.reviews.length])).toEqual([
      [101, 2],
      [103, 4],
      [105, 2],
    ]);
  });

  it('on a long simulated log with same-day steps, every item is one fsrs-rs accepts', () => {
    let seed = 5;
    const random = () => ((seed = (seed * 16_807) % 2_147_483_647) - 1) / 2_147_483_646;
    const grades: LoggedGrade[] = [];
    for (let card = 0; card < 200; card++) {
      let day = Math.floor(random() * 50);
      let minutes = 0;
      let learning = true;
      for (let index = 0; index < 12; index++) {
        const rating = 1 + Math.floor(random() * 4);
        grades.push(grade(String(card).padStart(4, '0'), day, minutes, rating, learning));
        // A third of the time the next grade is the same day (a step), else some days later.
        if (random() < 0.33) minutes += 10;
        else {
          day += 1 + Math.floor(random() * 20);
          minutes = 0;
          learning = false;
        }
      }
    }
    const items = toFsrsItems(grades);
    expect(items.length).toBeGreaterThan(1000);
    for (const { item } of items) {
      expect(isTrainingItem(item)).toBe(true);
      expect(item.reviews.at(-1)!.deltaT).toBeGreaterThan(0);
      expect(item.reviews[0]!.deltaT).toBe(0);
    }
  });
});

describe('isTrainingItem (checked before any item reaches the native fit)', () => {
  const item = (...pairs: [number, number][]) => ({
    reviews: pairs.map(([rating, deltaT]) => ({ rating, deltaT })),
  });
  it('accepts an item whose last review is on a later day, its first at 0', () => {
    expect(isTrainingItem(item([3, 0], [3, 0], [3, 2]))).toBe(true);
    expect(isTrainingItem(item([1, 0], [3, 4]))).toBe(true);
  });
  it('refuses items fsrs-rs would panic on or misread', () => {
    expect(isTrainingItem(item([3, 0], [3, 0]))).toBe(false); // no review with delta_t > 0
    expect(isTrainingItem(item([3, 0], [3, 2], [3, 0]))).toBe(false); // ends the same day
    expect(isTrainingItem(item([3, 0]))).toBe(false); // nothing to predict
    expect(isTrainingItem(item([3, 1], [3, 2]))).toBe(false); // first review not at 0
    expect(isTrainingItem(item([0, 0], [3, 2]))).toBe(false);
    expect(isTrainingItem(item([3, 0], [5, 2]))).toBe(false);
    expect(isTrainingItem(item([3, 0], [3, -1], [3, 2]))).toBe(false);
    expect(isTrainingItem(item([3, 0], [3, 1.5]))).toBe(false);
    expect(isTrainingItem(item([3, 0], [3, Number.NaN]))).toBe(false);
    expect(isTrainingItem(item([3, 0], [3, 2 ** 32]))).toBe(false);
    expect(isTrainingItem({ reviews: [] })).toBe(false);
  });
});
