import { and, count, eq, gt, gte, or, sql } from 'drizzle-orm';
import type { AdminBusinessResponse, BusinessDay } from '@turtle/shared/admin';
import { DAY_MS } from '@turtle/shared/constants';
import { Plan } from '@turtle/shared/plans';
import type { DbOrTx } from '../../db/database';
import type { BillingFigures, DayCount } from '../../core/identity/billing-figures';
import { users } from '../../core/identity/identity.tables';
import { activeDayCounts, activeLastCounts, activeWeekLastCounts } from '../../core/identity/active-figures.tables';

/** Midnight UTC starting the first of the last `days` days, today included. */
export function periodStart(days: number, now: number): number {
  return Math.floor(now / DAY_MS) * DAY_MS - (days - 1) * DAY_MS;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The Monday (UTC) starting the week of `ms`. */
const monday = (ms: number) => ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY_MS;

/** The Mondays (UTC) of every week from the one holding `since` to the one holding `now`. */
function weekStarts(since: number, now: number): string[] {
  const weeks: string[] = [];
  for (let start = monday(since); start <= now; start += 7 * DAY_MS) weeks.push(isoDay(start));
  return weeks;
}

/**
 * The business over the last `days` UTC days (decision 037 "The business"): sign-ups and people seen from core's
 * tables, payments from billing's figures. Counts only.
 */
export async function businessFigures(
  db: DbOrTx,
  days: number,
  billing: BillingFigures,
  now = Date.now(),
): Promise<Omit<AdminBusinessResponse, 'margins'>> {
  const since = periodStart(days, now);
  const sinceDay = isoDay(since);
  const signUpDay = sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const proNow = and(eq(users.plan, Plan.PRO), or(eq(users.expireAt, -1), gt(users.expireAt, now)));
  // People seen each day, each week and in the period, from the counts kept as they are seen
  // (active-figures.tables.ts): a week's people are the sum over its days of those whose last day in it that is, and a
  // week the period cuts counts only from the period's first day; the period's, those whose last day is in it.
  const weeks = weekStarts(since, now);
  const [signUps, activeByDay, lastInWeek, [activeInPeriod], [people]] = await Promise.all([
    db
      .select({ day: signUpDay, count: count() })
      .from(users)
      .where(gte(users.createdAt, new Date(since)))
      .groupBy(signUpDay),
    db
      .select({ day: sql<string>`${activeDayCounts.day}::text`, count: activeDayCounts.people })
      .from(activeDayCounts)
      .where(gte(activeDayCounts.day, sinceDay)),
    db
      .select({ day: sql<string>`${activeWeekLastCounts.day}::text`, count: activeWeekLastCounts.people })
      .from(activeWeekLastCounts)
      .where(gte(activeWeekLastCounts.day, sinceDay)),
    db
      .select({ count: sql<number>`coalesce(sum(${activeLastCounts.people}), 0)::int` })
      .from(activeLastCounts)
      .where(gte(activeLastCounts.day, sinceDay)),
    db
      .select({
        total: count(),
        pro: sql<number>`(count(*) filter (where ${proNow}))::int`,
        complimentary: sql<number>`(count(*) filter (where ${proNow} and ${users.complimentary}))::int`,
      })
      .from(users),
  ]);
  const lookup = (rows: DayCount[] | { day: string; count: number }[]) =>
    new Map(rows.map((row) => [row.day, Number(row.count)]));
  const [signUpsOn, activeOn, startedOn, cancelledOn] = [signUps, activeByDay, billing.started, billing.cancelled].map(
    lookup,
  );
  const dayRows: BusinessDay[] = Array.from({ length: days }, (_, index) => {
    const day = isoDay(since + index * DAY_MS);
    return {
      day,
      signUps: signUpsOn!.get(day) ?? 0,
      active: activeOn!.get(day) ?? 0,
      newPaid: startedOn!.get(day) ?? 0,
      cancellations: cancelledOn!.get(day) ?? 0,
    };
  });
  const activeInWeek = new Map<string, number>();
  for (const row of lastInWeek) {
    const week = isoDay(monday(Date.parse(row.day)));
    activeInWeek.set(week, (activeInWeek.get(week) ?? 0) + Number(row.count));
  }
  const sum = (key: keyof Omit<BusinessDay, 'day'>) => dayRows.reduce((total, row) => total + row[key], 0);
  const signedUp = sum('signUps');
  const total = Number(people?.total ?? 0);
  const pro = Number(people?.pro ?? 0);
  const complimentary = Number(people?.complimentary ?? 0);
  return {
    since,
    days: dayRows,
    weeks: weeks.map((week) => ({ week, active: activeInWeek.get(week) ?? 0 })),
    people: { total, signUps: signedUp, active: Number(activeInPeriod?.count ?? 0) },
    pro: { total: pro, paid: pro - complimentary, complimentary },
    revenue: {
      mrrUsd: billing.mrrUsd,
      monthly: billing.subscriptions.monthly,
      yearly: billing.subscriptions.yearly,
      ending: billing.ending,
      cancellations: sum('cancellations'),
      newPaid: sum('newPaid'),
    },
    conversion: {
      signUps: signedUp,
      converted: billing.converted,
      rate: signedUp ? billing.converted / signedUp : null,
    },
  };
}
