import { createHash } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import initSqlJs from 'sql.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApkgSummary } from '@turtle/shared/cards-import';
import type { AnkiNoteInput } from './support/anki-package';
import { ankiCollection18 } from './support/anki-package-current';
import { ankiCurrentPackageWithMedia, mp3Sound, pngImage } from './support/anki-package-media';
import { packageSender } from './support/cards';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * docs/decisions/038-card-media.md: the `.apkg` export puts the card media back as Anki keeps it (the `media` map and
 * the numbered files; `<img src="name">` and `[sound:name]` in the fields), so Turtle → .apkg → Turtle keeps them.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const PNG = pngImage(12);
const MP3 = mp3Sound();
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const NOTES: AnkiNoteInput[] = [
  { model: 'basic', deck: 2, fields: ['Listen: [sound:hola.mp3]', '<img src="cat.png" alt="a cat"> gato'] },
];

describe('Anki export of card media (decision 038)', () => {
  it('writes the images and sounds into the package, and they come back when it is imported again', async () => {
    const bytes = await ankiCurrentPackageWithMedia(await ankiCollection18({ 1: 'Default', 2: 'Spanish' }, NOTES), [
      { name: 'hola.mp3', bytes: MP3 },
      { name: 'cat.png', bytes: PNG },
    ]);
    const first = await packageSender(server, 'Media exporter');
    expect((await first.upload('/api/cards/import/apkg', bytes)).status).toBe(200);

    const exported = await fetch(`${server.url}/api/cards/export?format=apkg`, {
      headers: { cookie: `sid=${first.cookie}` },
    });
    expect(exported.status).toBe(200);
    const apkg = new Uint8Array(await exported.arrayBuffer());
    const files = unzipSync(apkg);
    const map = JSON.parse(strFromU8(files.media!)) as Record<string, string>;
    const png = `${sha(PNG).slice(0, 16)}.png`;
    const mp3 = `${sha(MP3).slice(0, 16)}.mp3`;
    expect(Object.values(map).sort()).toEqual([png, mp3].sort());
    for (const [index, name] of Object.entries(map)) expect(files[index], name).toEqual(name === png ? PNG : MP3);
    const SQL = await initSqlJs();
    const db = new SQL.Database(files['collection.anki2']);
    const fields = String(db.exec('select flds from notes')[0]!.values[0]![0]).split('\x1f');
    db.close();
    expect(fields).toEqual([`Listen: [sound:${mp3}]`, `<img src="${png}" alt="a cat"> gato`]);

    const second = await packageSender(server, 'Media re-importer');
    const again = await second.upload('/api/cards/import/apkg', apkg);
    expect(again.status, again.text).toBe(200);
    expect((again.data as ApkgSummary).media).toMatchObject({ kept: 2, skipped: 0 });
    const card = (await second.client.call('/api/cards/list?deckId=' + (await second.client.decks()).decks[0]!.id))
      .data as { cards: { front: string; back: string }[] };
    expect(card.cards[0]).toMatchObject({
      front: `Listen: <audio src="/api/cards/media/${sha(MP3)}"></audio>`,
      back: `<img src="/api/cards/media/${sha(PNG)}" alt="a cat"> gato`,
    });
  });
});
