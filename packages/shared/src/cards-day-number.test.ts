import { describe, expect, it } from 'vitest';
import { studyDayAt, studyDayNumber } from './cards-day';

const DAY = 86_400_000;
const at = (iso: string) => Date.parse(iso);
/** The number `studyDayNumber` gives the study day labelled `label`. */
const dayOf = (label: string) => Date.parse(`${label}T00:00:00Z`) / DAY;

// docs/decisions/012-flashcards.md: the study day starts at 4 am in the learner's zone, DST included.
describe('the study day number (one count for the queue, the scheduler and the optimizer)', () => {
  it('is the number of the label studyDayAt gives, and changes at 4 am', () => {
    expect(studyDayNumber(0, 'UTC')).toBe(-1); // midnight UTC is before 4 am: still 1969-12-31
    expect(studyDayNumber(at('1970-01-01T04:00:00Z'), 'UTC')).toBe(0);
    expect(studyDayNumber(at('2026-01-15T02:59:59Z'), 'Europe/Paris')).toBe(dayOf('2026-01-14'));
    expect(studyDayNumber(at('2026-01-15T03:00:00Z'), 'Europe/Paris')).toBe(dayOf('2026-01-15'));
  });

  it('spring forward in Paris: 2:30 am does not exist, the minute before the jump and the one after are yesterday', () => {
    // 2026-03-29: at 01:00 UTC the clock goes from 2:00 CET to 3:00 CEST; 4 am CEST is 02:00 UTC.
    expect(studyDayNumber(at('2026-03-29T00:59:00Z'), 'Europe/Paris')).toBe(dayOf('2026-03-28')); // 1:59 CET
    expect(studyDayNumber(at('2026-03-29T01:30:00Z'), 'Europe/Paris')).toBe(dayOf('2026-03-28')); // 3:30 CEST
    expect(studyDayNumber(at('2026-03-29T01:59:59Z'), 'Europe/Paris')).toBe(dayOf('2026-03-28'));
    expect(studyDayNumber(at('2026-03-29T02:00:00Z'), 'Europe/Paris')).toBe(dayOf('2026-03-29'));
    // The 2:30 am a New York learner never sees (2026-03-08): 1:59 EST, then 3:00 EDT; 4 am EDT is 08:00 UTC.
    expect(studyDayNumber(at('2026-03-08T06:59:00Z'), 'America/New_York')).toBe(dayOf('2026-03-07'));
    expect(studyDayNumber(at('2026-03-08T07:30:00Z'), 'America/New_York')).toBe(dayOf('2026-03-07'));
    expect(studyDayNumber(at('2026-03-08T08:00:00Z'), 'America/New_York')).toBe(dayOf('2026-03-08'));
  });

  it('the 4 am boundary on a change night: Helsinki changes at 3 and 4 am, New York falls back at 2 am', () => {
    // Helsinki, 2026-03-29 01:00 UTC: 3:00 EET becomes 4:00 EEST, so the new day starts at the jump itself.
    expect(studyDayNumber(at('2026-03-29T00:59:59Z'), 'Europe/Helsinki')).toBe(dayOf('2026-03-28'));
    expect(studyDayNumber(at('2026-03-29T01:00:00Z'), 'Europe/Helsinki')).toBe(dayOf('2026-03-29'));
    // Helsinki, 2026-10-25 01:00 UTC: 4:00 EEST becomes 3:00 EET; the hour 3-4 am is lived twice, both times
    // yesterday's, and the day starts at 4 am EET (02:00 UTC): a 25-hour study day, counted once.
    expect(studyDayNumber(at('2026-10-25T00:30:00Z'), 'Europe/Helsinki')).toBe(dayOf('2026-10-24')); // 3:30 EEST
    expect(studyDayNumber(at('2026-10-25T01:30:00Z'), 'Europe/Helsinki')).toBe(dayOf('2026-10-24')); // 3:30 EET
    expect(studyDayNumber(at('2026-10-25T02:00:00Z'), 'Europe/Helsinki')).toBe(dayOf('2026-10-25'));
    // New York, 2026-11-01: 1 am is lived twice, 4 am EST is 09:00 UTC.
    expect(studyDayNumber(at('2026-11-01T08:59:59Z'), 'America/New_York')).toBe(dayOf('2026-10-31'));
    expect(studyDayNumber(at('2026-11-01T09:00:00Z'), 'America/New_York')).toBe(dayOf('2026-11-01'));
  });

  it('Lord Howe moves its clock by half an hour', () => {
    // 2026-10-04: 2:00 becomes 2:30 (UTC+10:30 to UTC+11); 4 am is 17:00 UTC the day before.
    expect(studyDayNumber(at('2026-10-03T16:59:59Z'), 'Australia/Lord_Howe')).toBe(dayOf('2026-10-03'));
    expect(studyDayNumber(at('2026-10-03T17:00:00Z'), 'Australia/Lord_Howe')).toBe(dayOf('2026-10-04'));
    // 2026-04-05: 2:00 becomes 1:30 (UTC+11 to UTC+10:30); 4 am is 17:30 UTC the day before.
    expect(studyDayNumber(at('2026-04-04T17:29:59Z'), 'Australia/Lord_Howe')).toBe(dayOf('2026-04-04'));
    expect(studyDayNumber(at('2026-04-04T17:30:00Z'), 'Australia/Lord_Howe')).toBe(dayOf('2026-04-05'));
  });

  it('agrees with studyDayAt every 97 minutes for a year in zones with and without DST', () => {
    for (const zone of ['UTC', 'America/New_York', 'Europe/Helsinki', 'Australia/Lord_Howe', 'Asia/Kolkata']) {
      let previous = studyDayNumber(at('2026-01-01T00:00:00Z'), zone);
      for (let instant = at('2026-01-01T00:00:00Z'); instant < at('2027-01-01T00:00:00Z'); instant += 97 * 60_000) {
        const number = studyDayNumber(instant, zone);
        const day = studyDayAt(instant, zone);
        expect(number).toBe(dayOf(day.label));
        // One day to the next, never skipped, never back (the 25-hour day is one day).
        expect(number - previous).toBeGreaterThanOrEqual(0);
        expect(number - previous).toBeLessThanOrEqual(1);
        previous = number;
      }
    }
  }, 30_000);
});
