/**
 * The table core/audit owns (docs/architecture.md "Data"): what administrators did, written in the transaction of the
 * action (docs/decisions/037-administrators.md). Nothing in the app updates or deletes a row.
 */
import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

export const auditEntries = pgTable(
  'audit_entries',
  {
    id: text('id').primaryKey(),
    at: bigint('at', { mode: 'number' }).notNull(),
    /** The administrator's user id; null for the command line and ADMIN_EMAILS at start. */
    actorId: text('actor_id'),
    /** How the actor reached it: `console`, `command line`, `ADMIN_EMAILS`. */
    via: text('via').notNull(),
    action: text('action').notNull(),
    /** The person acted on (kept when that account is deleted: the entry is history). */
    targetId: text('target_id'),
    targetEmail: text('target_email'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (table) => [index('audit_entries_at_idx').on(table.at)],
);
