/** The tables of a learner's own lessons (docs/decisions/046-own-lessons.md), owned by the lessons feature. */
import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { TranscriptEntry } from '@turtle/shared/lesson';
import type { OwnLessonAudioType } from '@turtle/shared/own-lessons';
import { users } from '../../../core/identity/identity.tables';

/** A lesson of the learner's own: its audio in the file store under `audioKey`, its transcript here. */
export const ownLessons = pgTable(
  'own_lessons',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    audioKey: text('audio_key').notNull(),
    audioType: text('audio_type').$type<OwnLessonAudioType>().notNull(),
    audioBytes: bigint('audio_bytes', { mode: 'number' }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    transcript: jsonb('transcript').$type<TranscriptEntry[]>().notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (table) => [index('own_lessons_user_created_idx').on(table.userId, table.createdAt)],
);

/**
 * An audio file uploaded and probed, waiting (an hour at most) to become a lesson with its transcript. A deleted
 * account's rows go with it; its files are removed by the sweep that finds rows gone stale.
 */
export const ownLessonUploads = pgTable(
  'own_lesson_uploads',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    audioKey: text('audio_key').notNull(),
    audioType: text('audio_type').$type<OwnLessonAudioType>().notNull(),
    audioBytes: bigint('audio_bytes', { mode: 'number' }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (table) => [index('own_lesson_uploads_created_idx').on(table.createdAt)],
);
