import {
  createEmptyCard,
  fsrs,
  generatorParameters,
  type Card,
  type FSRS,
  type FSRSParameters,
  type Grade,
  type RecordLogItem,
} from 'ts-fsrs';
import { studyDayNumber } from '@turtle/shared/cards-day';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '@turtle/shared/constants';
import type { CardSettings, CardStateId, IntervalPreview, Rating } from '@turtle/shared/cards-review';
import { RATINGS } from '@turtle/shared/cards-review';
import type { cards } from '../cards.tables';

/** The FSRS memory state a card row keeps (ts-fsrs's `Card`, times in ms). */
export type CardMemory = Pick<
  typeof cards.$inferSelect,
  | 'state'
  | 'due'
  | 'stability'
  | 'difficulty'
  | 'elapsedDays'
  | 'scheduledDays'
  | 'learningSteps'
  | 'reps'
  | 'lapses'
  | 'lastReview'
>;

/** The longest interval FSRS may give: 100 years, ts-fsrs's default. */
export const MAXIMUM_INTERVAL_DAYS = 36_500;

/**
 * FSRS-6 (ts-fsrs's default weights) with fuzz on, short-term learning steps (1 and 10 minutes; 10 minutes after a
 * lapse), and the learner's desired retention. docs/decisions/012-flashcards.md says why these.
 */
export type SchedulerSettings = Pick<CardSettings, 'desiredRetention' | 'weights'>;

export function schedulerParameters(settings: SchedulerSettings): FSRSParameters {
  return generatorParameters({
    ...(settings.weights ? { w: settings.weights } : {}),
    request_retention: settings.desiredRetention,
    enable_fuzz: true,
    enable_short_term: true,
    maximum_interval: MAXIMUM_INTERVAL_DAYS,
  });
}

const schedulers = new Map<string, FSRS>();
const SCHEDULERS_KEPT = 200;
/**
 * One scheduler per retention and weights (they hold no per-card state); personal weights make many, so few are kept.
 * Without fuzz: the interval load balancing fuzzes itself (docs/decisions/043-daily-load.md).
 */
export function schedulerFor(settings: SchedulerSettings, fuzz = true): FSRS {
  const key = `${settings.desiredRetention}|${settings.weights?.join(',') ?? ''}|${fuzz}`;
  let scheduler = schedulers.get(key);
  if (!scheduler) {
    if (schedulers.size >= SCHEDULERS_KEPT) schedulers.clear();
    scheduler = fsrs({ ...schedulerParameters(settings), enable_fuzz: fuzz });
    schedulers.set(key, scheduler);
  }
  return scheduler;
}

export function toFsrsCard(memory: CardMemory): Card {
  return {
    due: new Date(memory.due),
    stability: memory.stability,
    difficulty: memory.difficulty,
    elapsed_days: memory.elapsedDays,
    scheduled_days: memory.scheduledDays,
    learning_steps: memory.learningSteps,
    reps: memory.reps,
    lapses: memory.lapses,
    state: memory.state,
    last_review: memory.lastReview === null ? undefined : new Date(memory.lastReview),
  };
}

export function fromFsrsCard(card: Card): CardMemory {
  return {
    state: card.state as CardStateId,
    due: card.due.getTime(),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    lastReview: card.last_review ? card.last_review.getTime() : null,
  };
}

/**
 * The card as ts-fsrs should read it when graded at `now` by a learner in `zone`: its last review moved to `now`
 * less the study days between the two, whole 24-hour days. ts-fsrs counts `elapsed_days` by UTC midnights between
 * `last_review` and `now` (its `dateDiffInDays`) and reads `last_review` for nothing else; so the count it makes is
 * the study days (4 am in the learner's zone, DST included: `studyDayNumber`), the same count the queue and the
 * optimizer make. `now` stays the real time, so due dates (`now` plus the interval) and the fuzz seed (the review
 * time) are what they were. A clock that went back counts 0. docs/decisions/012-flashcards.md, the study day.
 */
export function fsrsCardAt(memory: CardMemory, now: number, zone: string): Card {
  const card = toFsrsCard(memory);
  if (memory.lastReview === null) return card;
  const days = Math.max(0, studyDayNumber(now, zone) - studyDayNumber(memory.lastReview, zone));
  return { ...card, last_review: new Date(now - days * DAY_MS) };
}

/** A grade at `now` by a learner in `zone`: the card's next state and ts-fsrs's log (elapsed days in study days). */
export function gradeAt(
  memory: CardMemory,
  settings: SchedulerSettings,
  now: number,
  rating: Rating,
  zone: string,
): RecordLogItem {
  return schedulerFor(settings).next(fsrsCardAt(memory, now, zone), new Date(now), rating as Grade);
}

/** A new card made at `now` (due at once, in the order made). */
export const newCardMemory = (now: number): CardMemory => fromFsrsCard(createEmptyCard(new Date(now)));

/** "1m", "10m", "5h", "3d", "2.5mo", "1.2y": how a review app names an interval. */
export function intervalLabel(ms: number): string {
  const round = (value: number) => (value < 10 ? Math.round(value * 10) / 10 : Math.round(value));
  if (ms < HOUR_MS) return `${Math.max(1, Math.round(ms / MINUTE_MS))}m`;
  if (ms < DAY_MS) return `${round(ms / HOUR_MS)}h`;
  const days = ms / DAY_MS;
  if (days < 30) return `${Math.round(days)}d`;
  if (days < 365) return `${round(days / 30)}mo`;
  return `${round(days / 365)}y`;
}

/** Where each rating would put the card if a learner in `zone` rated it at `now` (what `gradeAt` would give). */
export function previewIntervals(
  memory: CardMemory,
  settings: SchedulerSettings,
  now: number,
  zone = 'UTC',
): Record<Rating, IntervalPreview> {
  const preview = schedulerFor(settings).repeat(fsrsCardAt(memory, now, zone), new Date(now));
  const result = {} as Record<Rating, IntervalPreview>;
  for (const rating of RATINGS) {
    const due = preview[rating as Grade].card.due.getTime();
    result[rating] = { due, label: intervalLabel(due - now) };
  }
  return result;
}
