/**
 * The console's people list reads and sorts by these (decision 037 "The people list at scale"): kept by the triggers
 * of migration 0034 in the statement that writes the rows they count, so a page or a sort never counts a person's
 * replies, cards or lessons. Counts only, never content.
 */
import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity.tables';

/** How a person signs in, as kept in `person_figures.sign_in` (the order the console sorts it in). */
export const SIGN_IN_CODES = { password: 0, both: 1, 'third-party': 2 } as const;

/** One row a person, made with the account and gone with it. */
export const personFigures = pgTable(
  'person_figures',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The first day of the newest UTC month the person asked a reply in, and their replies in it: replies this month
     * are `replies` when that month is this one, else none. Sorted by the pair, which orders by replies this month,
     * as no month later than this one is ever recorded.
     */
    repliesMonth: date('replies_month', { mode: 'string' }).notNull().default('1970-01-01'),
    replies: integer('replies').notNull().default(0),
    /** Prompt and reply tokens of every reply the person asked (the heaviest users' bound). */
    tokens: bigint('tokens', { mode: 'number' }).notNull().default(0),
    cards: integer('cards').notNull().default(0),
    /** Lessons started: rows of `lesson_progress`. */
    lessons: integer('lessons').notNull().default(0),
    /** The newest session's start, or null with no session. */
    lastSignIn: timestamp('last_sign_in', { withTimezone: true }),
    /** `SIGN_IN_CODES`. */
    signIn: smallint('sign_in').notNull().default(0),
  },
  (table) => [
    index('person_figures_replies_idx').on(table.repliesMonth, table.replies, table.userId),
    index('person_figures_tokens_idx').on(table.tokens, table.userId),
    index('person_figures_cards_idx').on(table.cards, table.userId),
    index('person_figures_lessons_idx').on(table.lessons, table.userId),
    index('person_figures_sign_in_idx').on(table.signIn, table.userId),
    // Never signed in comes last both ways, so each direction has its index.
    index('person_figures_last_sign_in_idx').on(table.lastSignIn, table.userId),
    index('person_figures_last_sign_in_desc_idx').on(
      sql`${table.lastSignIn} desc nulls last`,
      sql`${table.userId} desc`,
    ),
  ],
);

/** How many accounts there are: one row, kept as accounts are made and deleted. */
export const peopleTotal = pgTable('people_total', {
  id: integer('id').primaryKey().default(1),
  people: bigint('people', { mode: 'number' }).notNull(),
});

/**
 * Each account's email and name in lower case, as `ilike` compares them (it lowers both sides in a UTF-8 database),
 * kept by migration 0037's triggers on `users`: the people list counts a search's matches in these narrow rows, with
 * `like` on what is already lowered, not `ilike` on every account's full row (decision 037 "A search, counted").
 */
export const peopleSearch = pgTable('people_search', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  name: text('name').notNull(),
});
