/**
 * The tables the flashcards feature owns (docs/architecture.md "Data"): decks, notes and cards, the review log and its
 * sums, settings, optimizer runs and drafts.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { CardKind, CardSource } from '@turtle/shared/cards';
import type { EasyDayLevel, ReviewOrder } from '@turtle/shared/cards-review';
import type { AnkiNoteTypeDefinition, CardNoteSide } from '@turtle/shared/cards-template';
import type { OptimizerResult, OptimizerStatus } from '@turtle/shared/cards-optimizer';
import { users } from '../../core/identity/identity.tables';

/** Flashcards (docs/decisions/012-flashcards.md): a person's decks; names are unique per person, ignoring case. */
export const decks = pgTable(
  'decks',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (table) => [uniqueIndex('decks_user_name_idx').on(table.userId, sql`lower(${table.name})`)],
);

/**
 * An Anki note type a person imported whose shape is not one of Turtle's kinds (docs/decisions/042-anki-note-types.md):
 * its fields, templates and styling, kept to render its notes' cards and to export them back as they came. Identical
 * ones are one row per person.
 */
export const cardNoteTypes = pgTable(
  'card_note_types',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').$type<AnkiNoteTypeDefinition['kind']>().notNull(),
    fields: jsonb('fields').$type<string[]>().notNull(),
    templates: jsonb('templates').$type<AnkiNoteTypeDefinition['templates']>().notNull(),
    css: text('css').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (table) => [index('card_note_types_user_idx').on(table.userId)],
);

/** What a person writes (Anki's "note"): it makes one card, two (reversed) or one per cloze number. */
export const cardNotes = pgTable(
  'card_notes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deckId: text('deck_id')
      .notNull()
      .references(() => decks.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<CardKind>().notNull(),
    front: text('front').notNull(),
    back: text('back').notNull(),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** Where it came from (a note, a lesson moment, a chat reply); null when written by hand or imported. */
    source: jsonb('source').$type<CardSource | null>(),
    /** The front folded for the duplicate check (case, spacing, markup and cloze marks left out). */
    frontKey: text('front_key').notNull(),
    /**
     * A note of a kept Anki note type (decision 042): the type, its fields as card text, and each card's sides as
     * the templates render them (the cards it makes); `kind` is then basic, `front` and `back` its first card's sides.
     * Null for Turtle's own kinds.
     */
    noteTypeId: text('note_type_id').references(() => cardNoteTypes.id, { onDelete: 'cascade' }),
    fields: jsonb('fields').$type<string[] | null>(),
    sides: jsonb('sides').$type<CardNoteSide[] | null>(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('card_notes_user_deck_idx').on(table.userId, table.deckId, table.createdAt),
    index('card_notes_user_front_key_idx').on(table.userId, table.frontKey),
  ],
);

/**
 * One reviewable card and its FSRS memory state (ts-fsrs's `Card`). `deckId` is the note's, so the queue of a
 * deck reads one index, unless an Anki import placed the card in a deck of its own (docs/decisions/042-anki-note-types.md). Times in milliseconds; a new card's `due` is when it was made (new cards come in order).
 */
export const cards = pgTable(
  'cards',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    noteId: text('note_id')
      .notNull()
      .references(() => cardNotes.id, { onDelete: 'cascade' }),
    deckId: text('deck_id')
      .notNull()
      .references(() => decks.id, { onDelete: 'cascade' }),
    /** 0 front to back, 1 back to front (reversed), or the cloze number. */
    ordinal: integer('ordinal').notNull(),
    state: smallint('state').notNull(),
    due: bigint('due', { mode: 'number' }).notNull(),
    stability: doublePrecision('stability').notNull(),
    difficulty: doublePrecision('difficulty').notNull(),
    elapsedDays: integer('elapsed_days').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    learningSteps: integer('learning_steps').notNull(),
    reps: integer('reps').notNull(),
    lapses: integer('lapses').notNull(),
    lastReview: bigint('last_review', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('cards_user_state_due_idx').on(table.userId, table.state, table.due),
    index('cards_user_deck_state_due_idx').on(table.userId, table.deckId, table.state, table.due),
    index('cards_note_idx').on(table.noteId),
  ],
);

/**
 * Every grade (the analytics and the optimizer read it; decision 013): the rating, the state before and after, the
 * days elapsed and scheduled, when and how long. `previous` is the card as it was, which undo puts back.
 */
export const reviewLogs = pgTable(
  'review_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cardId: text('card_id')
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    stateBefore: smallint('state_before').notNull(),
    stateAfter: smallint('state_after').notNull(),
    dueBefore: bigint('due_before', { mode: 'number' }).notNull(),
    dueAfter: bigint('due_after', { mode: 'number' }).notNull(),
    stabilityBefore: doublePrecision('stability_before').notNull(),
    difficultyBefore: doublePrecision('difficulty_before').notNull(),
    stabilityAfter: doublePrecision('stability_after').notNull(),
    difficultyAfter: doublePrecision('difficulty_after').notNull(),
    elapsedDays: integer('elapsed_days').notNull(),
    lastElapsedDays: integer('last_elapsed_days').notNull(),
    scheduledDays: integer('scheduled_days').notNull(),
    learningSteps: integer('learning_steps').notNull(),
    reviewedAt: bigint('reviewed_at', { mode: 'number' }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    previous: jsonb('previous').$type<Record<string, number | null>>().notNull(),
  },
  (table) => [
    index('review_logs_user_reviewed_idx').on(table.userId, table.reviewedAt),
    index('review_logs_card_idx').on(table.cardId),
  ],
);

/**
 * The review log summed per deck and quarter of an hour (decision 024), which the analytics read instead of the log.
 * A quarter hour because every time zone's offset is a whole number of them, so a study day (from 4 am in any zone)
 * is a whole number of buckets. Triggers on `review_logs` and `cards` keep it (migration 0012): a grade, an undo, an
 * import, a card moved or deleted; a deck or an account takes its rows along by the foreign keys.
 */
export const reviewBuckets = pgTable(
  'review_buckets',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deckId: text('deck_id')
      .notNull()
      .references(() => decks.id, { onDelete: 'cascade' }),
    /** `reviewed_at` rounded down to the quarter hour (UTC milliseconds). */
    bucketStart: bigint('bucket_start', { mode: 'number' }).notNull(),
    reviews: integer('reviews').notNull(),
    durationMs: bigint('duration_ms', { mode: 'number' }).notNull(),
    /** Reviews of mature cards (in review state on an interval of 21 days or more before the grade)… */
    mature: integer('mature').notNull(),
    /** …and those of them not rated Again (true retention). */
    maturePassed: integer('mature_passed').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.deckId, table.bucketStart] })],
);

