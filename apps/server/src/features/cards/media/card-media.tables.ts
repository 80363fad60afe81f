/**
 * Card media (docs/decisions/038-card-media.md): the images and sounds a person's cards use, their bytes in the
 * database (so every server process behind a load balancer serves them, and they are written in the same
 * transaction as the cards that use them), one row per person and SHA-256.
 */
import { bigint, customType, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from '../../../core/identity/identity.tables';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const cardMedia = pgTable(
  'card_media',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lowercase hex of the bytes' SHA-256: the file's name in its address. */
    sha256: text('sha256').notNull(),
    /** The type its first bytes say (media-sniff.ts), one of CARD_MEDIA_TYPES. */
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.sha256] })],
);
