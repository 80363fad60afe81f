import { studyDayAt, studyDayNumber } from '@turtle/shared/cards-day';
import { CardState, type CardStateId } from '@turtle/shared/cards-review';
import { schedulerParameters, type SchedulerSettings } from '../review/scheduler';
import type { ApkgCardHistory } from './anki-export-history';
import { ankiCardData, ankiRevlogColumns, leftFromLearningSteps } from './anki-fsrs';

/**
 * What an export tells Anki of FSRS (docs/decisions/040-anki-fsrs-state.md): the FSRS flag and how the collection
 * counts its days, the learner's parameters and desired retention in the deck options, each card's memory state and
 * remaining steps, and the review log as Anki writes it. Days are study days in UTC (the export request names no
 * zone), counted from the collection's creation at today's 4 am in UTC.
 */

/** The collection's creation: the start of the current study day in UTC, in seconds (`col.crt`). */
export const collectionCreation = (now: number) => Math.floor(studyDayAt(now, 'UTC').start / 1000);

/** The config keys of `col.conf` that say FSRS is on and how days are counted (rslib's config/mod.rs, bool.rs). */
export const FSRS_CONF = { fsrs: true, rollover: 4, creationOffset: 0, localOffset: 0, schedVer: 2 };

/**
 * The learner's FSRS parameters as the scheduler runs them: FSRS-6's 21 (the fitted ones, or the defaults; ts-fsrs
 * turns an older set into FSRS-6's).
 */
export const fsrsParameters = (settings: SchedulerSettings) => [...schedulerParameters(settings).w];

/** FSRS-6's decay (its 21st parameter), which Anki also keeps per card. */
const decayOf = (parameters: number[]) => parameters[20] ?? null;

/** Deck options (schema 11's `dconf`) with the learner's FSRS-6 parameters and desired retention. */
export function deckOptions(settings: SchedulerSettings, mtime: number) {
  return {
    1: {
      id: 1,
      mod: mtime,
      name: 'Default',
      usn: 0,
      maxTaken: 60,
      autoplay: true,
      timer: 0,
      replayq: true,
      dyn: false,
      new: { bury: false, delays: [1, 10], initialFactor: 2500, ints: [1, 4, 0], order: 1, perDay: 20 },
      rev: { bury: false, ease4: 1.3, ivlFct: 1, maxIvl: 36500, perDay: 200, hardFactor: 1.2 },
      lapse: { delays: [10], leechAction: 1, leechFails: 8, minInt: 1, mult: 0 },
      fsrsParams6: fsrsParameters(settings),
      desiredRetention: settings.desiredRetention,
    },
  };
}

/**
 * A card's scheduling columns and `data`: a review card due on a day number from the collection's creation, a
 * (re)learning one at its time in seconds with its remaining steps in `left`, and its memory state.
 */
export function ankiCardColumns(
  history: ApkgCardHistory | undefined,
  crt: number,
  position: number,
  settings: SchedulerSettings,
) {
  if (!history || history.state === CardState.NEW) {
    return { type: 0, queue: 0, due: position, ivl: 0, reps: 0, lapses: 0, left: 0, data: '{}' };
  }
  const state = history.state as CardStateId;
  const learning = state === CardState.LEARNING || state === CardState.RELEARNING;
  const data = ankiCardData(history, settings.desiredRetention, decayOf(fsrsParameters(settings)));
  return {
    type: state,
    queue: learning ? 1 : 2,
    due: learning
      ? Math.floor(history.due / 1000)
      : studyDayNumber(history.due, 'UTC') - studyDayNumber(crt * 1000, 'UTC'),
    ivl: history.scheduledDays,
    reps: history.reps,
    lapses: history.lapses,
    left: learning ? leftFromLearningSteps(state, history.learningSteps) : 0,
    data,
  };
}

/** A card's log as revlog rows (`ivl`, `lastIvl`, `factor`, `type`), each `lastIvl` the `ivl` before it. */
export function ankiRevlogRows(history: ApkgCardHistory | undefined) {
  let lastIvl = 0;
  return (history?.reviews ?? []).map((review) => {
    const columns = ankiRevlogColumns(review, lastIvl);
    lastIvl = columns.ivl;
    return { ...review, ...columns };
  });
}
