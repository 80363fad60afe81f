import { describe, expect, it } from 'vitest';
import { isValidTimeZone, studyDayAt } from './cards-day';

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
});
