import { describe, expect, it } from 'vitest';
import { isValidTimeZone, studyDayAt, studyDayIndex, studyDaysFrom } from './cards-day';

const HOUR = 3_600_000;

describe('the study day (starts at 4 am in the learner’s zone)', () => {
  it('before 4 am is still the day before; from 4 am it is the new day', () => {
    const at = (iso: string) => studyDayAt(Date.parse(iso), 'Europe/Paris');
    // Paris is UTC+1 in January: 03:59 local is 02:59 UTC.
    expect(at('2026-01-15T02:59:00Z')).toEqual({
      label: '2026-01-14',
      start: Date.parse('2026-01-14T03:00:00Z'),
      end: Date.parse('2026-01-15T03:00:00Z'),
    });
    expect(at('2026-01-15T03:00:00Z').label).toBe('2026-01-15');
  });

  it('is 23 hours on the spring change and 25 on the autumn one (New York)', () => {
    const spring = studyDayAt(Date.parse('2026-03-08T12:00:00Z'), 'America/New_York');
    expect(spring.label).toBe('2026-03-08');
    expect(spring.start).toBe(Date.parse('2026-03-08T08:00:00Z')); // 4 am EDT (the change was at 2 am)
    expect(spring.end - spring.start).toBe(24 * HOUR);
    const before = studyDayAt(Date.parse('2026-03-07T12:00:00Z'), 'America/New_York');
    expect(before.end - before.start).toBe(23 * HOUR);
    const autumn = studyDayAt(Date.parse('2026-10-31T12:00:00Z'), 'America/New_York');
    expect(autumn.end - autumn.start).toBe(25 * HOUR);
  });

  it('handles half-hour and 45-minute zones and both sides of the date line', () => {
    expect(studyDayAt(Date.parse('2026-06-01T00:00:00Z'), 'Asia/Kolkata')).toMatchObject({
      label: '2026-06-01',
      start: Date.parse('2026-05-31T22:30:00Z'),
    });
    expect(studyDayAt(Date.parse('2026-06-01T00:00:00Z'), 'Pacific/Chatham').start).toBe(
      Date.parse('2026-05-31T15:15:00Z'),
    );
    // 12:00 UTC is 2 am tomorrow in Kiritimati (UTC+14): still today's study day there; 16:00 UTC is 6 am.
    expect(studyDayAt(Date.parse('2026-06-01T12:00:00Z'), 'Pacific/Kiritimati').label).toBe('2026-06-01');
    expect(studyDayAt(Date.parse('2026-06-01T16:00:00Z'), 'Pacific/Kiritimati').label).toBe('2026-06-02');
    expect(studyDayAt(Date.parse('2026-06-01T12:00:00Z'), 'Pacific/Pago_Pago').label).toBe('2026-05-31'); // 1 am there
  });

  it('always contains the moment it was asked for', () => {
    for (const zone of ['UTC', 'Europe/London', 'Australia/Lord_Howe', 'America/Santiago', 'Asia/Tokyo']) {
      for (let hour = 0; hour < 24 * 400; hour += 7) {
        const now = Date.UTC(2026, 0, 1) + hour * HOUR;
        const day = studyDayAt(now, zone);
        expect(day.start).toBeLessThanOrEqual(now);
        expect(day.end).toBeGreaterThan(now);
      }
    }
  });

  it('knows IANA zone names and refuses anything else', () => {
    expect(isValidTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone('Europe/Paris; drop table')).toBe(false);
  });

  it('lists consecutive study days, each starting where the one before ends, across a DST change', () => {
    // Paris leaves summer time on 2026-10-25 at 3 am, inside the study day of the 24th: it is 25 hours long.
    const days = studyDaysFrom(Date.parse('2026-10-23T12:00:00Z'), 'Europe/Paris', 4);
    expect(days.map((day) => day.label)).toEqual(['2026-10-23', '2026-10-24', '2026-10-25', '2026-10-26']);
    for (const [index, day] of days.entries()) if (index > 0) expect(day.start).toBe(days[index - 1]!.end);
    expect(days[0]!.start).toBe(Date.parse('2026-10-23T02:00:00Z'));
    expect(days[1]!.end - days[1]!.start).toBe(25 * HOUR);
    expect(days[2]!.start).toBe(Date.parse('2026-10-25T03:00:00Z'));
  });

  it('finds the study day holding a moment among consecutive days', () => {
    const days = studyDaysFrom(Date.parse('2026-10-23T12:00:00Z'), 'Europe/Paris', 4);
    expect(studyDayIndex(days, days[0]!.start - 1)).toBe(-1);
    expect(studyDayIndex(days, days[0]!.start)).toBe(0);
    // 3:30 am on the 26th, winter time: still the 25th's study day.
    expect(studyDayIndex(days, Date.parse('2026-10-26T02:30:00Z'))).toBe(2);
    expect(studyDayIndex(days, days[3]!.end - 1)).toBe(3);
    expect(studyDayIndex(days, days[3]!.end)).toBe(4);
    expect(studyDayIndex([], 0)).toBe(-1);
  });
});
