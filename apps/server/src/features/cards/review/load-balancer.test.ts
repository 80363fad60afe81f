import { describe, expect, it } from 'vitest';
import { studyDaysFrom } from '@turtle/shared/cards-day';
import { EASY_DAYS_DEFAULT, type EasyDayLevel } from '@turtle/shared/cards-review';
import { DAY_MS } from '@turtle/shared/constants';
import { balanceBatch, balanceIntervals, lightestDay, weekdayOf, type CandidateDay } from './load-balancer';

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

describe('balanceBatch (an import’s due dates, placed together)', () => {
  // Monday 2026-11-30, 4 am UTC: today, then the 34 study days after it.
  const now = Date.parse('2026-11-30T12:00:00Z');
  const calendar = () => studyDaysFrom(now, 'UTC', 35);
  const review = (fuzzed: number, at = now) => ({ at, fuzzed, range: { min: 10, max: 14 } });

  it('spreads cards that plain fuzz put on one day over their range, counting each one placed', () => {
    const due = calendar().map(() => 0);
    const intervals = balanceBatch(
      Array.from({ length: 10 }, () => review(12)),
      calendar(),
      due,
      EASY_DAYS_DEFAULT,
    );
    expect(intervals[0]).toBe(12);
    expect(new Set(intervals)).toEqual(new Set([10, 11, 12, 13, 14]));
    for (let day = 10; day <= 14; day++) expect(intervals.filter((interval) => interval === day)).toHaveLength(2);
    expect(due.slice(10, 15)).toEqual([2, 2, 2, 2, 2]);
  });

  it('counts the reviews already due, and keeps off Minimum weekdays while a Normal day is in reach', () => {
    const days = calendar();
    const due = days.map((_, index) => (index === 11 ? 5 : 0));
    // Days 10 to 14 are Thursday 10 December to Monday 14th: Saturday and Sunday at Minimum.
    expect(days.slice(10, 15).map(weekdayOf)).toEqual([3, 4, 5, 6, 0]);
    const easyDays: EasyDayLevel[] = ['normal', 'normal', 'normal', 'normal', 'normal', 'minimum', 'minimum'];
    // Thursday and Monday fill to 5 each before Friday's sixth review ties with them.
    const intervals = balanceBatch(
      Array.from({ length: 11 }, () => review(12)),
      days,
      due,
      easyDays,
    );
    expect(intervals.filter((interval) => interval === 12 || interval === 13)).toEqual([]);
    expect(intervals.filter((interval) => interval === 11)).toEqual([11]);
    expect(due.slice(10, 15)).toEqual([5, 6, 0, 0, 5]);
  });

  it('a range wholly past keeps plain fuzz; a day before today counts as today', () => {
    const days = calendar();
    const due = days.map((_, index) => (index === 0 ? 3 : 0));
    expect(balanceBatch([review(12, now - 40 * DAY_MS)], days, due, EASY_DAYS_DEFAULT)).toEqual([12]);
    // Reviewed 11 days ago: days 10 and 11 are yesterday and today (3 due), 12 to 14 are empty.
    expect(balanceBatch([review(10, now - 11 * DAY_MS)], days, due, EASY_DAYS_DEFAULT)).toEqual([12]);
    expect(due[1]).toBe(1);
  });
});
