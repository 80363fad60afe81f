import { YEARLY_SAVING_PERCENT } from '@turtle/shared/constants';
import { cn } from '../../../lib/cn';
import { BILLING_PERIODS, periodLabel, type BillingPeriod } from '../lib/price';

/** The Monthly/Yearly switch (product.md §2 "Pricing"): two native radios, so arrow keys move between them. */
export function BillingPeriodToggle({
  value,
  onChange,
}: {
  value: BillingPeriod;
  onChange: (period: BillingPeriod) => void;
}) {
  return (
    <fieldset className="mx-auto flex w-fit rounded-full bg-slate-100 p-1 ring-1 ring-slate-200">
      <legend className="sr-only">Billing period</legend>
      {BILLING_PERIODS.map((period) => (
        <label
          key={period}
          className={cn(
            'relative flex h-9 cursor-pointer items-center gap-2 rounded-full px-5 text-sm font-semibold transition-colors select-none',
            'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
            value === period
              ? 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-200'
              : 'text-slate-600 hover:text-slate-900',
          )}
        >
          <input
            type="radio"
            name="billing-period"
            value={period}
            checked={value === period}
            onChange={() => onChange(period)}
            // Covers the whole pill, so a click anywhere on it is a click on the radio.
            className="absolute inset-0 cursor-pointer appearance-none rounded-full opacity-0"
          />
          {periodLabel(period)}
          {period === 'yearly' && (
            <span
              aria-hidden="true"
              className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800"
            >
              −{YEARLY_SAVING_PERCENT}%
            </span>
          )}
        </label>
      ))}
    </fieldset>
  );
}
