import { unzipSync } from 'fflate';
import initSqlJs from 'sql.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApkgSummary } from '@turtle/shared/cards-import';
import type { ListCardsResponse } from '@turtle/shared/cards';
import type { AnkiNoteInput } from './support/anki-package';
import { ankiCollection18, ankiCurrentPackage } from './support/anki-package-current';
import { packageSender } from './support/cards';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * docs/security.md 7d.3: an Anki card's formatting survives the import as the card HTML subset and its formulas as
 * Anki wrote them (the card face draws both), and the export writes a card's markdown as that subset, formulas as
 * `\(…\)` and `\[…\]`, so Anki shows bold, not `**bold**`.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Fields as Anki's editor writes them: sub- and superscripts, bold in a div, a list, MathJax, and hostile markup. */
const NOTES: AnkiNoteInput[] = [
  {
    model: 'basic',
    deck: 1,
    fields: ['H<sub>2</sub>O is <i>water</i>', '<div><b>Two</b> hydrogen</div><div>one oxygen</div>'],
  },
  { model: 'basic', deck: 1, fields: ['Square of x', 'x<sup>2</sup>, written \\(x^2\\)'] },
  {
    model: 'basic',
    deck: 1,
    fields: ['Parts of a bond', 'Parts:<ul><li>coupon</li><li><u>principal</u></li></ul>and <code>a < b</code>'],
  },
  {
    model: 'basic',
    deck: 1,
    fields: [
      '<span style="color:red" onclick="alert(1)">Hostile</span><script>alert(2)</script>',
      '<a href="javascript:alert(3)">no link</a> <a href="https://example.com/">a link</a><img src="x.png" onerror="alert(4)" alt="a picture">',
    ],
  },
];

async function exportedFields(bytes: Uint8Array): Promise<string[][]> {
  const SQL = await initSqlJs();
  const db = new SQL.Database(unzipSync(bytes)['collection.anki2']!);
  try {
    const rows = db.exec('SELECT flds FROM notes ORDER BY sfld')[0]!.values;
    return rows.map(([fields]) => String(fields).split('\x1f'));
  } finally {
    db.close();
  }
}

describe('formatting and math through an Anki package', () => {
  it('imports a package built as Anki 26.x builds it with the HTML subset and the formulas, and exports them back', async () => {
    const { client, upload } = await packageSender(server, 'Chemist');
    const bytes = await ankiCurrentPackage(await ankiCollection18({ 1: 'Default', 2: 'Science' }, NOTES));
    const imported = await upload('/api/cards/import/apkg', bytes);
    expect(imported.status, imported.text).toBe(200);
    expect((imported.data as ApkgSummary).cards).toBe(4);
    // The image left its alt text, and the summary counts the note as one with media.
    expect((imported.data as ApkgSummary).skipped.notesWithMedia).toBe(1);

    const deck = (await client.decks()).decks.find((item) => item.name === 'Default')!;
    const listed = ((await client.call(`/api/cards/list?deckId=${deck.id}`)).data as ListCardsResponse).cards;
    const stored = listed.map(({ front, back }) => [front, back]).sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
    expect(stored).toEqual([
      ['H<sub>2</sub>O is <i>water</i>', '<b>Two</b> hydrogen<br>\none oxygen'],
      ['Hostile', 'no link <a href="https://example.com/">a link</a>a picture'],
      ['Parts of a bond', 'Parts:\n\n- coupon\n- <u>principal</u>\n\nand <code>a < b</code>'],
      ['Square of x', 'x<sup>2</sup>, written \\(x^2\\)'],
    ]);

    // A card written in Turtle's markdown, beside the imported ones.
    await client.createCard(deck.id, { front: '**Euler**: $e^{i\\pi}+1=0$', back: '$$\\int_0^1 x\\,dx$$' });
    const exported = await client.bytes('/api/cards/export?format=apkg');
    expect(exported.status).toBe(200);
    expect(await exportedFields(exported.bytes)).toEqual([
      ['<strong>Euler</strong>: \\(e^{i\\pi}+1=0\\)', '\\[\\int_0^1 x\\,dx\\]'],
      ['H<sub>2</sub>O is <i>water</i>', '<b>Two</b> hydrogen<br>\none oxygen'],
      ['Hostile', 'no link <a href="https://example.com/">a link</a>a picture'],
      ['Parts of a bond', 'Parts:<ul>\n<li>coupon</li>\n<li><u>principal</u></li>\n</ul>and <code>a &lt; b</code>'],
      ['Square of x', 'x<sup>2</sup>, written \\(x^2\\)'],
    ]);
  });

  it('brings an export back as the same cards', async () => {
    const source = await packageSender(server, 'Round tripper');
    const deck = await source.client.createDeck('Formulas');
    for (const [front, back] of [
      ['H<sub>2</sub>O and x<sup>2</sup>', '<b>water</b> \\(x^2\\)'],
      ['Steps', '- one\n- two\n\n\\[\\frac{1}{2}\\]'],
    ]) {
      await source.client.createCard(deck.id, { front: front!, back: back! });
    }
    const apkg = await source.client.bytes('/api/cards/export?format=apkg');
    const target = await packageSender(server, 'Round receiver');
    expect((await target.upload('/api/cards/import/apkg', apkg.bytes)).status).toBe(200);
    const cardsOf = async (who: typeof source) => {
      const id = (await who.client.decks()).decks.find((item) => item.name === 'Formulas')!.id;
      return ((await who.client.call(`/api/cards/list?deckId=${id}`)).data as ListCardsResponse).cards
        .map(({ front, back }) => `${front} | ${back}`)
        .sort();
    };
    expect(await cardsOf(target)).toEqual(await cardsOf(source));
  });
});
