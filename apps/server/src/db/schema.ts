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
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { CardKind, CardSource } from '@turtle/shared/cards';
import type { OptimizerResult, OptimizerStatus } from '@turtle/shared/cards-optimizer';
import type { MessageSource, MessageStatus } from '@turtle/shared/conversation';

export const users = pgTable('users', {
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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
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

/** A sign-in popup in progress: what the callback needs to finish the code flow. Used once. */
export const oidcFlows = pgTable('oidc_flows', {
  /** SHA-256 of `state`, hex. */
  id: text('id').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  /** Echoed to the opener so it can tell its own popup's answer from any other message. */
  popupNonce: text('popup_nonce').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

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

/**
 * Where a person is in each lesson, kept in the account (issue 15, decision 021). `completed_at` is no longer read or
 * written: completed marks stay on the device (product.md §2, issue 26).
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

/** Assistant replies a user started on one UTC day (rules.md "Chat": daily limits per plan). */
export const dailyUsage = pgTable(
  'daily_usage',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `YYYY-MM-DD`, UTC. */
    day: text('day').notNull(),
    replies: integer('replies').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

/** A kept chat conversation (rules.md "Chat"). Times in milliseconds. */
export const conversations = pgTable(
  'conversations',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (table) => [index('conversations_user_id_updated_idx').on(table.userId, table.updatedAt)],
);

/** One message of a conversation. A reply being written is saved as it grows (status `streaming`). */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: text('id').primaryKey(),
    /** Insertion order: a question and its reply can share a millisecond. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    content: text('content').notNull(),
    htmlContent: text('html_content'),
    lexicalContent: text('lexical_content'),
    /** User messages: the notes they mention. */
    noteIds: jsonb('note_ids').$type<string[]>().notNull().default([]),
    /** Assistant messages: the notes the model saw. */
    sources: jsonb('sources').$type<MessageSource[]>().notNull().default([]),
    status: text('status').$type<MessageStatus>().notNull(),
    truncated: boolean('truncated').notNull().default(false),
    /** Set by Stop from any server process; the process writing the reply sees it at its next save. */
    stopRequested: boolean('stop_requested').notNull().default(false),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (table) => [index('chat_messages_conversation_seq_idx').on(table.conversationId, table.seq)],
);

/**
 * The one reply a user may have in progress (rules.md: one stream at a time per user), shared by every server
 * process. A slot whose heartbeat is older than the stale limit belonged to a process that died and can be taken.
 */
export const activeStreams = pgTable('active_streams', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Random per stream, so only its owner releases it. */
  token: text('token').notNull(),
  heartbeatAt: bigint('heartbeat_at', { mode: 'number' }).notNull(),
  /** The server instance writing the reply: at start, an instance reclaims the slots it left behind. */
  owner: text('owner').notNull().default(''),
  /** The kept reply being written, if any: a reclaimed slot marks it stopped. */
  messageId: text('message_id'),
  /** The usage day the reply was counted on: a reclaimed slot gives it back. */
  day: text('day'),
});

/**
 * Membership and payments (rules.md "Membership and payments"). A user's link to the payment provider: Stripe's
 * customer and subscription ids stay on the server, never in a response.
 */
export const billingCustomers = pgTable('billing_customers', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').$type<'stripe' | 'demo'>().notNull(),
  customerId: text('customer_id').unique(),
  subscriptionId: text('subscription_id').unique(),
  /** The provider's last word on the subscription (`active`, `past_due`, `canceled`, …). */
  subscriptionStatus: text('subscription_status'),
  /** The member asked to stop at the period's end (Stripe's `cancel_at_period_end`; the demo keeps its own). */
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  /** `created` of the newest provider event applied (ms): an older event never rolls the state back. */
  lastEventAt: bigint('last_event_at', { mode: 'number' }).notNull().default(0),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});

/** One row per fulfilled checkout: the primary key is what makes fulfilment happen exactly once. */
export const fulfillments = pgTable(
  'fulfillments',
  {
    checkoutSessionId: text('checkout_session_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'stripe' | 'demo'>().notNull(),
    period: text('period').$type<'monthly' | 'yearly'>().notNull(),
    periodEnd: bigint('period_end', { mode: 'number' }).notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (table) => [index('fulfillments_user_id_idx').on(table.userId)],
);

/** Stripe webhook events already applied, so a redelivered event changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: bigint('received_at', { mode: 'number' }).notNull(),
});

/** The demo provider's checkouts (the embedded stand-in for Stripe Checkout). Times in milliseconds. */
export const demoCheckoutSessions = pgTable(
  'demo_checkout_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period: text('period').$type<'monthly' | 'yearly'>().notNull(),
    status: text('status').$type<'open' | 'complete' | 'canceled'>().notNull(),
    /** Set when paid: the end of the period bought. */
    periodEnd: bigint('period_end', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  },
  (table) => [index('demo_checkout_sessions_user_id_idx').on(table.userId)],
);

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
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('card_notes_user_deck_idx').on(table.userId, table.deckId, table.createdAt),
    index('card_notes_user_front_key_idx').on(table.userId, table.frontKey),
  ],
);

/**
 * One reviewable card and its FSRS memory state (ts-fsrs's `Card`). `deckId` repeats the note's, so the queue of a
 * deck reads one index. Times in milliseconds; a new card's `due` is when it was made (new cards come in order).
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
 * Every grade (the next issue's analytics and optimizer read it): the rating, the state before and after, the
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
  /** FSRS weights fitted to this person's log by the optimizer (issue 14); null means FSRS's defaults. */
  weights: jsonb('weights').$type<number[] | null>(),
  updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
});

/**
 * One "Optimize my schedule" run (issue 14): the row is the run's state, so any server process answers the polling
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

/**
 * A browser that signed in to an account before (issue 17, item 10). Failed logins from it count apart from everyone
 * else's, so guesses against an account never lock its owner out of a known device.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    /** SHA-256 of the device cookie's token, hex. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('known_devices_user_id_idx').on(table.userId)],
);

/**
 * The answer to a create sent with an `Idempotency-Key` (lib/idempotency.ts): a retry with the same key gets it again
 * instead of creating a second row. Kept a day.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What the key created: `note`, later `card`, `conversation`. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the request body, hex: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    /** The JSON body answered the first time. */
    response: jsonb('response').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.scope, table.key] }),
    index('idempotency_keys_created_at_idx').on(table.createdAt),
  ],
);
