/** The tables of a learner's own lessons (docs/decisions/046-own-lessons.md), owned by the lessons feature. */
import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { TranscriptEntry } from '@turtle/shared/lesson';
import type { OwnLessonAudioType, OwnLessonJobState } from '@turtle/shared/own-lessons';
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

/** A sentence of a text to voice, as the transcript will hold it. */
export interface JobSentence {
  sentence: string;
  isParagraphEnd: boolean;
}

/**
 * A lesson being made in the background (docs/decisions/049-voicing-own-lessons.md): a text voiced sentence by
 * sentence. `pieces` holds the sample count of each sentence already voiced (its audio kept in the file store under
 * `lesson-jobs/<user id>/<id>/<index>`), so a job picked up again after a restart starts at the next sentence. A
 * server process holds a running job by its lease; a lease run out lets another process take it. Its id becomes the
 * lesson's.
 */
export const ownLessonJobs = pgTable(
  'own_lesson_jobs',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    state: text('state').$type<OwnLessonJobState>().notNull(),
    /**
     * `embedded` or `service` (the configured speech service); `transcription` for a lesson from audio alone
     * (docs/decisions/051-transcribing-own-lessons.md).
     */
    engine: text('engine').notNull(),
    /**
     * The file store its sentences are kept in (a folder's path, or a bucket): only a process using the same store
     * takes the job up, so processes sharing a database but not a folder never take each other's.
     */
    storeId: text('store_id').notNull().default(''),
    sentences: jsonb('sentences').$type<JobSentence[]>().notNull(),
    pieces: jsonb('pieces').$type<number[]>().notNull(),
    sampleRate: integer('sample_rate'),
    /** The audio's length guessed from the words, counted against the plan while the job runs. */
    estimateMs: integer('estimate_ms').notNull(),
    error: text('error'),
    /**
     * A lesson from audio alone: the uploaded audio it transcribes (the lesson's once made), and the cues heard so far;
     * `pieces` then holds the end (ms) of each piece of the audio already transcribed.
     */
    audio: jsonb('audio').$type<{ key: string; type: OwnLessonAudioType; bytes: number; durationMs: number }>(),
    cues: jsonb('cues').$type<{ startMs: number; endMs: number; text: string }[]>(),
    leaseOwner: text('lease_owner'),
    leaseUntil: bigint('lease_until', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('own_lesson_jobs_state_created_idx').on(table.state, table.createdAt),
    index('own_lesson_jobs_user_idx').on(table.userId, table.createdAt),
  ],
);
