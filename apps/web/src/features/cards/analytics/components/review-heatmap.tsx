import type { DayReviews } from '@turtle/shared/cards-analytics';

const LEVELS = ['bg-slate-100', 'bg-teal-200', 'bg-teal-400', 'bg-teal-600', 'bg-teal-800'];

/** Reviews a day as a calendar: a column a week (Monday on top), darker for more reviews. */
export function ReviewHeatmap({ days }: { days: DayReviews[] }) {
  const most = Math.max(1, ...days.map((day) => day.reviews));
  const level = (reviews: number) => (reviews === 0 ? 0 : Math.min(4, 1 + Math.floor((reviews / most) * 3.999)));
  // Blank cells before the first day put it on its weekday (0 Monday … 6 Sunday).
  const first = days[0] ? (new Date(`${days[0].date}T00:00:00Z`).getUTCDay() + 6) % 7 : 0;
  return (
    <div className="overflow-x-auto" role="img" aria-label={`Calendar of reviews a day: most in one day ${most}`}>
      <div className="grid w-max grid-flow-col grid-rows-7 gap-[3px]">
        {Array.from({ length: first }, (_, index) => (
          <span key={`blank-${index}`} className="size-3" />
        ))}
        {days.map((day) => (
          <span
            key={day.date}
            title={`${day.date}: ${day.reviews} ${day.reviews === 1 ? 'review' : 'reviews'}`}
            className={`size-3 rounded-[2px] ${LEVELS[level(day.reviews)]}`}
          />
        ))}
      </div>
    </div>
  );
}
