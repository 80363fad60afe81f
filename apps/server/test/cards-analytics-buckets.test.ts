import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardAnalytics } from '@turtle/shared/cards-analytics';
import type { CardNoteResponse } from '@turtle/shared/cards';
import { studyDayAt } from '@turtle/shared/cards-day';
import { CardState } from '@turtle/shared/cards-review';
import { DAY_MS, HOUR_MS } from '@turtle/shared/constants';
import { Plan } from '@turtle/shared/plans';
import type { Database, Db } from '../src/db/database';
import { migrationsFolder } from '../src/db/migrate';
import { openDatabase } from '../src/db/open-database';
import { reviewBuckets, reviewLogs } from '../src/db/schema';
import { ankiCollection, ankiPackage } from './support/anki-package';
import { cardsClient } from './support/cards';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { seedReviewHistory } from './support/review-seed';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * `review_buckets` (decision 024) is the review log summed per deck and quarter hour, kept by triggers. These tests
 * change the log every way the product does and compare the table with the log summed again here, independently.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

interface BucketRow {
  deck_id: string;
  bucket_start: string;
  reviews: number;
  duration_ms: string;
  mature: number;
  mature_passed: number;
}

/** The person's buckets, and the same figures summed from their log (the card's deck now, 15-minute buckets). */
async function bucketsAndLog(db: Db, userId: string) {
  const kept = await rowsOf<BucketRow>(
    db,
    sql`select deck_id, bucket_start::text, reviews, duration_ms::text, mature, mature_passed from review_buckets
      where user_id = ${userId} order by deck_id, bucket_start`,
  );
  const mature = sql`l.state_before = ${CardState.REVIEW} and (l.previous ->> 'scheduledDays')::int >= 21`;
  const summed = await rowsOf<BucketRow>(
    db,
    sql`select c.deck_id, (l.reviewed_at - mod(l.reviewed_at, 900000))::text as bucket_start, count(*)::int as reviews,
      sum(l.duration_ms)::text as duration_ms, (count(*) filter (where ${mature}))::int as mature,
      (count(*) filter (where l.rating <> 1 and ${mature}))::int as mature_passed
      from review_logs l join cards c on c.id = l.card_id where l.user_id = ${userId}
      group by 1, 2 order by 1, 2`,
  );
  return { kept, summed };
}

async function expectBucketsToMatchLog(db: Db, userId: string, step: string) {
  const { kept, summed } = await bucketsAndLog(db, userId);
  expect(kept, step).toEqual(summed);
  return kept;
}

async function person(name: string) {
  const db = server.database.db;
  const user = await createUser(db, { name, plan: Plan.PRO, expireAt: -1 });
  const cookie = await createSessionToken(db, user.id);
  return { user, client: cardsClient(server.url, cookie), cookie };
}

