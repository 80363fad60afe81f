import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApkgSummary } from '@turtle/shared/cards-import';
import type { ListCardsResponse } from '@turtle/shared/cards';
import { cardMedia } from '../src/db/schema';
import type { AnkiNoteInput } from './support/anki-package';
import { ankiCollection18 } from './support/anki-package-current';
import { ankiCurrentPackageWithMedia, mp3Sound, pngImage } from './support/anki-package-media';
import { packageSender } from './support/cards';
import { useTestServer } from './support/use-test-server';

// docs/decisions/038-card-media.md: an image or sound no card names any more (its deck or note deleted, or taken out
// of a note's text) is freed, and the person's media storage figure drops by its size; another person's copy stays.

const server = useTestServer();

const CAT = pngImage(8);
const DOG = pngImage(12, [200, 40, 40]);
const HOLA = mp3Sound();
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const DECKS = { 1: 'Default', 1_500_000_000_001: 'Spanish', 1_500_000_000_002: 'Animals' };
const NOTES: AnkiNoteInput[] = [
  { model: 'basic', deck: 1_500_000_000_001, fields: ['Listen: [sound:hola.mp3]', 'hello'] },
  { model: 'basic', deck: 1_500_000_000_001, fields: ['<img src="cat.png">', 'gato'] },
  { model: 'basic', deck: 1_500_000_000_002, fields: ['<img src="cat.png">', 'cat'] },
  { model: 'basic', deck: 1_500_000_000_002, fields: ['<img src="dog.png">', 'dog'] },
];
const MEDIA = [
  { name: 'hola.mp3', bytes: HOLA },
  { name: 'cat.png', bytes: CAT },
  { name: 'dog.png', bytes: DOG },
];

async function importedPerson(name: string) {
  const person = await packageSender(server, name);
  const bytes = await ankiCurrentPackageWithMedia(await ankiCollection18(DECKS, NOTES), MEDIA);
  const imported = await person.upload('/api/cards/import/apkg', bytes);
  expect(imported.status, imported.text).toBe(200);
  /** The storage figure the import screen shows (the preview's quota), and the files kept. */
  const storage = async () => {
    const preview = await person.upload('/api/cards/import/apkg/preview', bytes);
    const rows = await server.database.db
      .select({ sha256: cardMedia.sha256 })
      .from(cardMedia)
      .where(eq(cardMedia.userId, person.user.id));
    return { used: (preview.data as ApkgSummary).media!.quota.used, files: rows.map((row) => row.sha256).sort() };
  };
  const deck = async (deckName: string) => (await person.client.decks()).decks.find((d) => d.name === deckName)!;
  const cardsOf = async (deckName: string) =>
    ((await person.client.call(`/api/cards/list?deckId=${(await deck(deckName)).id}`)).data as ListCardsResponse).cards;
  return { ...person, storage, deck, cardsOf };
}

describe('unused card media', () => {
  it('is freed when its deck, its note or its place in a note’s text goes; a file another card uses stays', async () => {
    const person = await importedPerson('Sweeper');
    const other = await importedPerson('Bystander');
    const all = [sha(HOLA), sha(CAT), sha(DOG)].sort();
    expect(await person.storage()).toEqual({ used: HOLA.length + CAT.length + DOG.length, files: all });

    // Spanish goes: the sound only it used is freed, the cat the Animals deck also shows stays.
    const spanish = await person.deck('Spanish');
    expect((await person.client.call('/api/cards/decks/delete', { id: spanish.id })).status).toBe(200);
    expect(await person.storage()).toEqual({ used: CAT.length + DOG.length, files: [sha(CAT), sha(DOG)].sort() });

    // The dog's note goes.
    const animals = await person.cardsOf('Animals');
    const dog = animals.find((card) => card.back === 'dog')!;
    expect((await person.client.call('/api/cards/delete', { id: dog.id })).status).toBe(200);
    expect(await person.storage()).toEqual({ used: CAT.length, files: [sha(CAT)] });

    // The cat is taken out of the last note that showed it.
    const cat = (await person.cardsOf('Animals')).find((card) => card.back === 'cat')!;
    const edit = { id: cat.id, deckId: cat.deckId, card: { kind: 'basic', front: 'A cat', back: 'cat' } };
    const edited = await person.client.call('/api/cards/update', edit);
    expect(edited.status, edited.text).toBe(200);
    expect(await person.storage()).toEqual({ used: 0, files: [] });

    // The other person's copies were never theirs to free.
    expect(await other.storage()).toEqual({ used: HOLA.length + CAT.length + DOG.length, files: all });
  });
});
