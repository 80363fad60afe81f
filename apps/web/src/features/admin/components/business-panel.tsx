import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import type { AdminBusinessResponse } from '@turtle/shared/admin';
import { useServerQuery } from '../../../lib/query/use-server-query';
import { getBusiness } from '../api/admin-calls';
import { BusinessCharts } from './business-charts';
import { MarginsTable } from './margins-table';
import { ReadFailure } from './read-failure';

const PERIODS = [7, 30, 90] as const;
const number = new Intl.NumberFormat('en-US');
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-xl bg-white px-4 py-3 ring-1 ring-slate-200">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="text-xl font-bold text-slate-900 tabular-nums">{value}</dd>
      {detail && <dd className="text-xs text-slate-600">{detail}</dd>}
    </div>
  );
}

function Figures({ data, days }: { data: AdminBusinessResponse; days: number }) {
  const { people, pro, revenue, conversion } = data;
  const today = data.days.at(-1)?.active ?? 0;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      <Figure label="People" value={number.format(people.total)} detail="with an account now" />
      <Figure label={`Sign-ups, last ${days} days`} value={number.format(people.signUps)} />
      <Figure
        label={`Active people, last ${days} days`}
        value={number.format(people.active)}
        detail={`${number.format(today)} today`}
      />
      <Figure
        label="Pro members"
        value={number.format(pro.total)}
        detail={`${number.format(pro.paid)} paid, ${number.format(pro.complimentary)} complimentary`}
      />
      <Figure
        label="Monthly recurring revenue"
        value={dollars.format(revenue.mrrUsd)}
        detail={`${number.format(revenue.monthly)} monthly, ${number.format(revenue.yearly)} yearly`}
      />
      <Figure
        label={`New paying people, last ${days} days`}
        value={number.format(revenue.newPaid)}
        detail={`${number.format(revenue.ending)} set to end`}
      />
      <Figure label={`Cancellations, last ${days} days`} value={number.format(revenue.cancellations)} />
      <Figure
        label="Free to Pro"
        value={conversion.rate === null ? '—' : percent.format(conversion.rate)}
        detail={`${number.format(conversion.converted)} of ${number.format(conversion.signUps)} sign-ups paid`}
      />
    </dl>
  );
}

/**
 * The business (decision 037): sign-ups, people seen, Pro, recurring revenue, cancellations and conversion over a
 * period, as figures and charts. Counts only.
 */
export function BusinessPanel() {
  const [days, setDays] = useState<(typeof PERIODS)[number]>(30);
  const { data, error } = useServerQuery({
    queryKey: ['admin', 'business', days] as const,
    queryFn: ({ signal }) => getBusiness(days, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby="business-heading" className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="business-heading" className="text-lg font-semibold text-slate-900">
          Business
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
          <Figures data={data} days={data.days.length} />
          <p className="text-xs text-slate-600">
            Revenue is at list price, before taxes, refunds and fees; complimentary Pro brings none. Days are UTC.
          </p>
          <MarginsTable margins={data.margins} days={data.days.length} />
          <BusinessCharts data={data} />
        </>
      )}
    </section>
  );
}
