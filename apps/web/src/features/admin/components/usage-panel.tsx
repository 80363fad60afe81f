import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import type { UsageFigures } from '@turtle/shared/admin';
import { Plan } from '@turtle/shared/plans';
import { useServerQuery } from '../../../lib/query/use-server-query';
import { getUsage } from '../api/admin-calls';
import { ReadFailure } from './read-failure';

const PERIODS = [7, 30, 90] as const;
const number = new Intl.NumberFormat('en-US');
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 4 });
const cell = 'px-3 py-2 text-right tabular-nums';
const count = (n: number, one: string, many: string) => `${number.format(n)} ${n === 1 ? one : many}`;

function FiguresCells({ figures }: { figures: UsageFigures }) {
  return (
    <>
      <td className={cell}>{number.format(figures.replies)}</td>
      <td className={cell}>{number.format(figures.promptTokens)}</td>
      <td className={cell}>{number.format(figures.completionTokens)}</td>
      <td className={cell}>{dollars.format(figures.costUsd)}</td>
    </>
  );
}

function FiguresTable({ caption, first, rows }: { caption: string; first: string; rows: [string, UsageFigures][] }) {
  return (
    // Focusable, so a keyboard can scroll a table wider than a phone (WCAG 2.1.1).
    <div
      tabIndex={0}
      role="region"
      aria-label={caption}
      className="w-full overflow-x-auto rounded-xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <table className="w-full min-w-[34rem] text-sm">
        <caption className="bg-slate-50 px-3 py-2 text-left font-semibold text-slate-800">{caption}</caption>
        <thead className="text-slate-600">
          <tr className="border-t border-slate-100">
            <th className="px-3 py-2 text-left font-medium">{first}</th>
            <th className={`${cell} font-medium`}>Replies</th>
            <th className={`${cell} font-medium`}>Prompt tokens</th>
            <th className={`${cell} font-medium`}>Reply tokens</th>
            <th className={`${cell} font-medium`}>Est. cost</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, figures]) => (
            <tr key={label} className="border-t border-slate-100 text-slate-700">
              <td className="px-3 py-2 text-left">{label}</td>
              <FiguresCells figures={figures} />
            </tr>
          ))}
          {rows.length === 0 && (
            <tr className="border-t border-slate-100">
              <td colSpan={5} className="px-3 py-4 text-center text-slate-500">
                No replies in this period.
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Usage and cost (decision 037): the assistant's replies, tokens and estimated cost by model, plan, day and person,
 * priced by `MODEL_PRICES`. Counts only, never what was asked or answered.
 */
export function UsagePanel() {
  const [days, setDays] = useState<(typeof PERIODS)[number]>(30);
  const { data, error } = useServerQuery({
    queryKey: ['admin', 'usage', days] as const,
    queryFn: ({ signal }) => getUsage(days, signal),
    placeholderData: keepPreviousData,
  });
  const perPerson = (figures: UsageFigures & { people: number }) =>
    figures.people ? dollars.format(figures.costUsd / figures.people) : '—';

  return (
    <section aria-labelledby="usage-heading" className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="usage-heading" className="text-lg font-semibold text-slate-900">
          Usage and cost
        </h2>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          Period
          <select
            value={days}
            onChange={(event) => setDays(Number(event.target.value) as (typeof PERIODS)[number])}
            className="rounded-lg border border-slate-300 px-2 py-1.5"
          >
            {PERIODS.map((period) => (
              <option key={period} value={period}>
                Last {period} days
              </option>
            ))}
          </select>
        </label>
      </div>
      {error && !data && <ReadFailure error={error} />}
      {data && (
        <>
          <p className="text-sm text-slate-700">
            {count(data.totals.replies, 'reply', 'replies')} by {count(data.totals.people, 'person', 'people')},{' '}
            {count(data.totals.promptTokens + data.totals.completionTokens, 'token', 'tokens')}, about{' '}
            <strong>{dollars.format(data.totals.costUsd)}</strong>
            {data.totals.estimatedReplies > 0 &&
              ` (${count(data.totals.estimatedReplies, 'reply', 'replies')} estimated from the text: the model reported no counts)`}
            .
          </p>
          {data.unpriced.length > 0 && (
            <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
              No price for {data.unpriced.join(', ')}: their tokens cost nothing here. Set MODEL_PRICES on the server.
            </p>
          )}
          <div className="grid gap-3 sm:grid-cols-2">
            {data.plans.map((plan) => (
              <p key={plan.plan} className="rounded-xl border border-slate-200 px-4 py-3 text-sm text-slate-700">
                <span className="font-semibold text-slate-900">{plan.plan === Plan.PRO ? 'Pro' : 'Free'}</span>:{' '}
                {number.format(plan.people)} people, {number.format(plan.replies)} replies,{' '}
                {dollars.format(plan.costUsd)} ({perPerson(plan)} a person)
              </p>
            ))}
          </div>
          <FiguresTable caption="By model" first="Model" rows={data.models.map((row) => [row.model, row])} />
          <FiguresTable
            caption="Heaviest users"
            first="Person"
            rows={data.heaviest.map((row) => [row.email ?? 'A deleted account', row])}
          />
          <FiguresTable
            caption="By day (UTC)"
            first="Day"
            rows={[...data.days].reverse().map((row) => [row.day, row])}
          />
        </>
      )}
    </section>
  );
}
