import { describe, expect, it } from 'vitest';
import { Plan } from '@turtle/shared/plans';
import { ankiCollection18, ankiCurrentPackage } from '../apps/server/test/support/anki-package-current';
import { expectNoSeriousA11yViolations } from './support/axe';
import { useE2eApp } from './support/e2e-app';

const app = useE2eApp();

// Written as Anki 26.x writes a package (collection.anki21b, schema 18, levels separated by \x1f).
const VERBS = 1_500_000_000_002;
const NOUNS = 1_500_000_000_003;
const IRREGULAR = 1_500_000_000_004;

describe('subdecks (docs/decisions/041-subdecks.md)', () => {
  it('imports a package with subdecks, shows the tree with rolled-up counts, and studying the parent brings the children’s cards', async () => {
    const collection = await ankiCollection18(
      { 1: 'Default', [VERBS]: 'Spanish::Verbs', [NOUNS]: 'Spanish::Nouns', [IRREGULAR]: 'Spanish::Verbs::Irregular' },
      [
        { model: 'basic', deck: VERBS, fields: ['comer', 'to eat'] },
        { model: 'basic', deck: VERBS, fields: ['beber', 'to drink'] },
        { model: 'basic', deck: NOUNS, fields: ['perro', 'dog'] },
        { model: 'basic', deck: IRREGULAR, fields: ['ser', 'to be'] },
      ],
    );
    const { page } = await app.newPage({ signedIn: { name: 'Subdeck learner', plan: Plan.PRO, expireAt: -1 } });
    await page.goto('/cards');
    await page.getByRole('link', { name: 'Import from Anki (.apkg)' }).click();
    await page.getByLabel('Anki package (.apkg)').setInputFiles({
      name: 'spanish.apkg',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(await ankiCurrentPackage(collection)),
    });
    await page.getByRole('button', { name: 'Import 4 cards' }).click();
    await page.getByTestId('apkg-summary').getByText('Imported 4 cards', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Go to my decks' }).click();

    const list = page.getByRole('list', { name: 'Decks' });
    await list.getByRole('link', { name: 'Spanish', exact: true }).waitFor();
    const rows = async () =>
      (await list.getByRole('listitem').allInnerTexts()).map((text) => text.replace(/\s+/g, ' '));
    expect(await rows()).toEqual([
      'Spanish 4 cards 4 new 0 learning 0 due Study',
      'Nouns 1 card 1 new 0 learning 0 due Study',
      'Verbs 3 cards 3 new 0 learning 0 due Study',
      'Irregular 1 card 1 new 0 learning 0 due Study',
    ]);
    // Children sit indented under their parent.
    const left = async (name: string) =>
      (await list
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name, exact: true }) })
        .boundingBox())!.x;
    expect(await left('Verbs')).toBeGreaterThan(await left('Spanish'));
    expect(await left('Irregular')).toBeGreaterThan(await left('Verbs'));
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.screenshot({ path: `screenshots/cards-subdecks-${width}.png`, fullPage: true });
      await expectNoSeriousA11yViolations(page, `the deck tree at ${width} px`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // Collapsing a parent hides its subdecks; its counts still hold them.
    await page.getByRole('button', { name: 'Hide the subdecks of Spanish::Verbs' }).click();
    expect(await rows()).toEqual([
      'Spanish 4 cards 4 new 0 learning 0 due Study',
      'Nouns 1 card 1 new 0 learning 0 due Study',
      'Verbs 3 cards 3 new 0 learning 0 due Study',
    ]);
    await page.getByRole('button', { name: 'Show the subdecks of Spanish::Verbs' }).click();
    await list.getByRole('link', { name: 'Irregular', exact: true }).waitFor();

    // A parent's page counts its subdecks' cards, and deleting it says they go too (docs/decisions/041-subdecks.md).
    await list.getByRole('link', { name: 'Spanish', exact: true }).click();
    await page.getByText('0 cards here, 4 cards with its 3 subdecks').waitFor();
    await page.getByRole('link', { name: 'Study (4)' }).waitFor();
    const subdecks = page.getByRole('navigation', { name: 'Subdecks' });
    expect(await subdecks.getByRole('link').evaluateAll((links) => links.map((link) => link.textContent))).toEqual([
      'Nouns 1 card',
      'Verbs 3 cards',
    ]);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.screenshot({ path: `screenshots/cards-subdecks-parent-${width}.png`, fullPage: true });
      await expectNoSeriousA11yViolations(page, `a parent deck's page at ${width} px`);
    }
    await page.getByRole('button', { name: 'Delete deck' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog
      .getByText(
        '“Spanish”, its 3 subdecks and all their 4 cards will be deleted, with their review history. This cannot be undone.',
      )
      .waitFor();
    await page.screenshot({ path: 'screenshots/cards-subdecks-delete-1280.png' });
    await expectNoSeriousA11yViolations(page, 'deleting a parent deck');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('link', { name: 'Decks', exact: true }).click();

    // Studying the parent goes through every child's cards, each card naming its own deck.
    await page.getByRole('link', { name: 'Study Spanish', exact: true }).click();
    await page.getByRole('heading', { name: 'Spanish', exact: true }).waitFor();
    const seen: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      await page
        .getByTestId('review-progress')
        .getByText(`${i} done · ${4 - i} left`)
        .waitFor();
      const deck = (await page.getByRole('article', { name: 'Card' }).innerText()).split('\n')[0];
      seen.push(`${deck} ${(await page.getByTestId('card-question').innerText()).trim()}`);
      await page.getByRole('button', { name: 'Show answer' }).click();
      await page.getByRole('button', { name: /^Easy/ }).click();
    }
    expect(seen.sort()).toEqual([
      'Spanish::Nouns perro',
      'Spanish::Verbs beber',
      'Spanish::Verbs comer',
      'Spanish::Verbs::Irregular ser',
    ]);
    expect(app.pageErrors).toEqual([]);
  });
});
