import { readAnkiPackage } from 'anki-reader';
import { describe, expect, it } from 'vitest';
import type { ListCardsResponse } from '@turtle/shared/cards';
import { CARD_IMPORT_MAX_BYTES, type ImportPreview, type ImportResponse } from '@turtle/shared/cards-import';
import { cardsClient } from './support/cards';
import { createSessionToken, createUser } from './support/factories';
import { useTestServer } from './support/use-test-server';

const server = useTestServer();

async function person() {
  const db = server.database.db;
  const user = await createUser(db);
  return { user, client: cardsClient(server.url, await createSessionToken(db, user.id)) };
}

async function download(client: ReturnType<typeof cardsClient>, query: string) {
  const res = await client.call(`/api/cards/export?${query}`);
  return res;
}

describe('export', () => {
  it('CSV: every card with its deck and tags; cells a spreadsheet would run as formulas are escaped', async () => {
    const { client } = await person();
    const deck = await client.createDeck('Formulas, "quoted"');
    await client.createCard(deck.id, {
      front: '=HYPERLINK("http://evil.example")',
      back: '+1',
      tags: ['math', 'risky'],
    });
    await client.createCard(deck.id, { front: '@SUM(A1)', back: '-2\nsecond line' });
    await client.createCard(deck.id, { kind: 'cloze', front: 'Fees of {{c1::1%}} add up.', back: '' });
    const res = await download(client, `format=csv&deckId=${deck.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="turtle-Formulas-quoted.csv"');
    const lines = res.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('front,back,deck,tags,type');
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://evil.example"")",'+1,"Formulas, ""quoted""",math risky,basic`);
    expect(res.text).toContain(`'@SUM(A1),"'-2\nsecond line","Formulas, ""quoted""",,basic\r\n`);
    expect(res.text).toContain('Fees of {{c1::1%}} add up.,,"Formulas, ""quoted""",,cloze');
  });

  it('CSV round trip: the export imports back as the same cards', async () => {
    const { client } = await person();
    const deck = await client.createDeck('Round trip');
    await client.createCard(deck.id, { front: '=1+1', back: 'two, "quoted"\nand a new line', tags: ['a'] });
    await client.createCard(deck.id, { kind: 'reversed', front: 'ETF', back: 'Exchange-traded fund' });
    const csv = (await download(client, `format=csv&deckId=${deck.id}`)).text;
    const other = await person();
    const imported = await other.client.call('/api/cards/import', { csv, createMissingDecks: true });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.data).toMatchObject({ imported: 2, cards: 3 });
    const newDeck = (await other.client.decks()).decks.find((item) => item.name === 'Round trip')!;
    const cards = ((await other.client.call(`/api/cards/list?deckId=${newDeck.id}`)).data as ListCardsResponse).cards;
    expect(
      cards
        .map(({ kind, front, back, tags }) => ({ kind, front, back, tags }))
        .sort((a, b) => a.front.localeCompare(b.front)),
    ).toEqual([
      { kind: 'basic', front: '=1+1', back: 'two, "quoted"\nand a new line', tags: ['a'] },
      { kind: 'reversed', front: 'ETF', back: 'Exchange-traded fund', tags: [] },
    ]);
  });

  it('CSV round trip of look-alike and hidden formulas and of text that starts with an apostrophe (decision 012)', async () => {
    const { client } = await person();
    const deck = await client.createDeck('Tricky');
    const texts: [string, string][] = [
      ['\uFF1D1+1', 'fullwidth equals'],
      ['\u200B=1+1', 'zero-width space first'],
      ['\uFEFF+1', 'byte order mark first'],
      ["'=x", 'one apostrophe'],
      ["''=x", 'two apostrophes'],
      ["'hello", 'an apostrophe, no formula'],
      ['\u2060\uFF20SUM(A1)', '\uFF0D5'],
    ];
    for (const [front, back] of texts) await client.createCard(deck.id, { front, back });
    const stored = ((await client.call(`/api/cards/list?deckId=${deck.id}`)).data as ListCardsResponse).cards
      .map(({ front, back }) => ({ front, back }))
      .sort((a, b) => (a.front < b.front ? -1 : 1));
    // Card text is trimmed when saved, and JavaScript's trim takes U+FEFF: that one is kept as `+1`.
    expect(stored.map((card) => card.front).sort()).toEqual(
      texts.map(([front]) => (front === '\uFEFF+1' ? '+1' : front)).sort(),
    );

    const csv = (await download(client, `format=csv&deckId=${deck.id}`)).text;
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toContain("'\uFF1D1+1,fullwidth equals,Tricky,,basic");
    expect(lines).toContain("'\u200B=1+1,zero-width space first,Tricky,,basic");
    expect(lines).toContain("'+1,byte order mark first,Tricky,,basic");
    expect(lines).toContain("''=x,one apostrophe,Tricky,,basic");
    expect(lines).toContain("'''=x,two apostrophes,Tricky,,basic");
    expect(lines).toContain('\'hello,"an apostrophe, no formula",Tricky,,basic');
    expect(lines).toContain("'\u2060\uFF20SUM(A1),'\uFF0D5,Tricky,,basic");

    const other = await person();
    const imported = await other.client.call('/api/cards/import', { csv, createMissingDecks: true });
    expect(imported.status, imported.text).toBe(200);
    const newDeck = (await other.client.decks()).decks.find((item) => item.name === 'Tricky')!;
    const back = ((await other.client.call(`/api/cards/list?deckId=${newDeck.id}`)).data as ListCardsResponse).cards
      .map(({ front, back: answer }) => ({ front, back: answer }))
      .sort((a, b) => (a.front < b.front ? -1 : 1));
    expect(back).toEqual(stored);
  });

  it('Anki package: an independent reader (anki-reader) finds the decks, the cards and their text', async () => {
    const { client } = await person();
    const finance = await client.createDeck('Finance');
    const words = await client.createDeck('Words');
    await client.createCard(finance.id, { front: 'What is a bond?', back: 'A loan <to> a company' });
    await client.createCard(words.id, { kind: 'reversed', front: 'ETF', back: 'Exchange-traded fund' });
    await client.createCard(words.id, { kind: 'cloze', front: '{{c1::Stocks}} and {{c2::bonds}}', back: 'extra' });
    const apkg = await client.bytes('/api/cards/export?format=apkg');
    expect(apkg.status).toBe(200);
    expect(apkg.headers.get('content-disposition')).toBe('attachment; filename="turtle-cards.apkg"');
    const { collection } = await readAnkiPackage(new Blob([apkg.bytes]));
    const decks = Object.values(collection.getDecks());
    const byName = new Map(decks.map((deck) => [deck.getName(), deck]));
    expect([...byName.keys()].sort()).toEqual(['Default', 'Finance', 'Words']);
    const cardsOf = (name: string) =>
      Object.values(byName.get(name)!.getCards()).map((card) => ({
        fields: card.getOrderedFields(),
        ord: card.getRawCard().ord,
      }));
    expect(cardsOf('Finance')).toEqual([{ fields: ['What is a bond?', 'A loan &lt;to&gt; a company'], ord: 0 }]);
    const byText = (a: { fields: string[]; ord: number }, b: { fields: string[]; ord: number }) =>
      a.fields[0]! < b.fields[0]! ? -1 : a.fields[0]! > b.fields[0]! ? 1 : a.ord - b.ord;
    expect(cardsOf('Words').sort(byText)).toEqual([
      { fields: ['ETF', 'Exchange-traded fund'], ord: 0 },
      { fields: ['ETF', 'Exchange-traded fund'], ord: 1 },
      { fields: ['{{c1::Stocks}} and {{c2::bonds}}', 'extra'], ord: 0 },
      { fields: ['{{c1::Stocks}} and {{c2::bonds}}', 'extra'], ord: 1 },
    ]);
    const models = Object.values(collection.getModels()).map((model) =>
      (model as unknown as { getName(): string }).getName(),
    );
    expect(models.sort()).toEqual(['Turtle Basic', 'Turtle Basic (and reversed card)', 'Turtle Cloze']);
    // The basic card's question and answer, as Anki's templates render them.
    const bond = Object.values(byName.get('Finance')!.getCards())[0]!;
    expect(bond.getFront()).toBe('What is a bond?');
    expect(bond.getBack()).toContain('A loan &lt;to&gt; a company');
  });
});

