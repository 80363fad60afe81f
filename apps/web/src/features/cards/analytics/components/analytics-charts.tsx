import { useMemo } from 'react';
import type { CardAnalytics, SpreadBucket } from '@turtle/shared/cards-analytics';
import { BarChart } from '../../../../components/charts/bar-chart';
import { ChartCard } from '../../../../components/charts/chart-card';
import { ReviewHeatmap } from './review-heatmap';

const percent = (value: number) => `${Math.round(value)}%`;
const minutes = (ms: number) => (ms < 60_000 ? `${Math.round(ms / 1000)} s` : `${Math.round(ms / 60_000)} min`);
const shortDate = (date: string) => date.slice(5);

function Tile({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-white px-4 py-3 ring-1 ring-slate-200">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="text-xl font-bold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

/** Cards by a bucket of one memory figure (stability, difficulty): a bar chart and its table. */
function SpreadChart(props: { title: string; description: string; buckets: SpreadBucket[]; color: string }) {
  const { title, description, buckets, color } = props;
  const series = useMemo(
    () => ({ labels: buckets.map((b) => b.label), values: buckets.map((b) => b.cards) }),
    [buckets],
  );
  return (
    <ChartCard
      title={title}
      description={description}
      table={{ columns: [title, 'Cards'], rows: buckets.map((b) => [b.label, b.cards]) }}
    >
      <BarChart
        labels={series.labels}
        values={series.values}
        color={color}
        ariaLabel={`Bar chart of cards by ${title.toLowerCase()}`}
      />
    </ChartCard>
  );
}

/** Every figure of the analytics screen: tiles, then each chart with its numbers as a table. */
export function AnalyticsCharts({ data }: { data: CardAnalytics }) {
  const days = useMemo(
    () => ({
      labels: data.reviewsPerDay.map((day) => shortDate(day.date)),
      values: data.reviewsPerDay.map((day) => day.reviews),
    }),
    [data],
  );
  const retention = useMemo(
    () => ({
      labels: data.retentionByMonth.map((month) => month.month),
      values: data.retentionByMonth.map((month) => (month.retention === null ? null : month.retention * 100)),
      reference: { value: data.desiredRetention * 100, label: 'Desired retention' },
    }),
    [data],
  );
  const due = useMemo(
    () => ({ labels: data.duePerDay.map((day) => shortDate(day.date)), values: data.duePerDay.map((day) => day.due) }),
    [data],
  );
  const streak = `${data.streak.days} ${data.streak.days === 1 ? 'day' : 'days'}`;
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Tile label="Current streak" value={streak} />
        <Tile label={`Reviews, last ${data.days} days`} value={data.time.reviews.toLocaleString('en-US')} />
        <Tile label={`Time reviewing, last ${data.days} days`} value={minutes(data.time.totalMs)} />
        <Tile label="Time a day on average" value={minutes(data.time.averagePerDayMs)} />
      </dl>
      <ChartCard
        title="Reviews per day"
        description={`Each review you logged in the last ${data.days} days, by study day (from 4 am).`}
        table={{
          columns: ['Day', 'Reviews', 'Time'],
          rows: data.reviewsPerDay.map((day) => [day.date, day.reviews, minutes(day.durationMs)]),
        }}
      >
        <ReviewHeatmap days={data.reviewsPerDay} />
        <BarChart
          labels={days.labels}
          values={days.values}
          ariaLabel={`Bar chart of reviews a day, last ${data.days} days`}
        />
      </ChartCard>
      <ChartCard
        title="True retention by month"
        description={`Of your reviews of mature cards (an interval of 21 days or more), the share you remembered, beside your desired retention of ${percent(data.desiredRetention * 100)}.`}
        table={{
          columns: ['Month', 'Remembered', 'Reviews', 'Retention'],
          rows: data.retentionByMonth.map((month) => [
            month.month,
            month.passed,
            month.total,
            month.retention === null ? '–' : percent(month.retention * 100),
          ]),
        }}
      >
        <BarChart
          labels={retention.labels}
          values={retention.values}
          reference={retention.reference}
          format={percent}
          color="#0369a1"
          ariaLabel="Bar chart of true retention by month, with the desired retention as a line"
        />
      </ChartCard>
      <ChartCard
        title="Due in the next 30 days"
        description="Cards that come due each day (today also counts the overdue ones)."
        table={{ columns: ['Day', 'Cards due'], rows: data.duePerDay.map((day) => [day.date, day.due]) }}
      >
        <BarChart
          labels={due.labels}
          values={due.values}
          color="#7c3aed"
          ariaLabel="Bar chart of cards due each of the next 30 days"
        />
      </ChartCard>
      <div className="grid gap-4 lg:grid-cols-2">
        <SpreadChart
          title="Stability"
          description="How long each studied card stays 90% likely to be remembered."
          buckets={data.stability}
          color="#15803d"
        />
        <SpreadChart
          title="Difficulty"
          description="FSRS difficulty of each studied card, from 1 (easiest) to 10 (hardest)."
          buckets={data.difficulty}
          color="#c2410c"
        />
      </div>
    </div>
  );
}