describe('the analytics summary (review_buckets)', () => {
  it('follows the log through grades, undo, edits, moves, an import and deletions, to the account’s end', async () => {
    const db = server.database.db;
    const { user, client, cookie } = await person('Summarised');
    const start = studyDayAt(Date.now(), 'UTC').start;
    // Straight inserts of many rows at once (one statement), mature and not, passed and not, in shared buckets.
    const history = await seedReviewHistory(db, user.id, {
      deckName: 'History',
      cards: [{}, {}, {}],
      reviews: [
        { card: 0, rating: 3, reviewedAt: start - 3 * DAY_MS + 60_000, durationMs: 4_000, intervalBefore: 30 },
        { card: 1, rating: 1, reviewedAt: start - 3 * DAY_MS + 120_000, durationMs: 6_000, intervalBefore: 25 },
        { card: 2, rating: 4, reviewedAt: start - 3 * DAY_MS + 20 * 60_000, durationMs: 3_000, intervalBefore: 2 },
        { card: 0, rating: 2, reviewedAt: start - 50 * DAY_MS, durationMs: 7_000, intervalBefore: 40 },
        {
          card: 1,
          rating: 3,
          reviewedAt: start - 50 * DAY_MS + 5 * 60_000,
          intervalBefore: 40,
          stateBefore: CardState.RELEARNING,
        },
      ],
    });
    // Two buckets three days ago (two reviews share one), one 50 days ago.
    expect(await expectBucketsToMatchLog(db, user.id, 'seeded')).toHaveLength(3);

    // Grades and an undo through the API.
    const other = await client.createDeck('Other');
    const cloze = await client.createCard(other.id, { kind: 'cloze', front: '{{c1::Madrid}} is in {{c2::Spain}}' });
    const clozeCards = await rowsOf<{ id: string; ordinal: number }>(
      db,
      sql`select id, ordinal from cards where note_id = ${cloze.card.id} order by ordinal`,
    );
    const grade = (cardId: string, rating: number) =>
      client.call('/api/cards/review/grade', { cardId, rating, durationMs: 1_500 });
    expect((await grade(clozeCards[0]!.id, 3)).status).toBe(200);
    expect((await grade(clozeCards[1]!.id, 1)).status).toBe(200);
    expect((await grade(clozeCards[1]!.id, 3)).status).toBe(200);
    expect((await grade(history.cardIds[2]!, 3)).status).toBe(200);
    await expectBucketsToMatchLog(db, user.id, 'graded');
    expect((await client.call('/api/cards/review/undo', {})).status).toBe(200);
    await expectBucketsToMatchLog(db, user.id, 'undone');

    // An edit that removes a cloze number deletes that card and its log.
    const edit = await client.call('/api/cards/update', {
      id: cloze.card.id,
      card: { kind: 'cloze', front: '{{c1::Madrid}} is in Spain', back: '', tags: [] },
      deckId: other.id,
    });
    expect(edit.status, edit.text).toBe(200);
    expect((await rowsOf(db, sql`select 1 from review_logs where card_id = ${clozeCards[1]!.id}`)).length).toBe(0);
    await expectBucketsToMatchLog(db, user.id, 'cloze number removed');

    // A note moved to another deck takes its reviews along.
    const moved = await client.call('/api/cards/update', {
      id: history.cardIds[0]!,
      card: { kind: 'basic', front: 'History question 1', back: 'Answer 1', tags: [] },
      deckId: other.id,
    });
    expect((moved.data as CardNoteResponse).card.deckId).toBe(other.id);
    await expectBucketsToMatchLog(db, user.id, 'moved');
    const otherDeck = (await client.call(`/api/cards/analytics?days=90&tz=UTC&deckId=${other.id}`))
      .data as CardAnalytics;
    // The moved card's two reviews, and the cloze card's grade.
    expect(otherDeck.time.reviews).toBe(3);

    // An Anki package with history (one insert of many log rows, through the import's transaction).
    const T = start - 10 * DAY_MS + HOUR_MS;
    const apkg = ankiPackage(
      await ankiCollection({ 1: 'Default', 7: 'Imported' }, [
        {
          model: 'basic',
          deck: 7,
          fields: ['uno', 'one'],
          revlog: {
            0: [
              [T, 3, 0, 4_000],
              [T + DAY_MS, 3, 1, 3_000],
              [T + 2 * DAY_MS, 1, 1, 9_000],
            ],
          },
        },
        { model: 'reversed', deck: 7, fields: ['dos', 'two'], revlog: { 1: [[T + 60_000, 4, 0, 5_000]] } },
      ]),
    );
    const imported = await call(server.url, '/api/cards/import/apkg', {
      body: apkg,
      contentType: 'application/octet-stream',
      cookie,
    });
    expect(imported.status, imported.text).toBe(200);
    await expectBucketsToMatchLog(db, user.id, 'imported');

    // Deleting a note, then a deck.
    expect((await client.call('/api/cards/delete', { id: history.cardIds[1]! })).status).toBe(200);
    await expectBucketsToMatchLog(db, user.id, 'note deleted');
    expect((await client.call('/api/cards/decks/delete', { id: other.id })).status).toBe(200);
    const left = await expectBucketsToMatchLog(db, user.id, 'deck deleted');
    expect(left.length).toBeGreaterThan(0);
    expect(left.some((row) => row.deck_id === other.id)).toBe(false);

    // The account, with everything it owns.
    const deleted = await client.call('/api/account/delete', { confirmation: user.email });
    expect(deleted.status, deleted.text).toBe(200);
    expect(await bucketsAndLog(db, user.id)).toEqual({ kept: [], summed: [] });
  });

  it('counts a grade in the analytics at once, and forgets it when undone', async () => {
    const { client } = await person('Counted');
    const deck = await client.createDeck('Now');
    const note = await client.createCard(deck.id, { front: 'Counted?' });
    const [card] = await rowsOf<{ id: string }>(
      server.database.db,
      sql`select id from cards where note_id = ${note.card.id}`,
    );
    const today = async () => {
      const analytics = (await client.call('/api/cards/analytics?days=30&tz=UTC')).data as CardAnalytics;
      return { day: analytics.reviewsPerDay.at(-1), streak: analytics.streak };
    };
    expect(await today()).toMatchObject({ day: { reviews: 0, durationMs: 0 }, streak: { days: 0 } });
    const graded = await client.call('/api/cards/review/grade', { cardId: card!.id, rating: 3, durationMs: 2_500 });
    expect(graded.status, graded.text).toBe(200);
    expect(await today()).toMatchObject({
      day: { reviews: 1, durationMs: 2_500 },
      streak: { days: 1, reviewedToday: true },
    });
    expect((await client.call('/api/cards/review/undo', {})).status).toBe(200);
    expect(await today()).toMatchObject({ day: { reviews: 0, durationMs: 0 }, streak: { days: 0 } });
  });
});

