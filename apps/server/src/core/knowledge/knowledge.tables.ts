/**
 * The table core/knowledge owns (docs/architecture.md "Data"): one index of passages of the learner's material, which
 * the owners of that material keep current in the same transaction as each write (docs/decisions/036-one-index.md).
 */
import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from '../identity/identity.tables';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const passages = pgTable(
  'passages',
  {
    id: text('id').primaryKey(),
    /**
     * Whose material it is; null for what everyone who can open it shares, the lessons (decision 039), read only
     * for the sources the reader may open.
     */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** What the passage is of (`PassageKind`): a note, a chat message, a lesson. */
    kind: text('kind').notNull(),
    /** The note, the chat message or the lesson. */
    sourceId: text('source_id').notNull(),
    /** What holds the source: a chat message's conversation (its link, and what a conversation's delete removes). */
    parentId: text('parent_id'),
    /** A lesson passage's start in the audio, in milliseconds. */
    startMs: integer('start_ms'),
    /** Its order within the source, from 0. */
    position: integer('position').notNull(),
    /** The source's title when the passage was written (a note's name). */
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The words PostgreSQL's full-text search matches: the title weighs more than the body. */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', body), 'B')`,
      ),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (table) => [
    // Without GIN's pending list (fastupdate): up to 4 MB of recent writes' words that every word's scan reads whole
    // until a vacuum moves them in, which PGlite never runs (decision 048, "GIN's pending list").
    index('passages_search_idx').using('gin', table.search).with({ fastupdate: false }),
    // The trigram fallback for scripts without word breaks (decision 044): `ilike` on a query's character trigrams.
    index('passages_text_trgm_idx').using('gin', sql`(${table.title} || ' ' || ${table.body}) gin_trgm_ops`),
    index('passages_source_idx').on(table.userId, table.kind, table.sourceId),
    index('passages_parent_idx').on(table.userId, table.parentId),
  ],
);
