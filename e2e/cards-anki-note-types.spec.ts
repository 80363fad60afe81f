import { describe, expect, it } from 'vitest';
import { Plan } from '@turtle/shared/plans';
import { ankiCollection18, ankiCurrentPackage } from '../apps/server/test/support/anki-package-current';
import { DECKS, NOTES } from '../apps/server/test/support/anki-note-types';
import { expectNoSeriousA11yViolations } from './support/axe';
import { cardsUi } from './support/cards';
import { useE2eApp } from './support/e2e-app';

const app = useE2eApp();
/** A face's text with its line breaks as spaces (innerText draws a <br> as one only once laid out). */
const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('Anki note types as Anki renders them (docs/decisions/042-anki-note-types.md)', () => {
  it('imports a cloze note type and a three-field one, and reviews their cards as their templates draw them, at 1280 and 390 px', async () => {
    const bytes = await ankiCurrentPackage(await ankiCollection18(DECKS, NOTES));
    const { page } = await app.newPage({ signedIn: { name: 'Template user', plan: Plan.PRO, expireAt: -1 } });
    await page.goto('/cards');
    await page.getByRole('link', { name: 'Import from Anki (.apkg)' }).click();
    await page.getByRole('heading', { name: 'Import from Anki' }).waitFor();
    await page
      .getByLabel('Anki package (.apkg)')
      .setInputFiles({ name: 'languages.apkg', mimeType: 'application/octet-stream', buffer: Buffer.from(bytes) });
    const summary = page.getByTestId('apkg-summary');
    await summary.getByText('Will import 10 cards from 5 notes', { exact: false }).waitFor();
    await page
      .getByTestId('apkg-note-types')
      .getByText(
        'Notes of their own note types keep every field, each card drawn by its template: “Vocabulary (3 fields)” (2 notes), “Cloze with source” (1 note).',
      )
      .waitFor();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.screenshot({ path: `screenshots/cards-anki-note-types-preview-${width}.png`, fullPage: true });
      await expectNoSeriousA11yViolations(page, `the preview of kept note types at ${width} px`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Import 10 cards' }).click();
    await summary.getByText('Imported 10 cards', { exact: false }).waitFor();

    // The reversed card and the vocabulary's "Recall" card stay in their own subdeck.
    await page.goto('/cards');
    await cardsUi.deckRow(page, 'Recall').waitFor();
    await page.screenshot({ path: 'screenshots/cards-anki-note-types-decks-1280.png', fullPage: true });

    await page.goto('/cards/review');
    const seen = new Map<string, string>();
    for (let i = 0; i < 10; i++) {
      const question = cardsUi.question(page);
      await expect.poll(() => cardsUi.progress(page).innerText()).toContain(`${i} done`);
      await question.waitFor();
      const asked = flat(await question.innerText());
      await page.keyboard.press('Space');
      const answer = cardsUi.answer(page);
      await answer.waitFor();
      seen.set(asked, flat(await answer.innerText()));
      const shot = asked === '[...] is in France.' ? 'cloze' : asked.startsWith('dog ') ? 'hint' : null;
      if (shot) {
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
          await page.screenshot({ path: `screenshots/cards-anki-note-types-${shot}-${width}.png`, fullPage: true });
          await expectNoSeriousA11yViolations(page, `a ${shot} card of a kept note type at ${width} px`);
        }
        await page.setViewportSize({ width: 1280, height: 800 });
      }
      await cardsUi.grade(page, 'Easy').click();
    }
    expect([...seen.keys()].sort()).toEqual(
      [
        'perro',
        'dog Example: El perro ladra.',
        'Use perro in a sentence.',
        'gato',
        'cat',
        '[...] is in France.',
        'Paris is in [country].',
        'sol',
        'sun',
        '[…] is in Spain',
      ].sort(),
    );
    // The three-field note type's three templates, the cloze note type's two cards, with the answers under them.
    expect(seen.get('perro')).toBe('dog El perro ladra.');
    expect(seen.get('dog Example: El perro ladra.')).toBe('perro');
    expect(seen.get('Use perro in a sentence.')).toBe('El perro ladra.');
    expect(seen.get('gato')).toBe('cat');
    expect(seen.get('[...] is in France.')).toBe('Paris is in France. Capital Source: Atlas');
    expect(seen.get('Paris is in [country].')).toBe('Paris is in France. Capital Source: Atlas');

    // Its editor shows its fields (docs/decisions/047-anki-note-fields-and-styles.md), with its deck and tags.
    await page.goto('/cards');
    await cardsUi.deckRow(page, 'Languages').getByRole('link', { name: 'Languages', exact: true }).click();
    const row = page.getByRole('list', { name: 'Cards' }).getByRole('listitem').filter({ hasText: 'gato' });
    await row.getByText('Anki note type · 2 cards').waitFor();
    await page.screenshot({ path: 'screenshots/cards-anki-note-types-deck-1280.png', fullPage: true });
    await row.getByRole('link', { name: 'Edit card' }).click();
    const notice = page.getByText('This card comes from the Anki note type', { exact: false });
    await notice.waitFor();
    expect(await page.getByLabel('Word').inputValue()).toBe('gato');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.screenshot({ path: `screenshots/cards-anki-note-types-editor-${width}.png`, fullPage: true });
      await expectNoSeriousA11yViolations(page, `the editor of a kept note type's card at ${width} px`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByLabel('Tags (separated by spaces)').fill('pets');
    await page.getByRole('button', { name: 'Save card' }).click();
    await page.getByText('Card saved.').waitFor();
    expect(app.pageErrors).toEqual([]);
    // Ten reviews and six screenshots with their accessibility checks: over a minute on a loaded machine.
  }, 120_000);
});