/** A database with nothing in it: in-memory PGlite, or on the PostgreSQL run a throwaway database. */
async function emptyDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!process.env.DATABASE_URL) {
    const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    return { database, drop: () => database.close() };
  }
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  const name = `turtle_buckets_${process.pid}_${Date.now()}`;
  await admin.query(`create database ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    database,
    drop: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

describe('migration 0012', () => {
  it('fills review_buckets from the log already there', async () => {
    // Migration 0012 met a review log and no sums, and its last statement filled them from the log. The database is
    // migrated to today's schema (rows written through it would not fit the tables of 0011, which later migrations
    // widened); the sums are emptied, and that statement is run again, as written in the migration.
    const { database, drop } = await emptyDatabase();
    try {
      await database.migrate(migrationsFolder());
      const db = database.db;
      const user = { id: randomUUID() };
      await db.execute(
        sql`insert into users (id, name, email) values (${user.id}, 'Before the summary', ${`${user.id}@example.test`})`,
      );
      const start = studyDayAt(Date.now(), 'UTC').start;
      await seedReviewHistory(db, user.id, {
        deckName: 'Old',
        cards: [{}, {}],
        reviews: Array.from({ length: 40 }, (_, index) => ({
          card: index % 2,
          rating: 1 + (index % 4),
          reviewedAt: start - (index % 9) * DAY_MS - index * 7 * 60_000,
          durationMs: 1_000 + index,
          intervalBefore: index % 3 === 0 ? 30 : 3,
        })),
      });
      await seedReviewHistory(db, user.id, {
        deckName: 'Older',
        cards: [{}],
        reviews: [{ card: 0, rating: 1, reviewedAt: start - 400 * DAY_MS, intervalBefore: 60 }],
      });
      expect((await db.select({ n: count() }).from(reviewLogs).where(eq(reviewLogs.userId, user.id)))[0]!.n).toBe(41);

      await db.delete(reviewBuckets).where(eq(reviewBuckets.userId, user.id));
      const backfill = fs
        .readFileSync(path.join(migrationsFolder(), '0012_review_buckets.sql'), 'utf8')
        .split('--> statement-breakpoint')
        .map((statement) => statement.trim())
        .find((statement) => statement.startsWith('-- The log so far.'));
      expect(backfill).toBeDefined();
      await db.execute(sql.raw(backfill!));
      const kept = await expectBucketsToMatchLog(db, user.id, 'backfilled');
      expect(kept.length).toBeGreaterThan(10);
    } finally {
      await drop();
    }
  }, 120_000);
});
