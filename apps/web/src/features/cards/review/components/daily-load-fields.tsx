import {
  EASY_DAY_LABELS,
  EASY_DAY_LEVELS,
  REVIEW_ORDER_LABELS,
  REVIEW_ORDERS,
  WEEKDAYS,
  type EasyDayLevel,
  type ReviewOrder,
} from '@turtle/shared/cards-review';

/** The daily load settings as the form holds them (docs/decisions/043-daily-load.md). */
export interface DailyLoad {
  loadBalancing: boolean;
  easyDays: EasyDayLevel[];
  reviewOrder: ReviewOrder;
}

const selectClass = 'h-10 rounded-lg border border-slate-300 bg-white px-2 text-sm';

/** Load balancing, Easy Days (a level per weekday) and the order of the day's reviews. */
export function DailyLoadFields({ value, onChange }: { value: DailyLoad; onChange: (next: DailyLoad) => void }) {
  return (
    <div className="flex flex-col gap-4 border-t border-slate-200 pt-4">
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={value.loadBalancing}
          onChange={(event) => onChange({ ...value, loadBalancing: event.target.checked })}
          className="mt-0.5 size-4 accent-brand-700"
          aria-describedby="load-balancing-help"
        />
        <span className="flex flex-col gap-0.5">
          <span className="font-medium">Load balancing</span>
          <span id="load-balancing-help" className="text-xs text-pretty text-slate-500">
            Within the few days of leeway each review has, put it on the day with the fewest reviews due.
          </span>
        </span>
      </label>
      <fieldset className="flex flex-col gap-2" aria-describedby="easy-days-help">
        <legend className="text-sm font-medium text-slate-700">Easy days</legend>
        <p id="easy-days-help" className="text-xs text-pretty text-slate-500">
          A Reduced day gets about half the reviews of a Normal day, a Minimum day as few as possible. Used by load
          balancing.
        </p>
        <div className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4 lg:grid-cols-7">
          {WEEKDAYS.map((weekday, index) => (
            <label key={weekday} className="flex flex-col gap-1 text-xs font-medium text-slate-600">
              {weekday}
              <select
                className={selectClass}
                value={value.easyDays[index] ?? 'normal'}
                disabled={!value.loadBalancing}
                onChange={(event) => {
                  const easyDays = [...value.easyDays];
                  easyDays[index] = event.target.value as EasyDayLevel;
                  onChange({ ...value, easyDays });
                }}
              >
                {EASY_DAY_LEVELS.map((level) => (
                  <option key={level} value={level}>
                    {EASY_DAY_LABELS[level]}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Review order
          <select
            className={`${selectClass} w-full max-w-sm`}
            value={value.reviewOrder}
            aria-describedby="review-order-help"
            onChange={(event) => onChange({ ...value, reviewOrder: event.target.value as ReviewOrder })}
          >
            {REVIEW_ORDERS.map((order) => (
              <option key={order} value={order}>
                {REVIEW_ORDER_LABELS[order]}
              </option>
            ))}
          </select>
        </label>
        <p id="review-order-help" className="text-xs text-pretty text-slate-500">
          Retrievability ascending shows first the cards you are most likely to have forgotten: a way through a backlog.
        </p>
      </div>
    </div>
  );
}
