import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApkgSummary } from '@turtle/shared/cards-import';
import { reviewLogs } from '../src/db/schema';
import { useApkgBudgetForTests } from '../src/features/cards/transfer/apkg-job';
import { ankiCollection, ankiPackage, paddedAnkiPackage, type AnkiCollectionOptions } from './support/anki-package';
import { importedRows, NOTHING_IMPORTED, packageSender } from './support/cards';
import { sendPolled } from './support/polled-upload';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * One Anki package cannot take the server down (docs/decisions/034-import-budget.md). Each package here is one the outside probe
 * sent (or its kind), made small on the wire: the work it would cost is refused before it is done, in the import's
 * worker thread, while the server keeps answering; nothing is stored.
 */

// Building the larger packages (millions of rows inside sql.js) takes a few seconds on a busy machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/**
 * Bounds that catch the findings (a stall of 14 s to minutes, a heap exhausted) with room for a CI machine running other
 * test files beside this one. The figures asked for (health within 100 ms, a refusal within a second) are met
 * with margin on a quiet machine (docs/decisions/034-import-budget.md gives them); speed goals live there and in the
 * bench, not in these bounds.
 */
const HEALTH_STALL_MS = 400;
const REFUSAL_MS = 2_000;
/**
 * A package whose 50 MB collection must be unzipped and opened before its caps can be read: about a second on a quiet
 * machine, 5.1 s once on a clean clone while other suites ran beside it. The finding it guards was a minute or more.
 */
const CAPPED_READ_MS = 15_000;

const logLines: string[] = [];
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: { LOG_LEVEL: 'info' },
    logDestination: { write: (line) => void logLines.push(line) },
  });
  // The worker's first start loads its TypeScript through tsx (the built server loads one bundled file): once here,
  // so the timings below are the package's.
  const { upload } = await person('Warm-up');
  expect((await upload('/api/cards/import/apkg/preview', await smallPackage())).status).toBe(200);
});
afterAll(() => server.close());

let restoreBudget: (() => void) | undefined;
afterEach(() => {
  restoreBudget?.();
  restoreBudget = undefined;
});

const person = (name: string) => packageSender(server, name);

const smallPackage = async (options: AnkiCollectionOptions = {}) =>
  ankiPackage(
    await ankiCollection({ 1: 'Default' }, [{ model: 'basic', deck: 1, fields: ['hola', 'hello'] }], options),
  );

const stored = (userId: string) => importedRows(server.database.db, userId);
const NOTHING = NOTHING_IMPORTED;

/** A package sent to the import by a new person; the answer, its time and the health check's worst meanwhile. */
async function importTimed(bytes: Uint8Array, name = 'Prober', path = '/api/cards/import/apkg') {
  const { user, cookie } = await person(name);
  const { status, data, ms, worstHealthMs } = await sendPolled(server.url, bytes, path, cookie);
  return { user, response: { status, data }, ms, worstHealthMs };
}

const messageOf = (response: { data: unknown }) => (response.data as { message: string }).message;

