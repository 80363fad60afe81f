import type { AnalyticsPeriod, CardAnalytics } from '@turtle/shared/cards-analytics';

const DAY_MS = 86_400_000;
const label = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * Made-up figures for the Free preview: a steady learner with a few days off. Drawn on the device from a fixed
 * pattern, so the preview never carries anyone's data (the server answers a Free member's analytics with 403).
 */
export function sampleAnalytics(days: AnalyticsPeriod, now = Date.now()): CardAnalytics {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const wave = (index: number) => Math.round(40 + 25 * Math.sin(index / 4) + ((index * 37) % 17));
  const reviewsPerDay = Array.from({ length: days }, (_, index) => {
    const reviews = index % 9 === 4 ? 0 : wave(index);
    return { date: label(today - (days - 1 - index) * DAY_MS), reviews, durationMs: reviews * 7_500 };
  });
  const month = new Date(today);
  const retentionByMonth = Array.from({ length: 12 }, (_, index) => {
    const start = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() - 11 + index, 1));
    const total = 180 + index * 15;
    const passed = Math.round(total * (0.84 + ((index * 7) % 10) / 100));
    return { month: start.toISOString().slice(0, 7), passed, total, retention: passed / total };
  });
  const totalMs = reviewsPerDay.reduce((sum, day) => sum + day.durationMs, 0);
  return {
    days,
    deckId: null,
    today: label(today),
    reviewsPerDay,
    retentionByMonth,
    desiredRetention: 0.9,
    duePerDay: Array.from({ length: 30 }, (_, index) => ({
      date: label(today + index * DAY_MS),
      due: Math.round(55 - index + 12 * Math.cos(index / 2)),
    })),
    stability: ['under 1 day', '1–7 days', '1–4 weeks', '1–3 months', '3–12 months', 'over a year'].map(
      (name, index) => ({
        label: name,
        cards: [40, 120, 260, 310, 180, 45][index]!,
      }),
    ),
    difficulty: Array.from({ length: 9 }, (_, index) => ({
      label: `${index + 1}–${index + 2}`,
      cards: [30, 90, 160, 210, 190, 130, 80, 40, 25][index]!,
    })),
    time: {
      reviews: reviewsPerDay.reduce((sum, day) => sum + day.reviews, 0),
      totalMs,
      averagePerDayMs: Math.round(totalMs / days),
    },
    streak: { days: 4, reviewedToday: true },
  };
}
