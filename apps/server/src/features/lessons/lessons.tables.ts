/** The table the lessons feature owns (docs/architecture.md "Data"). */
import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from '../../core/identity/identity.tables';

/**
 * Where a person is in each lesson, kept in the account (decision 021). `completed_at` is no longer read or written:
 * completed marks stay on the device (product.md §2).
 */
export const lessonProgress = pgTable(
  'lesson_progress',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: text('lesson_id').notNull(),
    positionMs: integer('position_ms').notNull().default(0),
    /** When the lesson was marked done (ms), null while it is not. */
    completedAt: bigint('completed_at', { mode: 'number' }),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.lessonId] })],
);
