import { createHash } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApkgSummary } from '@turtle/shared/cards-import';
import type { ListCardsResponse } from '@turtle/shared/cards';
import { Plan } from '@turtle/shared/plans';
import { cardMedia } from '../src/db/schema';
import { ankiCollection, type AnkiNoteInput } from './support/anki-package';
import { ankiCollection18, zstd, zstdFrameWithZeros } from './support/anki-package-current';
import {
  ankiCurrentPackageWithMedia,
  ankiLegacyPackageWithMedia,
  HTML_PAGE,
  mp3Sound,
  pngImage,
  SVG_WITH_SCRIPT,
  type MediaFileInput,
} from './support/anki-package-media';
import { importedRows, NOTHING_IMPORTED, packageSender } from './support/cards';
import { createSessionToken, createUser } from './support/factories';
import { call } from './support/http';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * docs/decisions/038-card-media.md: an Anki package's images and sounds come along with its cards, in both layouts
 * Anki 26.x writes, kept in the database in the import's transaction, sniffed by their bytes (an SVG or HTML file is
 * never kept), and served only to their owner with a Content-Type that cannot run script.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const DECKS = { 1: 'Default', 1_500_000_000_001: 'Spanish' };
const NOTES: AnkiNoteInput[] = [
  { model: 'basic', deck: 1_500_000_000_001, fields: ['Listen: [sound:hola.mp3]', 'hello'] },
  { model: 'basic', deck: 1_500_000_000_001, fields: ['<img src="cat.png" alt="a cat">', 'gato'] },
  { model: 'basic', deck: 1_500_000_000_001, fields: ['Evil <img src="evil.svg">', 'x [sound:page.html]'] },
];
const PNG = pngImage(8);
const MP3 = mp3Sound();
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const MEDIA: MediaFileInput[] = [
  { name: 'hola.mp3', bytes: MP3 },
  { name: 'cat.png', bytes: PNG },
  { name: 'evil.svg', bytes: SVG_WITH_SCRIPT },
  { name: 'page.html', bytes: HTML_PAGE },
  { name: '../../etc/passwd', bytes: PNG },
  { name: 'missing.png', bytes: PNG, entry: null },
  // No card uses it: never read, so never judged either.
  { name: 'unused.html', bytes: HTML_PAGE },
];

const mediaRows = async (userId: string) =>
  (await server.database.db.select({ n: count() }).from(cardMedia).where(eq(cardMedia.userId, userId)))[0]!.n;

const fetchMedia = (path: string, cookie: string | undefined, headers: Record<string, string> = {}) =>
  fetch(server.url + path, { headers: { ...headers, ...(cookie ? { cookie: `sid=${cookie}` } : {}) } });

async function fronts(client: Awaited<ReturnType<typeof packageSender>>['client']) {
  const listed: string[] = [];
  for (const deck of (await client.decks()).decks) {
    const page = (await client.call(`/api/cards/list?deckId=${deck.id}`)).data as ListCardsResponse;
    for (const card of page.cards) listed.push(`${card.front} | ${card.back}`);
  }
  return listed.sort();
}