describe('an Anki package over the budget is refused before the work, the server answering meanwhile', () => {
  it('revlog as a view over a recursive query of 3,000,000 reviews: refused in under a second (it used to exhaust the heap)', async () => {
    const bytes = await smallPackage({ revlogView: 3_000_000 });
    expect(bytes.length).toBeLessThan(5_000);
    const baseline = await importTimed(await smallPackage(), 'Baseline');
    expect(baseline.response.status).toBe(200);
    const { user, response, ms, worstHealthMs } = await importTimed(bytes);
    expect(response.status).toBe(400);
    expect(messageOf(response)).toBe(
      'This package’s collection holds a view (“revlog”), which an Anki collection never has; Turtle does not read it. Nothing was imported.',
    );
    // Beyond what any package costs (a worker's start: from source it loads its TypeScript through tsx).
    expect(ms - baseline.ms).toBeLessThan(REFUSAL_MS);
    expect(worstHealthMs).toBeLessThan(HEALTH_STALL_MS);
    expect(await stored(user.id)).toEqual(NOTHING);
  });

  it('a real revlog table of 3,000,000 reviews: refused fast by the package cap', async () => {
    const bytes = await smallPackage({ extraReviews: { count: 3_000_000 } });
    const { user, response, ms, worstHealthMs } = await importTimed(bytes);
    expect(response.status).toBe(400);
    expect(messageOf(response)).toBe(
      'This package has more than 300,000 reviews, Turtle imports at most 300,000. Nothing was imported.',
    );
    // Unzipping and opening the 50 MB collection is most of it.
    expect(ms).toBeLessThan(CAPPED_READ_MS);
    expect(worstHealthMs).toBeLessThan(HEALTH_STALL_MS);
    expect(await stored(user.id)).toEqual(NOTHING);
  });

  it('300,000 reviews of one card (accepted after 60 s before): refused by the per-card cap', async () => {
    const bytes = await smallPackage({ extraReviews: { count: 300_000 } });
    const { user, response, ms, worstHealthMs } = await importTimed(bytes);
    expect(response.status).toBe(400);
    expect(messageOf(response)).toBe(
      'A card in this package has more than 5,000 reviews, Turtle imports at most 5,000 per card. Nothing was imported.',
    );
    expect(ms).toBeLessThan(CAPPED_READ_MS);
    expect(worstHealthMs).toBeLessThan(HEALTH_STALL_MS);
    expect(await stored(user.id)).toEqual(NOTHING);
  });

  it('a trigger, a virtual table, a computed column and a view disguised as a table: each refused before any row is read', async () => {
    const cases: [string, string, RegExp][] = [
      [
        'trigger',
        'CREATE TRIGGER grow AFTER INSERT ON notes BEGIN INSERT INTO graves VALUES (0, 0, 0); END;',
        /holds a trigger \(“grow”\)/,
      ],
      ['virtual table', 'CREATE VIRTUAL TABLE search USING fts4(text);', /holds a virtual table \(“search”\)/],
      [
        'virtual revlog',
        'DROP TABLE revlog; CREATE VIRTUAL TABLE revlog USING fts4(id, cid, usn, ease, ivl, lastIvl, factor, time, type);',
        /holds a virtual table \(“revlog”\)/,
      ],
      [
        'computed column',
        'ALTER TABLE cards ADD COLUMN heavy AS (length(zeroblob(100000000)));',
        /holds a computed column \(“cards.heavy”\)/,
      ],
      // SQLite itself finds the schema malformed (a row says table, its SQL a view), before any row is read.
      [
        'view written as a table',
        `DROP TABLE revlog; CREATE VIEW revlog AS SELECT 1 AS id, 1 AS cid, 0 AS usn, 3 AS ease, 1 AS ivl, 0 AS lastIvl,
           2500 AS factor, 1 AS time, 1 AS type;
         PRAGMA writable_schema = ON; UPDATE sqlite_master SET type = 'table' WHERE name = 'revlog';
         PRAGMA writable_schema = OFF;`,
        /damaged or not an Anki collection/,
      ],
    ];
    const { user, upload } = await person('Schema prober');
    for (const [name, sql, message] of cases) {
      const response = await upload('/api/cards/import/apkg', await smallPackage({ sql }));
      expect(response.status, name).toBe(400);
      expect(messageOf(response), name).toMatch(message);
      expect(messageOf(response), name).toMatch(/Nothing was imported\.$/);
      const preview = await upload('/api/cards/import/apkg/preview', await smallPackage({ sql }));
      expect(preview.status, name).toBe(400);
    }
    expect(await stored(user.id)).toEqual(NOTHING);
  });

  it('a field of 150,000 “<” (14 s of a blocked server before) is read at once; a field over 100,000 characters is skipped unread', async () => {
    const notes = [
      { model: 'basic' as const, deck: 1, fields: ['<'.repeat(99_000), 'back'] },
      { model: 'basic' as const, deck: 1, fields: ['<'.repeat(150_000), 'back'] },
      { model: 'basic' as const, deck: 1, fields: ['front', `<script>${'<'.repeat(99_000)}`] },
      { model: 'basic' as const, deck: 1, fields: ['fine', 'card'] },
    ];
    const bytes = ankiPackage(await ankiCollection({ 1: 'Default' }, notes));
    const {
      user,
      response: preview,
      worstHealthMs,
    } = await importTimed(bytes, 'HTML prober', '/api/cards/import/apkg/preview');
    expect(preview.status).toBe(200);
    const summary = preview.data as ApkgSummary;
    expect(summary.notes).toBe(2);
    expect(summary.skipped.invalid).toBe(2);
    expect(summary.skipped.reasons).toEqual([
      expect.stringMatching(/Card text is over 10,000 characters/),
      expect.stringMatching(/^note \d+: a field is over 100,000 characters of HTML$/),
    ]);
    expect(worstHealthMs).toBeLessThan(HEALTH_STALL_MS);
    expect(await stored(user.id)).toEqual(NOTHING);
    const imported = await importTimed(bytes, 'HTML importer');
    expect(imported.response.status).toBe(200);
    expect(await stored(imported.user.id)).toMatchObject({ notes: 2, cards: 2 });
  });

  it('a 500 MB collection (0.5 MB zipped) is refused by its declared size, and one that lies about it while inflating; the memory stays put', async () => {
    const collection = await ankiCollection({ 1: 'Default' }, [{ model: 'basic', deck: 1, fields: ['a', 'b'] }]);
    const honest = paddedAnkiPackage(collection, 500 * 1024 * 1024);
    const lying = paddedAnkiPackage(collection, 500 * 1024 * 1024, 1024 * 1024);
    expect(honest.length).toBeLessThan(1024 * 1024);
    const cases: [string, Uint8Array, string][] = [
      [
        'honest',
        honest,
        'The collection inside this package is 500 MB uncompressed, Turtle reads at most 256 MB. Nothing was imported.',
      ],
      [
        'lying',
        lying,
        'The package’s collection is damaged: it cannot be unzipped as its zip directory says. Nothing was imported.',
      ],
    ];
    for (const [name, bytes, message] of cases) {
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
      const { user, response, worstHealthMs } = await importTimed(bytes, name);
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      expect(response.status, name).toBe(400);
      expect(messageOf(response), name).toBe(message);
      // The server's whole process (the test runs in it): the worker's heap and code are most of the growth.
      expect((peak - before) / 1024 / 1024, name).toBeLessThan(100);
      expect(worstHealthMs, name).toBeLessThan(HEALTH_STALL_MS);
      expect(await stored(user.id), name).toEqual(NOTHING);
    }
  });

  it('a worker out of memory is stopped, logged as an error and refused; the server goes on', async () => {
    restoreBudget = useApkgBudgetForTests({ workerHeapMb: 48 });
    logLines.length = 0;
    const bytes = await smallPackage({ extraNotes: 99_000 });
    const { user, response } = await importTimed(bytes, 'Heavy');
    expect(response.status).toBe(400);
    expect(messageOf(response)).toBe(
      'Reading this package needs more than 48 MB of memory, Turtle’s limit for one import. Nothing was imported.',
    );
    const errors = logLines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((l) => l.level >= 50);
    expect(errors.map((line) => line.msg)).toEqual([
      'Anki import: the worker reached its memory limit and was stopped; the package was refused',
    ]);
    expect(await stored(user.id)).toEqual(NOTHING);
    restoreBudget();
    restoreBudget = undefined;
    const { upload } = await person('After the heavy one');
    expect((await upload('/api/cards/import/apkg', await smallPackage())).status).toBe(200);
  });

  it('a package still being read at the time limit is stopped and refused', async () => {
    restoreBudget = useApkgBudgetForTests({ workerMs: 50 });
    const { user, response } = await importTimed(await smallPackage({ extraNotes: 99_000 }), 'Slow');
    expect(response.status).toBe(400);
    expect(messageOf(response)).toBe(
      'Reading this package takes more than 0.05 seconds, Turtle’s limit for one import. Nothing was imported.',
    );
    expect(await stored(user.id)).toEqual(NOTHING);
  });
});

