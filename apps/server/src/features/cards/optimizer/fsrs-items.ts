import { FSRSBindingItem, FSRSBindingReview } from '@open-spaced-repetition/binding';
import { DAY_MS } from '@turtle/shared/constants';

/** One logged grade as the optimizer reads it: which card, the rating 1-4, and the study day it fell on. */
export interface LoggedGrade {
  cardId: string;
  rating: number;
  /** Days since the epoch, counted from the learner's 4 am (see `studyDayNumber`). */
  day: number;
}

/**
 * The study day a review fell on, as a whole number: the learner's zone offset is applied once (the offset of
 * today), so a DST change moves a boundary by an hour twice a year, which FSRS's whole days do not notice.
 */
export function studyDayNumber(reviewedAt: number, offsetMs: number, dayStartsAtHour = 4): number {
  return Math.floor((reviewedAt + offsetMs - dayStartsAtHour * 3_600_000) / DAY_MS);
}

/**
 * fsrs-rs's training items: for each card, one item per review after the first, holding every earlier review with
 * the days between them (the first `deltaT` is 0). Grades must come ordered by card, then time. Each item also
 * carries the study day of its last review, so the log can be split by time.
 */
export function toFsrsItems(grades: readonly LoggedGrade[]): { item: FSRSBindingItem; day: number }[] {
  const items: { item: FSRSBindingItem; day: number }[] = [];
  let start = 0;
  while (start < grades.length) {
    let end = start;
    while (end < grades.length && grades[end]!.cardId === grades[start]!.cardId) end++;
    const reviews: FSRSBindingReview[] = [];
    for (let index = start; index < end; index++) {
      const grade = grades[index]!;
      const deltaT = index === start ? 0 : grade.day - grades[index - 1]!.day;
      reviews.push(new FSRSBindingReview(grade.rating, deltaT));
      // An item needs at least one review on an earlier day to teach the model anything long-term.
      if (index > start) items.push({ item: new FSRSBindingItem([...reviews]), day: grade.day });
    }
    start = end;
  }
  return items;
}