describe('Anki media (decision 038)', () => {
  it('keeps the images and sounds the cards use, in the current and the legacy layout, and skips the rest, counted', async () => {
    const packages = {
      current: await ankiCurrentPackageWithMedia(await ankiCollection18(DECKS, NOTES), MEDIA),
      legacy: ankiLegacyPackageWithMedia(await ankiCollection(DECKS, NOTES), MEDIA),
    };
    for (const [layout, bytes] of Object.entries(packages)) {
      const { user, client, upload } = await packageSender(server, `Media ${layout}`);
      const preview = await upload('/api/cards/import/apkg/preview', bytes);
      expect(preview.status, preview.text).toBe(200);
      expect(await mediaRows(user.id), layout).toBe(0);
      const imported = await upload('/api/cards/import/apkg', bytes);
      expect(imported.status, imported.text).toBe(200);
      const summary = imported.data as ApkgSummary;
      expect(summary.cards, layout).toBe(3);
      expect(summary.media, layout).toMatchObject({
        kept: 2,
        bytes: PNG.length + MP3.length,
        skipped: 4,
        quota: { used: 0, max: 2048 * 1024 * 1024 },
      });
      // The map's names first; then each file as a card asks for it (a file no card uses is never read).
      expect(summary.media!.reasons, layout).toEqual([
        '../../etc/passwd: not a plain file name',
        'missing.png: missing from the package',
        'evil.svg: not an image or sound Turtle keeps',
        'page.html: not an image or sound Turtle keeps',
      ]);
      expect(summary.skipped, layout).toMatchObject({ mediaFiles: 5, notesWithMedia: 1 });
      expect(await fronts(client), layout).toEqual([
        `<img src="/api/cards/media/${sha(PNG)}" alt="a cat"> | gato`,
        'Evil | x',
        `Listen: <audio src="/api/cards/media/${sha(MP3)}"></audio> | hello`,
      ]);
      expect(await mediaRows(user.id), layout).toBe(2);
    }
  });

  it('serves a file to its owner only, as its sniffed type, sandboxed, cached by its hash, with ranges', async () => {
    const bytes = await ankiCurrentPackageWithMedia(await ankiCollection18(DECKS, NOTES), MEDIA);
    const owner = await packageSender(server, 'Media owner');
    expect((await owner.upload('/api/cards/import/apkg', bytes)).status).toBe(200);
    const image = await fetchMedia(`/api/cards/media/${sha(PNG)}`, owner.cookie);
    expect(image.status).toBe(200);
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
    expect(Object.fromEntries(image.headers)).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'content-disposition': 'inline',
      'cache-control': 'private, max-age=31536000, immutable',
      etag: `"${sha(PNG)}"`,
    });
    const again = await fetchMedia(`/api/cards/media/${sha(PNG)}`, owner.cookie, { 'if-none-match': `"${sha(PNG)}"` });
    expect(again.status).toBe(304);

    const part = await fetchMedia(`/api/cards/media/${sha(MP3)}`, owner.cookie, { range: 'bytes=10-19' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-type')).toBe('audio/mpeg');
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${MP3.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(MP3.subarray(10, 20));
    const past = await fetchMedia(`/api/cards/media/${sha(MP3)}`, owner.cookie, { range: `bytes=${MP3.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${MP3.length}`);

    // Another person, even knowing the hash, gets what a file nobody has gets: a 404.
    const other = await createUser(server.database.db, { name: 'Media stranger' });
    const stranger = await createSessionToken(server.database.db, other.id);
    for (const path of [`/api/cards/media/${sha(PNG)}`, `/api/cards/media/${sha(SVG_WITH_SCRIPT)}`]) {
      const response = await call(server.url, path, { cookie: stranger });
      expect(response.status, path).toBe(404);
      expect(response.data).toEqual({ code: 'notFound', message: 'That image or sound does not exist.' });
    }
    // The SVG and the page were never kept, and a name that is not a hash is no file.
    for (const path of [`/api/cards/media/${sha(SVG_WITH_SCRIPT)}`, `/api/cards/media/${sha(HTML_PAGE)}`]) {
      expect((await call(server.url, path, { cookie: owner.cookie })).status, path).toBe(404);
    }
    for (const name of ['..%2F..%2Fetc%2Fpasswd', sha(PNG).toUpperCase(), `${sha(PNG)}.svg`, 'x']) {
      expect((await call(server.url, `/api/cards/media/${name}`, { cookie: owner.cookie })).status, name).toBe(404);
    }
    expect((await call(server.url, `/api/cards/media/${sha(PNG)}`)).status).toBe(401);
  });

  it('a bogus zstd frame, a huge file and a damaged media list skip the media, counted; the cards still come', async () => {
    const huge = zstdFrameWithZeros(PNG, 11 * 1024 * 1024);
    const files: MediaFileInput[] = [
      { name: 'hola.mp3', bytes: MP3, entry: new Uint8Array([0x28, 0xb5, 0x2f, 0xfd, 1, 2, 3]) },
      { name: 'cat.png', bytes: PNG, entry: huge },
    ];
    const collection = await ankiCollection18(DECKS, NOTES.slice(0, 2));
    const { user, upload } = await packageSender(server, 'Media damaged');
    const imported = await upload('/api/cards/import/apkg', await ankiCurrentPackageWithMedia(collection, files));
    expect(imported.status, imported.text).toBe(200);
    expect((imported.data as ApkgSummary).media).toMatchObject({
      kept: 0,
      skipped: 2,
      reasons: ['hola.mp3: damaged in the package (not valid zstd)', 'cat.png: over 10 MB'],
    });
    expect(await mediaRows(user.id)).toBe(0);

    const bogusMap = await ankiCurrentPackageWithMedia(collection, MEDIA.slice(0, 2), {
      mediaMap: await zstd(new Uint8Array([0x0a, 0xff, 0xff])),
    });
    const second = await packageSender(server, 'Media bogus map');
    const result = await second.upload('/api/cards/import/apkg', bogusMap);
    expect(result.status, result.text).toBe(200);
    expect((result.data as ApkgSummary).media).toMatchObject({
      kept: 0,
      skipped: 2,
      reasons: ['2 files: the package’s media list is damaged'],
    });
    expect((result.data as ApkgSummary).cards).toBe(2);
  });

  it('past the plan’s media storage nothing is imported (403), neither cards nor files', async () => {
    const db = server.database.db;
    const user = await createUser(db, { name: 'Media free', plan: Plan.FREE });
    const cookie = await createSessionToken(db, user.id);
    // 50 MB already in use, recorded by size: the Free plan's whole allowance.
    await db.insert(cardMedia).values({
      userId: user.id,
      sha256: 'f'.repeat(64),
      mime: 'image/png',
      size: 50 * 1024 * 1024,
      bytes: Buffer.from(PNG),
      createdAt: Date.now(),
    });
    const bytes = await ankiCurrentPackageWithMedia(
      await ankiCollection18(DECKS, NOTES.slice(0, 2)),
      MEDIA.slice(0, 2),
    );
    const upload = (path: string) =>
      call(server.url, path, { body: bytes, contentType: 'application/octet-stream', cookie });
    const preview = await upload('/api/cards/import/apkg/preview');
    expect((preview.data as ApkgSummary).media?.quota).toEqual({ used: 50 * 1024 * 1024, max: 50 * 1024 * 1024 });
    const refused = await upload('/api/cards/import/apkg');
    expect(refused.status).toBe(403);
    expect((refused.data as { message: string }).message).toMatch(
      /^This package’s images and sounds take \d+ KB and your plan has room for 0 KB more \(50 MB in all\)\. Nothing was imported\.$/,
    );
    expect(await importedRows(db, user.id)).toEqual(NOTHING_IMPORTED);
    expect(await mediaRows(user.id)).toBe(1);
  });
});
