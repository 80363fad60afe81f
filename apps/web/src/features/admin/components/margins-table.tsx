import type { AdminBusinessResponse } from '@turtle/shared/admin';
import { Plan } from '@turtle/shared/plans';

const number = new Intl.NumberFormat('en-US');
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const cell = 'px-3 py-2 text-right tabular-nums';

/**
 * Free and Pro margins at a glance (decision 037 "Margins"): each plan's revenue for the period against the estimated
 * cost of the replies asked on it.
 */
export function MarginsTable({ margins, days }: { margins: AdminBusinessResponse['margins']; days: number }) {
  const caption = `Margins by plan, last ${days} days`;
  return (
    <div className="flex flex-col gap-2">
      {/* Focusable, so a keyboard can scroll a table wider than a phone (WCAG 2.1.1). */}
      <div
        tabIndex={0}
        role="region"
        aria-label={caption}
        className="w-full overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <table className="w-full min-w-[20rem] text-sm">
          <caption className="bg-slate-50 px-3 py-2 text-left font-semibold text-slate-800">{caption}</caption>
          <thead className="text-slate-600">
            <tr className="border-t border-slate-100">
              <th scope="col" className="px-3 py-2 text-left font-medium">
                Plan
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                Members
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                Revenue
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                Est. model cost
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                Margin
              </th>
            </tr>
          </thead>
          <tbody>
            {margins.plans.map((row) => (
              <tr key={row.plan} className="border-t border-slate-100 text-slate-700">
                <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                  {row.plan === Plan.PRO ? 'Pro' : 'Free'}
                </th>
                <td className={cell}>{number.format(row.members)}</td>
                <td className={cell}>{dollars.format(row.revenueUsd)}</td>
                <td className={cell}>{dollars.format(row.costUsd)}</td>
                <td className={`${cell} font-semibold ${row.marginUsd < 0 ? 'text-red-700' : 'text-slate-900'}`}>
                  {dollars.format(row.marginUsd)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-slate-600">
        Pro revenue is this period&apos;s share of today&apos;s recurring revenue; the cost is the replies asked on each
        plan, priced by MODEL_PRICES (complimentary Pro counts as Pro).
        {margins.unpriced.length > 0 &&
          ` No price for ${margins.unpriced.join(', ')}: their replies cost nothing here.`}
      </p>
    </div>
  );
}
