/**
 * The console's usage sums (decision 037 "Usage and cost"), kept from `reply_usage_days` by the triggers of migration
 * 0031 in the statement that writes its rows, so the usage page and the margins read a row a day, plan and model, and
 * count the people who asked from a row a person, never every person's every day.
 */
import { bigint, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from '../identity/identity.tables';

/** `reply_usage_days` summed over people: one row a UTC day, plan and model. */
export const replyUsageTotals = pgTable(
  'reply_usage_totals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    plan: integer('plan').notNull(),
    model: text('model').notNull(),
    replies: bigint('replies', { mode: 'number' }).notNull(),
    promptTokens: bigint('prompt_tokens', { mode: 'number' }).notNull(),
    completionTokens: bigint('completion_tokens', { mode: 'number' }).notNull(),
    estimated: bigint('estimated', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.plan, table.model] })],
);

/** Any plan, in `reply_usage_last`: the person's last day asking on whichever plan. */
export const ANY_PLAN = -1;

/**
 * The last UTC day each person asked for a reply on each plan (and on any, `ANY_PLAN`): the people who asked in a
 * period are those whose last day falls in it. A deleted person's rows go with them, as their replies lose their name.
 */
export const replyUsageLast = pgTable(
  'reply_usage_last',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: integer('plan').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.plan] }),
    index('reply_usage_last_plan_day_idx').on(table.plan, table.day),
  ],
);

/** How many people's last day asking on a plan (or on any) is this day: the people who asked in a period are the sum from its first day. */
export const replyUsageLastCounts = pgTable(
  'reply_usage_last_counts',
  {
    plan: integer('plan').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    people: integer('people').notNull(),
  },
  (table) => [primaryKey({ columns: [table.plan, table.day] })],
);

/**
 * `reply_usage_days` summed over models and plans: one row a UTC day and person, kept by migration 0035's triggers in
 * the statement that writes the days' sums (decision 037 "The heaviest users"). The heaviest users of a period add up
 * a row a person a day asked, not one a person, day, model and plan. A deleted person's rows go with them (their
 * replies' sums stay in `reply_usage_days` without a name).
 */
export const replyUsagePersonDays = pgTable(
  'reply_usage_person_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    replies: bigint('replies', { mode: 'number' }).notNull(),
    tokens: bigint('tokens', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.userId] }),
    index('reply_usage_person_days_user_id_idx').on(table.userId, table.day),
  ],
);

/**
 * The console's own periods of usage (the last 7, 30 and 90 UTC days, today included): the last day of the window each
 * person's sums below are kept over (decision 037 "The heaviest users, kept by period"). The console moves it to today
 * when it reads the period (`reply_usage_windows_roll`, a day at a time); the triggers add to a person's sums only the
 * days inside it.
 */
export const replyUsageWindows = pgTable('reply_usage_windows', {
  days: integer('days').primaryKey(),
  through: date('through', { mode: 'string' }).notNull(),
});

/**
 * Each person's replies and tokens over each window of `reply_usage_windows` (`reply_usage_person_days` summed over
 * its days), kept by migration 0037's triggers: the heaviest users of a console period are the first ten of an index
 * (hand-written in the migration: days, tokens most first, the id in byte order). A person without replies in the
 * window has no row; a deleted person's rows go with their days.
 */
export const replyUsagePersonWindows = pgTable(
  'reply_usage_person_windows',
  {
    days: integer('days').notNull(),
    userId: text('user_id').notNull(),
    replies: bigint('replies', { mode: 'number' }).notNull(),
    tokens: bigint('tokens', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.days, table.userId] })],
);
