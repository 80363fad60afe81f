/**
 * The tables core/identity owns (docs/architecture.md "Data"): accounts, their sessions, third-party identities and
 * sign-in tickets.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Stored normalised (trimmed, lower case); unique. */
    email: text('email').notNull().unique(),
    /** argon2id hash; null for accounts made through a third-party provider. */
    passwordHash: text('password_hash'),
    role: integer('role').notNull().default(0),
    plan: integer('plan').notNull().default(0),
    subscription: integer('subscription').notNull().default(3),
    expireAt: bigint('expire_at', { mode: 'number' }).notNull().default(-1),
    /**
     * Pro given by an administrator until `expireAt`, not paid for (decision 037); any payment or change of plan ends
     * the grant (`setMembership`).
     */
    complimentary: boolean('complimentary').notNull().default(false),
    /** When an administrator suspended the account (ms), or null: a suspended person cannot sign in (decision 037). */
    suspendedAt: bigint('suspended_at', { mode: 'number' }),
    /** What the person is told when a sign-in is refused; written by the administrator who suspended them. */
    suspensionReason: text('suspension_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The console's people list is newest first by default, and its business figures count sign-ups by day; its search
  // (a part of a name or an email, ILIKE) reads the trigram indexes (pg_trgm, made by migration 0026); its sorts by
  // name and by plan read theirs (the email's is its unique index).
  (table) => [
    index('users_created_at_idx').on(table.createdAt),
    index('users_name_idx').on(table.name, table.id),
    index('users_plan_idx').on(table.plan, table.expireAt, table.id),
    index('users_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${table.email} gin_trgm_ops`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's token, hex. The token itself is never stored. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the person last proved who they are in this session: the sign-in, or the password entered again. An
     * administrator's destructive actions ask for it within 15 minutes (decision 037).
     */
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/**
 * The UTC days on which a person was seen: a request carrying their session (decision 037 "The business"). One row a
 * person a day, written by the first such request of the day, so the console counts active people without a write on
 * every request. The day leads the key, as the console reads a range of days.
 */
export const activeDays = pgTable(
  'active_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.day, table.userId] }), index('active_days_user_id_idx').on(table.userId)],
);

/** A third-party account: the provider's (issuer, subject) pair names the person, not the email. */
export const identities = pgTable(
  'identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.issuer, table.subject] }), index('identities_user_id_idx').on(table.userId)],
);

/**
 * A one-time password reset link an administrator made (decision 037): it works once, for an hour, and making another
 * for the same person ends the one before.
 */
export const passwordResetLinks = pgTable(
  'password_reset_links',
  {
    /** SHA-256 of the link's token, hex. The token itself is never stored. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The administrator who made it (null once that account is gone). */
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('password_reset_links_user_id_idx').on(table.userId)],
);

/** A verified third-party identity waiting for `POST /api/user/login_3rd_party`. Used once. */
export const loginTickets = pgTable('login_tickets', {
  /** SHA-256 of the ticket, hex. */
  id: text('id').primaryKey(),
  /** SHA-256 of the binding cookie set in the popup: the ticket only works in the browser that earned it. */
  bindingHash: text('binding_hash').notNull(),
  issuer: text('issuer').notNull(),
  subject: text('subject').notNull(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
