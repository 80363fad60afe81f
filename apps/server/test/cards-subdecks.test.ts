import { unzipSync } from 'fflate';
import initSqlJs from 'sql.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ListCardsResponse } from '@turtle/shared/cards';
import type { NextCardResponse } from '@turtle/shared/cards-review';
import type { AnkiNoteInput } from './support/anki-package';
import { ankiCollection18, ankiCurrentPackage } from './support/anki-package-current';
import { importedRows, packageSender } from './support/cards';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Subdecks (docs/decisions/041-subdecks.md): Anki's "Parent::Child" decks stay a hierarchy. A parent's counts roll up
 * from its subdecks, studying it studies them too, a rename moves them along, a delete takes them, and an export
 * names them as Anki does.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const VERBS = 1_500_000_000_002;
const NOUNS = 1_500_000_000_003;
const IRREGULAR = 1_500_000_000_004;
// As Anki 26.x writes it: each level a deck of its own; "Spanish" itself holds no card, so it is left out here to
// show that the parent is made when a package only names the children.
const DECKS = {
  1: 'Default',
  [VERBS]: 'Spanish::Verbs',
  [NOUNS]: 'Spanish::Nouns',
  [IRREGULAR]: 'Spanish::Verbs::Irregular',
};
const NOTES: AnkiNoteInput[] = [
  { model: 'basic', deck: VERBS, fields: ['comer', 'to eat'] },
  { model: 'basic', deck: VERBS, fields: ['beber', 'to drink'] },
  { model: 'basic', deck: NOUNS, fields: ['perro', 'dog'] },
  { model: 'reversed', deck: IRREGULAR, fields: ['ser', 'to be'] },
];

type Person = Awaited<ReturnType<typeof packageSender>>;

async function importPackage(person: Person, decks: Record<number, string>, notes: AnkiNoteInput[]) {
  const response = await person.upload(
    '/api/cards/import/apkg',
    await ankiCurrentPackage(await ankiCollection18(decks, notes)),
  );
  expect(response.status, response.text).toBe(200);
}

const tree = async (person: Person) =>
  (await person.client.decks()).decks.map((deck) => ({
    name: deck.name,
    label: deck.label,
    depth: deck.depth,
    cards: deck.cards,
    total: deck.total.cards,
    new: deck.total.due.new,
  }));

const idOf = async (person: Person, name: string) =>
  (await person.client.decks()).decks.find((deck) => deck.name === name)!.id;

async function next(person: Person, deckId: string) {
  const response = await person.client.call(`/api/cards/review/next?deckId=${deckId}&tz=UTC`);
  expect(response.status, response.text).toBe(200);
  return response.data as NextCardResponse;
}

/** Each card's deck in an exported package, read with the tests' SQLite. */
async function exportedDecks(apkg: Uint8Array) {
  const SQL = await initSqlJs();
  const db = new SQL.Database(unzipSync(apkg)['collection.anki2']!);
  const decks = JSON.parse(String(db.exec('select decks from col')[0]!.values[0]![0])) as Record<
    string,
    { name: string }
  >;
  const cards = db.exec('select n.flds, c.did from cards c join notes n on n.id = c.nid')[0]!.values;
  db.close();
  return {
    names: Object.values(decks)
      .map((deck) => deck.name)
      .sort(),
    cards: cards.map(([fields, did]) => `${String(fields).split('\x1f')[0]} @ ${decks[String(did)]!.name}`).sort(),
  };
}

