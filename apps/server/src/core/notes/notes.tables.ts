/**
 * The table core/notes owns (docs/architecture.md "Data"): the notes chat and cards read and the notes feature writes.
 */
import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from '../identity/identity.tables';

/** product.md §3 "Note". Times in milliseconds, as the API answers them. */
export const notes = pgTable(
  'notes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    content: text('content').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
    lastAccessAt: bigint('last_access_at', { mode: 'number' }).notNull(),
    /** Set by delete: the note is gone for every query but the Undo that clears it (decision 022); purged later. */
    deletedAt: bigint('deleted_at', { mode: 'number' }),
  },
  (table) => [index('notes_user_id_last_access_idx').on(table.userId, table.lastAccessAt)],
);
