/**
 * The console's counts of people seen (decision 037 "The business"), kept from `active_days` by the triggers of
 * migration 0031 in the statement that writes or deletes its rows, so the console reads a row a day or a week, never a
 * row a person a day: people seen each UTC day, each week (Monday to Sunday, UTC) and each person's last day seen
 * (people seen in a period are those whose last day falls in it, as no day later than today is recorded), each counted by day.
 */
import { date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './identity.tables';

export const activeDayCounts = pgTable('active_day_counts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  people: integer('people').notNull(),
});

/** One row a person a week seen, the week named by its Monday, with the person's last day seen in it. */
export const activeWeeks = pgTable(
  'active_weeks',
  {
    week: date('week', { mode: 'string' }).notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.week, table.userId] }), index('active_weeks_user_id_idx').on(table.userId)],
);

/**
 * How many people's last day seen in its week is this day: a week's people are its days' sum, and the people seen in
 * the days of a week from one of them on are the sum from that day.
 */
export const activeWeekLastCounts = pgTable('active_week_last_counts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  people: integer('people').notNull(),
});

/** Each person's last UTC day seen. */
export const activeLast = pgTable(
  'active_last',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (table) => [index('active_last_day_idx').on(table.day)],
);

/** How many people's last day seen is this day: the people seen in a period are the sum from its first day. */
export const activeLastCounts = pgTable('active_last_counts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  people: integer('people').notNull(),
});