/** A person's review settings; no row means the defaults. */
export const cardSettings = pgTable('card_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  desiredRetention: doublePrecision('desired_retention').notNull(),
  newPerDay: integer('new_per_day').notNull(),
  reviewsPerDay: integer('reviews_per_day').notNull(),
  /** FSRS weights fitted to this person's log by the optimizer (decision 013); null means FSRS's defaults. */
  weights: jsonb('weights').$type<number[] | null>(),
  /** The daily load (docs/decisions/043-daily-load.md): due days placed on the lightest day of the fuzz range… */
  loadBalancing: boolean('load_balancing').notNull().default(true),
  /** …that respects each weekday's level, Monday first (null: every day Normal)… */
  easyDays: jsonb('easy_days').$type<EasyDayLevel[] | null>(),
  /** …and the order of the day's due reviews. */
  reviewOrder: text('review_order').$type<ReviewOrder>().notNull().default('due'),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});

/**
 * One "Optimize my schedule" run (decision 013): the row is the run's state, so any server process answers the polling
 * and a cancel; the process that started it does the work in a child process and writes its progress here.
 */
export const optimizerRuns = pgTable(
  'optimizer_runs',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<OptimizerStatus>().notNull(),
    phase: text('phase').notNull(),
    /** 0 to 1. */
    progress: doublePrecision('progress').notNull(),
    result: jsonb('result').$type<OptimizerResult | null>(),
    message: text('message'),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (table) => [index('optimizer_runs_user_created_idx').on(table.userId, table.createdAt)],
);

/** Cards the assistant drafted, waiting in the tray to be accepted (they become cards) or rejected. */
export const cardDrafts = pgTable(
  'card_drafts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<CardKind>().notNull(),
    front: text('front').notNull(),
    back: text('back').notNull(),
    source: jsonb('source').$type<CardSource | null>(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (table) => [index('card_drafts_user_created_idx').on(table.userId, table.createdAt)],
);
