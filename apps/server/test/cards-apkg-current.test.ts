import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApkgSummary } from '@turtle/shared/cards-import';
import type { ListCardsResponse } from '@turtle/shared/cards';
import { reviewLogs } from '../src/db/schema';
import { useApkgBudgetForTests } from '../src/features/cards/transfer/apkg-job';
import { ankiCollection, ankiPackage, type AnkiNoteInput } from './support/anki-package';
import {
  ankiCollection18,
  ankiCurrentPackage,
  PLEASE_UPDATE,
  protobuf,
  zstd,
  zstdFrameWithZeros,
} from './support/anki-package-current';
import type { cardsClient } from './support/cards';
import { importedRows, NOTHING_IMPORTED, packageSender } from './support/cards';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Decision 034: Anki 2.1.50 and later (Anki 26.x) export by default a package whose real collection is the
 * zstd-compressed `collection.anki21b` (schema 18), named by `meta`, beside a dummy `collection.anki2` that only says
 * "Please update…". Turtle reads the one `meta` names, as Anki does; the legacy layouts read as before.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

let restoreBudget: (() => void) | undefined;
afterEach(() => {
  restoreBudget?.();
  restoreBudget = undefined;
});

const person = (name: string) => packageSender(server, name);

const stored = (userId: string) => importedRows(server.database.db, userId);
const NOTHING = NOTHING_IMPORTED;

const DAY = 86_400_000;
const T = Date.UTC(2026, 0, 5, 12);
const SPANISH = 1_500_000_000_001;
const VERBS = 1_500_000_000_002;
const DECKS = { 1: 'Default', [SPANISH]: 'Spanish', [VERBS]: 'Spanish::Verbs' };
const NOTES: AnkiNoteInput[] = [
  {
    model: 'basic',
    deck: SPANISH,
    fields: ['<b>hola</b>', 'hello'],
    tags: ' spanish ',
    revlog: {
      0: [
        [T, 3, 0, 4000],
        [T + DAY, 3, 1, 3000],
        [T + 4 * DAY, 1, 1, 9000],
      ],
    },
  },
  { model: 'reversed', deck: SPANISH, fields: ['perro', 'dog'], revlog: { 1: [[T + 2 * DAY, 4, 0, 5000]] } },
  { model: 'basic', deck: VERBS, fields: ['comer', 'to eat'] },
  { model: 'cloze', deck: VERBS, fields: ['{{c1::Hablar}} means {{c2::to speak}}', ''] },
];

const messageOf = (response: { data: unknown }) => (response.data as { message: string }).message;

/** What a person has after an import: each card's deck, front and back, and the log's ratings and times. */
async function contents(client: ReturnType<typeof cardsClient>, userId: string) {
  const listed: string[] = [];
  for (const deck of (await client.decks()).decks) {
    const page = (await client.call(`/api/cards/list?deckId=${deck.id}`)).data as ListCardsResponse;
    for (const card of page.cards) listed.push(`${deck.name} | ${card.kind} | ${card.front} | ${card.back}`);
  }
  const logs = await server.database.db
    .select({ rating: reviewLogs.rating, reviewedAt: reviewLogs.reviewedAt, durationMs: reviewLogs.durationMs })
    .from(reviewLogs)
    .where(eq(reviewLogs.userId, userId))
    .orderBy(reviewLogs.reviewedAt);
  return { listed: listed.sort(), logs: logs.map((log) => [log.rating, log.reviewedAt - T, log.durationMs]) };
}

