import { createEmptyCard, forgetting_curve, fsrs, generatorParameters, type Card, type Grade } from 'ts-fsrs';
import { DAY_MS } from '@turtle/shared/constants';

/** A review made up by `simulateReviewHistory`: the card (0-based), the rating 1-4 and when (ms). */
export interface SimulatedReview {
  card: number;
  rating: Grade;
  reviewedAt: number;
}

/** A small seeded generator (mulberry32), so a simulated history is the same every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A learner whose memory follows FSRS with the weights `w`: each card is first seen on a day of its own, then
 * reviewed when the scheduler (same weights, retention 0.9, no fuzz) says; it is recalled with the probability
 * FSRS's forgetting curve gives for the days elapsed, and a recalled card is Hard, Good or Easy at random.
 * Reviews are at noon UTC of whole days, so study days are unambiguous. Stops at `total` reviews.
 */
export function simulateReviewHistory(options: {
  w: readonly number[];
  cards: number;
  total: number;
  startAt: number;
  seed?: number;
}): SimulatedReview[] {
  const random = seededRandom(options.seed ?? 1);
  const scheduler = fsrs(
    generatorParameters({ w: [...options.w], request_retention: 0.9, enable_fuzz: false, enable_short_term: false }),
  );
  const firstDay = Math.floor(options.startAt / DAY_MS);
  const days = Math.max(30, Math.ceil(options.total / options.cards) * 40);
  type Pending = { card: number; memory: Card; day: number };
  const pending: Pending[] = [];
  for (let card = 0; card < options.cards; card++) {
    const day = firstDay + Math.floor(random() * days);
    pending.push({ card, memory: createEmptyCard(new Date(day * DAY_MS + DAY_MS / 2)), day });
  }
  const byDay = new Map<number, Pending[]>();
  const schedule = (entry: Pending) => {
    const list = byDay.get(entry.day);
    if (list) list.push(entry);
    else byDay.set(entry.day, [entry]);
  };
  for (const entry of pending) schedule(entry);
  const reviews: SimulatedReview[] = [];
  for (let day = firstDay; reviews.length < options.total && byDay.size; day++) {
    const today = byDay.get(day) ?? [];
    byDay.delete(day);
    for (const entry of today) {
      if (reviews.length >= options.total) break;
      const at = new Date(day * DAY_MS + DAY_MS / 2);
      let rating: Grade;
      if (entry.memory.state === 0) rating = (1 + Math.floor(random() * 4)) as Grade;
      else {
        const elapsed = Math.max(0, day - Math.floor(entry.memory.last_review!.getTime() / DAY_MS));
        const recall = forgetting_curve([...options.w], elapsed, entry.memory.stability);
        const roll = random();
        rating = random() >= recall ? 1 : roll < 0.15 ? 2 : roll < 0.9 ? 3 : 4;
      }
      reviews.push({ card: entry.card, rating, reviewedAt: at.getTime() });
      entry.memory = scheduler.next(entry.memory, at, rating).card;
      entry.day = Math.max(day + 1, Math.floor(entry.memory.due.getTime() / DAY_MS));
      schedule(entry);
    }
  }
  return reviews;
}
