import { z } from './zod';
import { DAY_MS } from './constants';

/**
 * A study day starts at 4 am in the learner's own time zone, as Anki's does: reviews done after midnight still
 * count for the evening before. The browser sends its IANA zone (`Intl.DateTimeFormat().resolvedOptions()`) with
 * every request that depends on the day (docs/decisions/012-flashcards.md).
 */
export const STUDY_DAY_STARTS_AT_HOUR = 4;

/** True for a zone name the runtime knows ("Europe/Paris", "UTC", "America/Argentina/Buenos_Aires"). */
export function isValidTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const TimeZoneSchema = z
  .string({ error: 'Send your time zone.' })
  .refine(isValidTimeZone, 'That time zone is not known (send an IANA name such as Europe/Paris).');

/** `?tz=`: optional; a request without it counts days in UTC. */
export const TimeZoneQuerySchema = z.object({ tz: TimeZoneSchema.default('UTC') });

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The wall-clock date and time at `instant` in `zone`. */
function wallClock(instant: number, zone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** How far `zone`'s clock is ahead of UTC at `instant`, in ms (whole seconds). */
export function zoneOffsetAt(instant: number, zone: string): number {
  const wall = wallClock(instant, zone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant the wall clock in `zone` reads the given date at `hour`:00. The offset is read twice because it can
 * change between the guess and the answer (a DST change that night); a time a change skips lands just after it.
 */
function instantOf(year: number, month: number, day: number, hour: number, zone: string): number {
  const guess = Date.UTC(year, month - 1, day, hour);
  const first = guess - zoneOffsetAt(guess, zone);
  const second = guess - zoneOffsetAt(first, zone);
  const reads = (instant: number) => {
    const wall = wallClock(instant, zone);
    return wall.day === day && wall.hour === hour && wall.minute === 0;
  };
  if (reads(second)) return second;
  if (reads(first)) return first;
  return Math.max(first, second);
}

export interface StudyDay {
  /** `YYYY-MM-DD`: the date the day started on, in the learner's zone. */
  label: string;
  start: number;
  /** The next day's start (23, 24 or 25 hours later). */
  end: number;
}

/**
 * The date (UTC midnight, in ms) the study day holding `instant` is labelled with in `zone`: the wall-clock date, or
 * the day before when the clock reads before 4 am. Dates are stepped in UTC, which has no DST.
 */
function studyDateAt(instant: number, zone: string): number {
  const wall = wallClock(instant, zone);
  const date = Date.UTC(wall.year, wall.month - 1, wall.day);
  return wall.hour < STUDY_DAY_STARTS_AT_HOUR ? date - DAY_MS : date;
}

/** Study days found, by zone and by the UTC date of an instant in them, so a log's days are found once each. */
const knownDays = new Map<string, Map<number, { start: number; end: number; number: number }[]>>();
const KNOWN_DAYS_KEPT = 50_000;
let knownDaysCount = 0;

/**
 * The number of the study day `instant` falls in, for a learner in `zone` (already validated): the days from
 * 1970-01-01 to its label. Consecutive study days differ by one whatever their length (23 or 25 hours on a DST
 * change), so the difference of two numbers is the study days between them. The queue's day (`studyDayAt`), the
 * scheduler's elapsed days and the optimizer's `delta_t` all count with it (docs/decisions/012-flashcards.md).
 * Each day is found once with `studyDayAt` and kept (a few `Intl` calls; a log of 100,000 reviews reads its days
 * from the kept ones).
 */
export function studyDayNumber(instant: number, zone: string): number {
  let byDate = knownDays.get(zone);
  if (!byDate) knownDays.set(zone, (byDate = new Map()));
  const key = Math.floor(instant / DAY_MS);
  const days = byDate.get(key);
  const known = days?.find((day) => day.start <= instant && instant < day.end);
  if (known) return known.number;
  const day = studyDayAt(instant, zone);
  if (knownDaysCount >= KNOWN_DAYS_KEPT) {
    knownDays.clear();
    knownDaysCount = 0;
    knownDays.set(zone, (byDate = new Map()));
  }
  const found = { start: day.start, end: day.end, number: Date.parse(day.label) / DAY_MS };
  byDate.set(key, [...(byDate.get(key) ?? []), found]);
  knownDaysCount++;
  return found.number;
}

/** The study day `now` falls in, for a learner in `zone` (already validated). */
export function studyDayAt(now: number, zone: string): StudyDay {
  const date = new Date(studyDateAt(now, zone));
  const next = new Date(date.getTime() + DAY_MS);
  const start = instantOf(
    date.getUTCFullYear(),
    date.getUTCMonth() + 1,
    date.getUTCDate(),
    STUDY_DAY_STARTS_AT_HOUR,
    zone,
  );
  const end = instantOf(
    next.getUTCFullYear(),
    next.getUTCMonth() + 1,
    next.getUTCDate(),
    STUDY_DAY_STARTS_AT_HOUR,
    zone,
  );
  return { label: date.toISOString().slice(0, 10), start, end };
}

/**
 * `count` consecutive study days for a learner in `zone`, the first the one holding `now`: each starts where the one
 * before ends (23, 24 or 25 hours long across a DST change). The forecast and load balancing count due cards by them.
 */
export function studyDaysFrom(now: number, zone: string, count: number): StudyDay[] {
  const days: StudyDay[] = [];
  for (let day = studyDayAt(now, zone); days.length < count; day = studyDayAt(day.end, zone)) days.push(day);
  return days;
}

/** In consecutive study `days`, the index of the one holding `instant`: -1 before the first, `days.length` after. */
export function studyDayIndex(days: StudyDay[], instant: number): number {
  if (days.length === 0 || instant < days[0]!.start) return -1;
  if (instant >= days[days.length - 1]!.end) return days.length;
  let low = 0;
  let high = days.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (days[middle]!.start <= instant) low = middle;
    else high = middle - 1;
  }
  return low;
}