describe('Anki’s current package format (collection.anki21b)', () => {
  it('imports the real collection, never the placeholder, exactly as the same content in the legacy layout', async () => {
    const current = await ankiCurrentPackage(await ankiCollection18(DECKS, NOTES));
    const legacy = ankiPackage(await ankiCollection(DECKS, NOTES));
    const results = [];
    for (const [name, bytes] of [
      ['current', current],
      ['legacy', legacy],
    ] as const) {
      const { user, client, upload } = await person(`Anki 26 ${name}`);
      const preview = await upload('/api/cards/import/apkg/preview', bytes);
      expect(preview.status, preview.text).toBe(200);
      const summary = preview.data as ApkgSummary;
      expect(summary, name).toMatchObject({
        notes: 4,
        cards: 6,
        byKind: { basic: 2, reversed: 1, cloze: 1 },
        reviews: 4,
        cardsWithHistory: 2,
      });
      expect(summary.decks, name).toEqual([
        { name: 'Spanish', notes: 2, cards: 3, isNew: true },
        { name: 'Spanish::Verbs', notes: 2, cards: 3, isNew: true },
      ]);
      const imported = await upload('/api/cards/import/apkg', bytes);
      expect(imported.status, imported.text).toBe(200);
      expect(await stored(user.id), name).toEqual({ decks: 2, notes: 4, cards: 6, reviews: 4 });
      const what = await contents(client, user.id);
      expect(what.listed.join('\n'), name).not.toContain('Please update');
      results.push({ summary: { ...summary, samples: summary.samples }, ...what });
    }
    expect(results[0]).toEqual(results[1]);
    expect(results[0]!.listed).toContain('Spanish::Verbs | cloze | {{c1::Hablar}} means {{c2::to speak}} | ');
    expect(results[0]!.logs).toEqual([
      [3, 0, 4000],
      [3, DAY, 3000],
      [4, 2 * DAY, 5000],
      [1, 4 * DAY, 9000],
    ]);
  });

  it('refuses, and stores nothing, a package whose meta names a collection it lacks, an unknown version, or bogus zstd', async () => {
    const collection18 = await ankiCollection18(DECKS, NOTES);
    const cases: [string, Uint8Array, string][] = [
      [
        'meta says latest, no collection.anki21b (only the dummy)',
        await ankiCurrentPackage(collection18, { anki21b: null }),
        'This package’s collection (collection.anki21b) is missing. Export it again from Anki with “Support older Anki versions” ticked. Nothing was imported.',
      ],
      [
        'a version from a newer Anki',
        await ankiCurrentPackage(collection18, { meta: protobuf([[1, 4]]) }),
        'This package was made by a newer version of Anki than Turtle reads. Export it again from Anki with “Support older Anki versions” ticked. Nothing was imported.',
      ],
      [
        'a damaged meta',
        await ankiCurrentPackage(collection18, { meta: new Uint8Array([0x08]) }),
        'The package’s meta file (which says how to read it) is damaged. Export it again from Anki with “Support older Anki versions” ticked. Nothing was imported.',
      ],
      [
        'bogus zstd',
        await ankiCurrentPackage(collection18, { anki21b: new Uint8Array([0x28, 0xb5, 0x2f, 0xfd, 1, 2, 3, 4, 5]) }),
        'The package’s collection (collection.anki21b) is damaged: it is not valid zstd. Export it again from Anki with “Support older Anki versions” ticked. Nothing was imported.',
      ],
      [
        'not zstd at all (the SQLite file as it is)',
        await ankiCurrentPackage(collection18, { anki21b: collection18 }),
        'The package’s collection (collection.anki21b) is damaged: it is not valid zstd. Export it again from Anki with “Support older Anki versions” ticked. Nothing was imported.',
      ],
      [
        'zstd cut short',
        await ankiCurrentPackage(collection18, { anki21b: (await zstd(collection18)).subarray(0, 200) }),
        'The package’s collection (collection.anki21b) is damaged: it is not valid zstd. Export it again from Anki with “Support older Anki versions” ticked. Nothing was imported.',
      ],
    ];
    for (const [name, bytes, message] of cases) {
      const { user, upload } = await person(name);
      for (const path of ['/api/cards/import/apkg/preview', '/api/cards/import/apkg']) {
        const response = await upload(path, bytes);
        expect(response.status, name).toBe(400);
        expect(messageOf(response), name).toBe(message);
      }
      expect(await stored(user.id), name).toEqual(NOTHING);
    }
  });

  it('a zstd collection past the cap is refused while it is decompressed, the memory bounded by the cap', async () => {
    const collection18 = await ankiCollection18(DECKS, NOTES);
    const GB = 1024 * 1024 * 1024;
    // Declaring no size, a gigabyte of zeros after a real collection: 32 KB of blocks in the package.
    const huge = await ankiCurrentPackage(collection18, { anki21b: zstdFrameWithZeros(collection18, GB) });
    expect(huge.length).toBeLessThan(200 * 1024);
    const cases: [string, number | undefined, string, number][] = [
      [
        'at the 256 MB cap',
        undefined,
        'The collection inside this package is over 256 MB uncompressed, Turtle reads at most 256 MB. Nothing was imported.',
        // At most the cap held while decoding, plus the worker: far from the gigabyte.
        400,
      ],
      [
        'at a 4 MB cap',
        4 * 1024 * 1024,
        'The collection inside this package is over 4 MB uncompressed, Turtle reads at most 4 MB. Nothing was imported.',
        100,
      ],
    ];
    for (const [name, cap, message, maxGrowthMb] of cases) {
      if (cap) restoreBudget = useApkgBudgetForTests({ collectionBytes: cap });
      const { user, upload } = await person(name);
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
      const response = await upload('/api/cards/import/apkg', huge);
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      expect(response.status, name).toBe(400);
      expect(messageOf(response), name).toBe(message);
      expect((peak - before) / 1024 / 1024, name).toBeLessThan(maxGrowthMb);
      expect(await stored(user.id), name).toEqual(NOTHING);
      restoreBudget?.();
      restoreBudget = undefined;
    }
    // The same frame under the cap reads: the hand-written frame is valid zstd.
    const { upload } = await person('Small zeros');
    const fine = await ankiCurrentPackage(collection18, { anki21b: zstdFrameWithZeros(collection18, 1024 * 1024) });
    const preview = await upload('/api/cards/import/apkg/preview', fine);
    expect(preview.status, preview.text).toBe(200);
    expect((preview.data as ApkgSummary).cards).toBe(6);
  });

  it('legacy packages still read: no meta (anki2, or anki21 preferred over anki2), and meta naming a legacy file', async () => {
    const collection = await ankiCollection(DECKS, NOTES);
    const dummy = await ankiCollection({ 1: 'Default' }, [{ model: 'basic', deck: 1, fields: [PLEASE_UPDATE, ''] }]);
    const { zipSync } = await import('fflate');
    const cases: [string, Uint8Array][] = [
      ['anki2 without meta', ankiPackage(collection)],
      [
        'anki21 beside a dummy anki2, without meta',
        zipSync({ 'collection.anki21': collection, 'collection.anki2': dummy }),
      ],
      [
        'meta 2 (legacy 2)',
        zipSync({ meta: protobuf([[1, 2]]), 'collection.anki21': collection, 'collection.anki2': dummy }),
      ],
      ['meta 1 (legacy 1)', zipSync({ meta: protobuf([[1, 1]]), 'collection.anki2': collection })],
    ];
    for (const [name, bytes] of cases) {
      const { user, upload } = await person(name);
      const imported = await upload('/api/cards/import/apkg', bytes);
      expect(imported.status, `${name}: ${imported.text}`).toBe(200);
      expect(await stored(user.id), name).toEqual({ decks: 2, notes: 4, cards: 6, reviews: 4 });
    }
  });
});
