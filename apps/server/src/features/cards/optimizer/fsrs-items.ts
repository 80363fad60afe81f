/** One logged grade as the optimizer reads it. Grades come ordered by card, then time. */
export interface LoggedGrade {
  cardId: string;
  /** 1-4 (Again, Hard, Good, Easy). */
  rating: number;
  /** The study day it fell on in the learner's zone (`studyDayNumber` of `@turtle/shared/cards-day`). */
  day: number;
  /** When, in ms. */
  reviewedAt: number;
  /** Graded while new or in its first learning steps (Anki's "Learning" review kind; not relearning after a lapse). */
  learning: boolean;
}

/** One review inside a training item: its rating and the whole days since the review before it (0 for the first). */
export interface TrainingReview {
  rating: number;
  deltaT: number;
}

/** fsrs-rs's `FSRSItem` as plain data: a card's reviews up to the one to predict (the last), oldest first. */
export interface TrainingItem {
  reviews: TrainingReview[];
}

/** A training item with the study day and the time of its last review, so the log can be split by time. */
export interface DatedItem {
  item: TrainingItem;
  day: number;
  at: number;
}

const isRating = (rating: number) => Number.isInteger(rating) && rating >= 1 && rating <= 4;

/**
 * fsrs-rs's training items, built as Anki builds them (rslib `scheduler/fsrs/params.rs`, `reviews_for_fsrs` when
 * training):
 * - a card's history starts at the first grade of its last run of learning grades (a card forgotten and learnt
 *   again starts over); a card whose log has no learning grade at all is read whole (Anki leaves such a card out,
 *   but every card here starts new, so only a log written straight to the database lacks them);
 * - grades outside 1-4 are left out; each review's `deltaT` is the whole study days since the one before (0 first);
 * - one item per review on a later day than the review before it (`deltaT > 0`), holding every earlier review,
 *   same-day ones included: the first day's 1- and 10-minute steps, or a relearning step, are history of the next
 *   day's item and never items of their own. Such an item is what fsrs-rs panics on ("at least one review with
 *   delta_t > 0 is required"), which used to abort the whole server.
 * Items come ordered by the time of their last review (Anki's order; fsrs-rs weighs recent items more).
 */
export function toFsrsItems(grades: readonly LoggedGrade[]): DatedItem[] {
  const items: DatedItem[] = [];
  let start = 0;
  while (start < grades.length) {
    let end = start;
    while (end < grades.length && grades[end]!.cardId === grades[start]!.cardId) end++;
    // Working back from the card's latest grade: the first grade of its last run of learning grades.
    let from = -1;
    for (let index = end - 1; index >= start; index--) {
      if (grades[index]!.learning && isRating(grades[index]!.rating)) from = index;
      else if (from >= 0) break;
    }
    const reviews: TrainingReview[] = [];
    let previousDay = 0;
    for (let index = from >= 0 ? from : start; index < end; index++) {
      const grade = grades[index]!;
      if (!isRating(grade.rating)) continue;
      const deltaT = reviews.length === 0 ? 0 : Math.max(0, grade.day - previousDay);
      reviews.push({ rating: grade.rating, deltaT });
      previousDay = grade.day;
      // The reviews themselves are shared between a card's items: only the lists are new.
      if (reviews.length > 1 && deltaT > 0)
        items.push({ item: { reviews: [...reviews] }, day: grade.day, at: grade.reviewedAt });
    }
    start = end;
  }
  return items.sort((a, b) => a.at - b.at);
}

/** fsrs-rs keeps `delta_t` in a u32. */
const MAX_DELTA_T = 2 ** 32 - 1;

/**
 * Whether fsrs-rs can take the item: at least two reviews, ratings 1-4, whole non-negative `deltaT`s, the first 0
 * and the last on a later day (so at least one is above 0: without one, fsrs-rs panics and takes its process down).
 * Checked on every item before any reaches the native code.
 */
export function isTrainingItem(item: TrainingItem): boolean {
  const { reviews } = item;
  if (reviews.length < 2 || reviews[0]!.deltaT !== 0) return false;
  for (const review of reviews) {
    if (!isRating(review.rating)) return false;
    if (!Number.isInteger(review.deltaT) || review.deltaT < 0 || review.deltaT > MAX_DELTA_T) return false;
  }
  return reviews[reviews.length - 1]!.deltaT > 0;
}