describe('import', () => {
  const preview = (client: ReturnType<typeof cardsClient>, body: Record<string, unknown>) =>
    client.call('/api/cards/import/preview', body);

  it('previews rows and gives every bad row its own message; importing such a file imports nothing', async () => {
    const { client } = await person();
    await client.createDeck('Known');
    const csv = [
      'front,back,deck,tags',
      'Good one,Answer,Known,t1 t2',
      ',no front,Known,',
      'Unknown deck,x,Nowhere,',
      `${'x'.repeat(10_001)},long,Known,`,
      'Cloze {{c1::ok}},,Known,',
      'Too,many,Known,tags,cloze,extra',
    ].join('\n');
    const res = await preview(client, { csv });
    expect(res.status, res.text).toBe(200);
    const body = res.data as ImportPreview;
    expect(body.errors).toEqual([
      { row: 3, message: 'Row 3: The front is empty.' },
      {
        row: 4,
        message: 'Row 4: unknown deck “Nowhere” (create it first, or choose to create the decks the file names).',
      },
      { row: 5, message: 'Row 5: Card text is over 10,000 characters.' },
      { row: 7, message: 'Row 7: 6 cells, but the columns are front, back, deck, tags.' },
    ]);
    expect(body.rows.map((row) => [row.row, row.kind, row.front, row.deck, row.tags])).toEqual([
      [2, 'basic', 'Good one', 'Known', ['t1', 't2']],
      [6, 'cloze', 'Cloze {{c1::ok}}', 'Known', []],
    ]);
    const imported = await client.call('/api/cards/import', { csv });
    expect(imported.status).toBe(400);
    expect((imported.data as { message: string }).message).toBe(
      'Row 3: The front is empty. (and 3 more) Nothing was imported.',
    );
    expect((await client.decks()).decks.find((deck) => deck.name === 'Known')!.cards).toBe(0);
  });

  it('reports broken quoting on its row, and an unknown column in the header', async () => {
    const { client } = await person();
    const broken = (
      await preview(client, {
        csv: 'front,back,deck\nfine,ok,D\n"never closed,back,D\nmore,rows,D',
        createMissingDecks: true,
      })
    ).data as ImportPreview;
    expect(broken.errors).toEqual([
      { row: 3, message: 'Row 3: a quoted cell is never closed (check the quotes from here on).' },
    ]);
    const header = (await preview(client, { csv: 'front,back,colour\na,b,red', createMissingDecks: true }))
      .data as ImportPreview;
    expect(header.errors[0]).toEqual({
      row: 1,
      message: 'Row 1: unknown column “colour”; the columns are front, back, deck, tags and type.',
    });
  });

  it('makes missing decks when asked, puts rows without a deck in the chosen deck, and unescapes formula cells', async () => {
    const { client } = await person();
    const target = await client.createDeck('Target');
    const csv = "deck,front,back\n,'=1+2,three\nNew deck,Q,A\nnew DECK,Q2,A2";
    const body = (await preview(client, { csv, deckId: target.id, createMissingDecks: true })).data as ImportPreview;
    expect(body.errors).toEqual([]);
    expect(body.newDecks).toEqual(['New deck']);
    const res = await client.call('/api/cards/import', { csv, deckId: target.id, createMissingDecks: true });
    expect(res.data).toMatchObject({ imported: 3, cards: 3 } satisfies Partial<ImportResponse>);
    const decks = (await client.decks()).decks;
    expect(decks.map((deck) => [deck.name, deck.cards])).toEqual([
      ['New deck', 2],
      ['Target', 1],
    ]);
    const cards = ((await client.call(`/api/cards/list?deckId=${target.id}`)).data as ListCardsResponse).cards;
    expect(cards[0]!.front).toBe('=1+2');
  });

  it('refuses a file over 5 MB or over 10,000 rows, and another person’s deck', async () => {
    const { client } = await person();
    const big = await client.call('/api/cards/import/preview', { csv: 'a'.repeat(CARD_IMPORT_MAX_BYTES + 1) });
    expect(big.status).toBe(413);
    expect((big.data as { message: string }).message).toBe('The file is over 5 MB. Split it into smaller files.');
    const rows = Array.from({ length: 10_001 }, (_, index) => `q${index},a`).join('\n');
    const many = await client.call('/api/cards/import/preview', { csv: rows, createMissingDecks: true });
    expect(many.status).toBe(400);
    expect((many.data as { message: string }).message).toBe(
      'The file has more than 10,000 rows. Split it into smaller files.',
    );
    const other = await person();
    const theirs = await other.client.createDeck('Theirs');
    expect((await client.call('/api/cards/import/preview', { csv: 'a,b', deckId: theirs.id })).status).toBe(404);
  });
});
