import { describe, expect, it } from 'vitest';
import type { EasyDayLevel } from '@turtle/shared/cards-review';
import { balanceIntervals, lightestDay, type CandidateDay } from './load-balancer';

// docs/decisions/043-daily-load.md: the lightest day of the fuzz range for its weekday's level, deterministically.

const days = (due: number[], levels: EasyDayLevel[] = [], from = 10): CandidateDay[] =>
  due.map((count, index) => ({ days: from + index, due: count, level: levels[index] ?? 'normal' }));

describe('lightestDay', () => {
  it('picks the day with the fewest due reviews', () => {
    expect(lightestDay(days([5, 3, 4, 9]), 10)).toBe(11);
    expect(lightestDay(days([0, 1, 1, 1]), 13)).toBe(10);
  });

  it('on equal loads keeps the day plain fuzz picked, so an empty calendar changes nothing', () => {
    expect(lightestDay(days([0, 0, 0, 0, 0]), 12)).toBe(12);
    expect(lightestDay(days([2, 1, 3, 1]), 13)).toBe(13);
    // Equally near: the earlier.
    expect(lightestDay(days([1, 2, 1]), 11)).toBe(10);
  });

  it('a Reduced day takes about half of a Normal day’s load, a Minimum day none while another is in reach', () => {
    const levels: EasyDayLevel[] = ['normal', 'reduced', 'normal'];
    // Reduced with 4 due weighs (4+1)/0.5 = 10, heavier than a Normal day with 8: (8+1)/1 = 9.
    expect(lightestDay(days([8, 4, 9], levels), 11)).toBe(10);
    expect(lightestDay(days([8, 3, 9], levels), 10)).toBe(11);
    expect(lightestDay(days([40, 0, 50], ['normal', 'minimum', 'normal']), 11)).toBe(10);
  });

  it('when every day in reach is Minimum, the lightest of them', () => {
    expect(lightestDay(days([4, 2, 3], ['minimum', 'minimum', 'minimum']), 10)).toBe(11);
  });
});

describe('balanceIntervals', () => {
  const load =
    (due: Record<number, number>, levels: Record<number, EasyDayLevel> = {}) =>
    (day: number) => ({
      due: due[day] ?? 0,
      level: levels[day] ?? 'normal',
    });

  it('balances each rating in its range and keeps Hard < Good < Easy', () => {
    const ratings = [
      { fuzzed: 5, range: { min: 4, max: 6 } },
      { fuzzed: 6, range: { min: 5, max: 8 } },
      { fuzzed: 9, range: { min: 8, max: 11 } },
    ];
    // Day 6 is empty, every other day busy: Hard takes 6, so Good may not and takes the lightest after it.
    const due = { 4: 9, 5: 9, 6: 0, 7: 5, 8: 3, 9: 7, 10: 7, 11: 7 };
    expect(balanceIntervals(ratings, load(due))).toEqual([6, 8, 9]);
  });

  it('a rating without a range keeps its interval and bounds the next; a learning step bounds nothing', () => {
    expect(balanceIntervals([{ fuzzed: 2 }, { fuzzed: 3, range: { min: 2, max: 4 } }], load({ 3: 5, 4: 4 }))).toEqual([
      2, 4,
    ]);
    expect(balanceIntervals([undefined, { fuzzed: 3, range: { min: 2, max: 4 } }], load({ 3: 5, 4: 4 }))).toEqual([
      undefined,
      2,
    ]);
  });

  it('a range wholly at or below the previous interval takes the day after it', () => {
    expect(
      balanceIntervals(
        [
          { fuzzed: 6, range: { min: 5, max: 7 } },
          { fuzzed: 6, range: { min: 5, max: 7 } },
        ],
        load({ 5: 9, 6: 9 }),
      ),
    ).toEqual([7, 8]);
  });

  it('moves cards off the weekdays marked Reduced and Minimum', () => {
    const range = { fuzzed: 10, range: { min: 8, max: 12 } };
    const levels: Record<number, EasyDayLevel> = {
      8: 'minimum',
      9: 'minimum',
      10: 'reduced',
      11: 'minimum',
      12: 'normal',
    };
    expect(balanceIntervals([range], load({ 10: 3, 12: 5 }, levels))).toEqual([12]);
    expect(balanceIntervals([range], load({ 10: 2, 12: 5 }, levels))).toEqual([10]);
  });
});
