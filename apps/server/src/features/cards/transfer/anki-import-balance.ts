import { studyDayAt, studyDayIndex, type StudyDay } from '@turtle/shared/cards-day';
import { CardState, EASY_DAYS_DEFAULT, type CardSettings } from '@turtle/shared/cards-review';
import { DAY_MS } from '@turtle/shared/constants';
import type { DbOrTx } from '../../../db/database';
import { dueReviewsFrom } from '../review/due-load';
import { balanceBatch, LOAD_BALANCE_MAX_DAYS } from '../review/load-balancer';
import type { PackedHistory, PackedNote } from './apkg-replay';

/** The `dueAfter` and `scheduledDays` columns of a packed log row (`LOG_COLUMNS` order). */
const DUE_AFTER = 4;
const SCHEDULED_DAYS = 11;
/**
 * How far ahead of now the calendar is read: a 90-day interval and its fuzz (about 5 days), from a review made now.
 * A review time in the future (a package's clock) places nothing past it.
 */
const REACH_DAYS = LOAD_BALANCE_MAX_DAYS + 15;

/**
 * Load balancing on import (docs/decisions/043-daily-load.md): the due dates the replay computed on a day interval
 * fuzz moved (`PackedHistory.balance`) are placed, in the plan's order, on the lightest study day of their fuzz range
 * for the learner's Easy Days, counting the person's reviews already due, the package's cards whose due date Anki gave
 * (kept exactly) and the cards placed before. One query. Nothing moves with balancing off.
 */
export async function balanceImport(
  db: DbOrTx,
  input: { userId: string; byDeck: [string, PackedNote[]][]; settings: CardSettings; zone: string; now: number },
): Promise<void> {
  if (!input.settings.loadBalancing) return;
  const placed: (PackedHistory & { balance: NonNullable<PackedHistory['balance']> })[] = [];
  const kept: number[] = [];
  for (const [, notes] of input.byDeck) {
    for (const note of notes) {
      for (const history of note.history) {
        if (history.balance) placed.push(history as (typeof placed)[number]);
        else if (history.memory.state === CardState.REVIEW) kept.push(history.memory.due);
      }
    }
  }
  if (placed.length === 0) return;
  const furthest = Math.max(...placed.map(({ balance }) => balance.at + balance.range.max * DAY_MS));
  const reach = Math.min(furthest, input.now + REACH_DAYS * DAY_MS);
  const days: StudyDay[] = [studyDayAt(input.now, input.zone)];
  while (days[days.length - 1]!.end <= reach) days.push(studyDayAt(days[days.length - 1]!.end, input.zone));
  const due = await dueReviewsFrom(db, input.userId, days);
  for (const at of kept) {
    const index = Math.max(0, studyDayIndex(days, at));
    if (index < days.length) due[index]! += 1;
  }
  const easyDays = input.settings.easyDays ?? EASY_DAYS_DEFAULT;
  const intervals = balanceBatch(
    placed.map((history) => history.balance),
    days,
    due,
    easyDays,
  );
  placed.forEach((history, index) => {
    const interval = intervals[index]!;
    if (interval === history.balance.fuzzed) return;
    const dueAt = history.balance.at + interval * DAY_MS;
    history.memory = { ...history.memory, due: dueAt, scheduledDays: interval };
    // The log's last row ends where the card is (undo puts back what it says); the worker hands it over as text of
    // its own (`PackedHistory.last`) for this.
    const row = JSON.parse(history.last) as unknown[];
    row[DUE_AFTER] = dueAt;
    row[SCHEDULED_DAYS] = interval;
    history.last = JSON.stringify(row);
  });
}