describe('subdecks', () => {
  it('an import makes the parent once, keeps each card in its own deck and rolls the counts up', async () => {
    const person = await packageSender(server, 'Subdecks');
    await importPackage(person, DECKS, NOTES);
    // A second package under the same parent reuses it, spelled as it is.
    await importPackage(person, { 1: 'Default', 7: 'spanish::Adjectives' }, [
      { model: 'basic', deck: 7, fields: ['rojo', 'red'], guid: 'other-1' },
    ]);
    expect(await tree(person)).toEqual([
      { name: 'Spanish', label: 'Spanish', depth: 0, cards: 0, total: 6, new: 6 },
      { name: 'Spanish::Adjectives', label: 'Adjectives', depth: 1, cards: 1, total: 1, new: 1 },
      { name: 'Spanish::Nouns', label: 'Nouns', depth: 1, cards: 1, total: 1, new: 1 },
      { name: 'Spanish::Verbs', label: 'Verbs', depth: 1, cards: 2, total: 4, new: 4 },
      { name: 'Spanish::Verbs::Irregular', label: 'Irregular', depth: 2, cards: 2, total: 2, new: 2 },
    ]);
    expect((await importedRows(server.database.db, person.user.id)).decks).toBe(5);
    const irregular = await idOf(person, 'Spanish::Verbs::Irregular');
    const page = (await person.client.call(`/api/cards/list?deckId=${irregular}`)).data as ListCardsResponse;
    expect(page.cards.map((card) => `${card.kind} ${card.front}`)).toEqual(['reversed ser']);
  });

  it('studying a parent brings its subdecks’ cards; studying a child only its own', async () => {
    const person = await packageSender(server, 'Studies a parent');
    await importPackage(person, DECKS, NOTES);
    const parent = await next(person, await idOf(person, 'Spanish'));
    expect(parent.counts).toEqual({ learning: 0, review: 0, new: 5 });
    expect(parent.card?.deckName).toMatch(/^Spanish::/);
    const verbs = await next(person, await idOf(person, 'Spanish::Verbs'));
    expect(verbs.counts.new).toBe(4);
    const nouns = await next(person, await idOf(person, 'Spanish::Nouns'));
    expect(nouns.counts.new).toBe(1);
    expect(nouns.card).toMatchObject({ front: 'perro', deckName: 'Spanish::Nouns' });
    // Another person's parent is not a way into these cards.
    const stranger = await packageSender(server, 'Stranger');
    const response = await stranger.client.call(
      `/api/cards/review/next?deckId=${await idOf(person, 'Spanish')}&tz=UTC`,
    );
    expect(response.status).toBe(404);
  });

  it('exports a parent with its subdecks, named Parent::Child, each card in its deck', async () => {
    const person = await packageSender(server, 'Exports subdecks');
    await importPackage(person, DECKS, NOTES);
    const verbs = await idOf(person, 'Spanish::Verbs');
    const exported = await exportedDecks(
      (await person.client.bytes(`/api/cards/export?format=apkg&deckId=${verbs}`)).bytes,
    );
    expect(exported.names).toEqual(['Default', 'Spanish::Verbs', 'Spanish::Verbs::Irregular']);
    expect(exported.cards).toEqual([
      'beber @ Spanish::Verbs',
      'comer @ Spanish::Verbs',
      'ser @ Spanish::Verbs::Irregular',
      'ser @ Spanish::Verbs::Irregular',
    ]);
    // Imported again elsewhere, the same tree comes back.
    const other = await packageSender(server, 'Imports the export');
    const again = await other.upload(
      '/api/cards/import/apkg',
      (await person.client.bytes('/api/cards/export?format=apkg')).bytes,
    );
    expect(again.status, again.text).toBe(200);
    expect((await tree(other)).map((deck) => `${deck.depth} ${deck.label} ${deck.total}`)).toEqual([
      '0 Spanish 5',
      '1 Nouns 1',
      '1 Verbs 4',
      '2 Irregular 2',
    ]);
  });

  it('a rename moves the subdecks along; a delete takes them with their cards', async () => {
    const person = await packageSender(server, 'Renames a parent');
    await importPackage(person, DECKS, NOTES);
    await person.client.createDeck('Spanish 2');
    const spanish = await idOf(person, 'Spanish');
    const renamed = await person.client.call('/api/cards/decks/rename', { id: spanish, name: ' Español ' });
    expect(renamed.data).toEqual({ deck: { id: spanish, name: 'Español' } });
    expect((await tree(person)).map((deck) => deck.name)).toEqual([
      'Español',
      'Español::Nouns',
      'Español::Verbs',
      'Español::Verbs::Irregular',
      'Spanish 2',
    ]);
    // Moved under another deck: the levels above are made.
    const verbs = await idOf(person, 'Español::Verbs');
    await person.client.call('/api/cards/decks/rename', { id: verbs, name: 'Grammar :: Verbs' });
    expect((await tree(person)).map((deck) => `${deck.depth} ${deck.name} ${deck.total}`)).toEqual([
      '0 Español 1',
      '1 Español::Nouns 1',
      '0 Grammar 4',
      '1 Grammar::Verbs 4',
      '2 Grammar::Verbs::Irregular 2',
      '0 Spanish 2 0',
    ]);
    const inside = await person.client.call('/api/cards/decks/rename', {
      id: verbs,
      name: 'Grammar::Verbs::Irregular::X',
    });
    expect(inside.status).toBe(409);
    expect((inside.data as { message: string }).message).toBe('A deck cannot go inside one of its own subdecks.');
    const taken = await person.client.call('/api/cards/decks/rename', {
      id: await idOf(person, 'Grammar'),
      name: 'Español',
    });
    expect(taken.status).toBe(409);

    const deleted = await person.client.call('/api/cards/decks/delete', { id: await idOf(person, 'Grammar') });
    expect(deleted.status).toBe(200);
    expect((await tree(person)).map((deck) => deck.name)).toEqual(['Español', 'Español::Nouns', 'Spanish 2']);
    expect(await importedRows(server.database.db, person.user.id)).toMatchObject({ decks: 3, notes: 1, cards: 1 });
  });

  it('a deck made by hand as "A::B" makes "A" too', async () => {
    const person = await packageSender(server, 'Makes a subdeck');
    const made = await person.client.createDeck('Maths::Algebra');
    expect(made.name).toBe('Maths::Algebra');
    expect((await tree(person)).map((deck) => `${deck.depth} ${deck.label}`)).toEqual(['0 Maths', '1 Algebra']);
    const empty = await person.client.call('/api/cards/decks/create', { name: ' :: ' });
    expect(empty.status).toBe(400);
  });
});
