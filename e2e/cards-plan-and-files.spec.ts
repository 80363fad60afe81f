import fs from 'node:fs/promises';
import { readAnkiPackage } from 'anki-reader';
import { describe, expect, it } from 'vitest';
import { Plan } from '@turtle/shared/plans';
import { cardsUi, createCardViaApi, expectDrafts, fillDeck } from './support/cards';
import { useE2eApp } from './support/e2e-app';
import { saveNoteViaApi } from './support/notes';

const app = useE2eApp({ env: { TRUST_PROXY: 'true' } });

const NOTE = [
  'An index fund buys every company in an index, so one purchase spreads the risk.',
  'Fees of index funds are often below 0.1 percent a year.',
  'Over 30 years, a 1 percent fee can eat a quarter of your savings.',
].join(' ');

describe('the plan’s card limit', () => {
  it('a Free member stops at 100 cards, with the meter and the upgrade link', async () => {
    const { page, sessionToken } = await app.newPage({ signedIn: true });
    await fillDeck(app.url, sessionToken!, 'Full', 98);
    const note = await saveNoteViaApi(app.url, sessionToken!, { name: 'Funds', content: NOTE });
    await page.goto(`/note/${note.id}`);
    await page.getByRole('link', { name: 'Make cards' }).click();
    await expectDrafts(page, 3);
    await cardsUi.meter(page).getByText('98 of 100 cards').waitFor();
    await page.getByRole('button', { name: 'Accept all (3)' }).click();
    const refusal = page
      .getByRole('alert')
      .filter({ hasText: 'The Free plan holds up to 100 cards. Upgrade to Pro for unlimited cards.' });
    await refusal.waitFor();
    await expectDrafts(page, 3);
    await cardsUi.draft(page, 1).getByRole('button', { name: 'Accept draft 1' }).click();
    await cardsUi.draft(page, 1).getByRole('button', { name: 'Accept draft 1' }).click();
    await expectDrafts(page, 1);
    await cardsUi.meter(page).getByText('100 of 100 cards').waitFor();
    await cardsUi.draft(page, 1).getByRole('button', { name: 'Accept draft 1' }).click();
    await refusal.waitFor();
    await expectDrafts(page, 1);
    await refusal.getByRole('link', { name: 'See Pro' }).click();
    await page.waitForURL(`${app.url}/pricing`);
    // Writing a card by hand is refused the same way.
    await page.goto('/cards/new');
    await cardsUi.meter(page).getByRole('link', { name: 'Upgrade to Pro for unlimited cards' }).waitFor();
    await page.getByLabel('Front').fill('One more');
    await page.getByLabel('Back').fill('No room');
    await page.getByRole('button', { name: 'Add card' }).click();
    await page.getByRole('alert').getByText('The Free plan holds up to 100 cards.', { exact: false }).waitFor();
    expect(app.pageErrors).toEqual([]);
  });

  it('a Pro member does not stop', async () => {
    const { page, sessionToken } = await app.newPage({
      signedIn: { name: 'Pro', plan: Plan.PRO, expireAt: Date.now() + 365 * 86_400_000 },
    });
    await fillDeck(app.url, sessionToken!, 'Full', 99);
    const note = await saveNoteViaApi(app.url, sessionToken!, { name: 'Funds', content: NOTE });
    await page.goto(`/note/${note.id}`);
    await page.getByRole('link', { name: 'Make cards' }).click();
    await expectDrafts(page, 3);
    await cardsUi.meter(page).getByText('99 cards · Pro: no limit').waitFor();
    await page.getByRole('button', { name: 'Accept all (3)' }).click();
    await page.getByText('No drafts waiting.', { exact: false }).waitFor();
    await cardsUi.meter(page).getByText('102 cards · Pro: no limit').waitFor();
    expect(await page.getByRole('link', { name: /Upgrade/ }).count()).toBe(0);
  });
});

describe('export and import', () => {
  it('exports an Anki package and a CSV, and the CSV imports back with a preview', async () => {
    const { page, sessionToken } = await app.newPage({ signedIn: true });
    await createCardViaApi(app.url, sessionToken!, 'Spanish', {
      kind: 'reversed',
      front: 'el perro',
      back: 'the dog',
      tags: ['vocab'],
    });
    await createCardViaApi(app.url, sessionToken!, 'Spanish', {
      kind: 'cloze',
      front: '{{c1::Ser}} is to be',
      back: '',
    });
    await createCardViaApi(app.url, sessionToken!, 'Maths', { kind: 'basic', front: '=2+2', back: '4' });
    await page.goto('/cards');

    const [apkg] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export all for Anki (.apkg)' }).click(),
    ]);
    expect(apkg.suggestedFilename()).toBe('turtle-cards.apkg');
    const { collection } = await readAnkiPackage(new Blob([await fs.readFile((await apkg.path())!)]));
    const names = Object.values(collection.getDecks()).map((deck) => deck.getName());
    expect(names.sort()).toEqual(['Default', 'Maths', 'Spanish']);
    const spanish = Object.values(collection.getDecks()).find((deck) => deck.getName() === 'Spanish')!;
    expect(Object.keys(spanish.getCards())).toHaveLength(3);

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export all as CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toBe('turtle-cards.csv');
    const text = await fs.readFile((await csv.path())!, 'utf8');
    expect(text).toContain("'=2+2,4,Maths,,basic");
    expect(text).toContain('el perro,the dog,Spanish,vocab,reversed');

    await page.getByRole('link', { name: 'Import CSV' }).click();
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'turtle-cards.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
    await page.getByTestId('import-summary').getByText('turtle-cards.csv: 3 rows, 4 cards to add.').waitFor();
    expect(await page.getByRole('table').getByRole('row').count()).toBe(4);
    await page.getByRole('button', { name: 'Import 4 cards' }).click();
    await page.waitForURL(`${app.url}/cards`);
    await cardsUi.deckRow(page, 'Spanish').getByText('6 cards').waitFor();
    await cardsUi.deckRow(page, 'Maths').getByText('2 cards').waitFor();
    expect(app.pageErrors).toEqual([]);
  });

  it('shows each bad row of a CSV and imports nothing until it is fixed', async () => {
    const { page } = await app.newPage({ signedIn: true });
    await page.goto('/cards/import');
    const bad = 'front,back,deck\n,no front,Biology\n"broken,quote,Biology\n';
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    const errors = page.getByRole('list', { name: 'Errors' });
    await errors.getByText('Row 2: The front is empty.').waitFor();
    await errors.getByText('Row 3: a quoted cell is never closed', { exact: false }).waitFor();
    const good = 'front,back,deck\nCell,Unit of life,Biology\n';
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'good.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await page
      .getByRole('list', { name: 'Errors' })
      .getByText('Row 2: unknown deck “Biology”', { exact: false })
      .waitFor();
    await page.getByLabel('Create the decks the file names that I do not have yet').check();
    await page.getByTestId('import-summary').getByText('new decks: Biology', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Import 1 card' }).click();
    await page.waitForURL(`${app.url}/cards`);
    await cardsUi.deckRow(page, 'Biology').getByText('1 card').waitFor();
  });
});
