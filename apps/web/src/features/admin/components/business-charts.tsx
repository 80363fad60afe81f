import { useMemo } from 'react';
import type { AdminBusinessResponse, BusinessDay } from '@turtle/shared/admin';
import { BarChart } from '../../../components/charts/bar-chart';
import { ChartCard } from '../../../components/charts/chart-card';

const shortDate = (day: string) => day.slice(5);
/** People are whole: the axis names no halves. */
const whole = (value: number) => (Number.isInteger(value) ? String(value) : '');

interface Series {
  title: string;
  description: string;
  column: string;
  color: string;
  labels: string[];
  values: number[];
  /** The table's first column, in full (the chart's labels are short). */
  keys: string[];
}

function SeriesChart({ series }: { series: Series }) {
  const { title, description, column, color, labels, values, keys } = series;
  return (
    <ChartCard
      level={3}
      title={title}
      description={description}
      table={{ columns: ['Day', column], rows: [...keys].reverse().map((key, index) => [key, values.at(-1 - index)!]) }}
    >
      <BarChart
        labels={labels}
        values={values}
        color={color}
        format={whole}
        ariaLabel={`Bar chart: ${title.toLowerCase()}`}
      />
    </ChartCard>
  );
}

const daily = (
  days: BusinessDay[],
  key: keyof Omit<BusinessDay, 'day'>,
  rest: Omit<Series, 'labels' | 'values' | 'keys'>,
): Series => ({
  ...rest,
  labels: days.map((row) => shortDate(row.day)),
  values: days.map((row) => row[key]),
  keys: days.map((row) => row.day),
});

/** The business panel's charts (decision 037 "The business"), drawn with the learning analytics' components. */
export function BusinessCharts({ data }: { data: AdminBusinessResponse }) {
  const charts = useMemo<Series[]>(
    () => [
      daily(data.days, 'signUps', {
        title: 'Sign-ups per day',
        description: 'Accounts made each day (UTC).',
        column: 'Sign-ups',
        color: '#0f766e',
      }),
      daily(data.days, 'active', {
        title: 'Active people per day',
        description: 'People seen each day: a request with their session.',
        column: 'Active people',
        color: '#4338ca',
      }),
      {
        title: 'Active people per week',
        description: 'People seen in each week from Monday, each once; the first week counts only its days here.',
        column: 'Active people',
        color: '#6d28d9',
        labels: data.weeks.map((row) => shortDate(row.week)),
        values: data.weeks.map((row) => row.active),
        keys: data.weeks.map((row) => `Week of ${row.week}`),
      },
      daily(data.days, 'newPaid', {
        title: 'New paying people per day',
        description: 'People whose first payment was that day.',
        column: 'New paying people',
        color: '#15803d',
      }),
      daily(data.days, 'cancellations', {
        title: 'Cancellations per day',
        description: 'Paid subscriptions cancelled that day, at once or at the end of their period.',
        column: 'Cancellations',
        color: '#b45309',
      }),
    ],
    [data],
  );
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {charts.map((series) => (
        <SeriesChart key={series.title} series={series} />
      ))}
    </div>
  );
}