describe('an honest package within the budget', () => {
  it('comes in whole with its history: 2,000 reviews over 20 cards, replayed in the worker', async () => {
    const notes = Array.from({ length: 20 }, (_, index) => ({
      model: 'basic' as const,
      deck: 1,
      fields: [`front ${index}`, `back ${index}`],
    }));
    const bytes = ankiPackage(
      await ankiCollection({ 1: 'Default' }, notes, { extraReviews: { count: 2_000, cards: 20 } }),
    );
    const { user, upload } = await person('Honest');
    const response = await upload('/api/cards/import/apkg', bytes);
    expect(response.status, response.text).toBe(200);
    expect((response.data as ApkgSummary).reviews).toBe(2_000);
    expect(await stored(user.id)).toEqual({ decks: 1, notes: 20, cards: 20, reviews: 2_000 });
    // In the order reviewed, each with the card as it was before (what undo puts back).
    const logs = await server.database.db
      .select({ reviewedAt: reviewLogs.reviewedAt, previous: reviewLogs.previous })
      .from(reviewLogs)
      .where(eq(reviewLogs.userId, user.id))
      .orderBy(reviewLogs.id);
    const firstCard = logs.filter((_, index) => index < 100);
    expect(firstCard.map((log) => log.reviewedAt)).toEqual([...firstCard.map((log) => log.reviewedAt)].sort());
    expect(logs[0]!.previous).toMatchObject({ state: 0, reps: 0, lastReview: null });
  });
});
