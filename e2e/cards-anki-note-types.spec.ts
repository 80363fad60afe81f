import { describe, expect, it } from 'vitest';
import { Plan } from '@turtle/shared/plans';
import { ankiCollection18, ankiCurrentPackage } from '../apps/server/test/support/anki-package-current';
import { DECKS, NOTES } from '../apps/server/test/support/anki-note-types';
import { expectNoSeriousA11yViolations } from './support/axe';
import { cardsUi } from './support/cards';
import { useE2eApp } from './support/e2e-app';

const app = useE2eApp();

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
      await question.waitFor();
      const asked = (await question.innerText()).trim();
      await page.keyboard.press('Space');
      const answer = cardsUi.answer(page);
      await answer.waitFor();
      seen.set(asked, (await answer.innerText()).trim());
      const shot = asked === '[...] is in France.' ? 'cloze' : asked.startsWith('dog') ? 'hint' : null;
      if (shot) {
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
          await page.screenshot({ path: `screenshots/cards-anki-note-types-${shot}-${width}.png`, fullPage: true });
          await expectNoSeriousA11yViolations(page, `a ${shot} card of a kept note type at ${width} px`);
        }
        await page.setViewportSize({ width: 1280, height: 800 });
      }
      await cardsUi.grade(page, 'Easy').click();
      if (i < 9) await expect.poll(async () => (await question.innerText()).trim()).not.toBe(asked);
    }
    expect(seen.size).toBe(10);
    // The three-field note type's three templates, the cloze note type's two cards, with the answers under them.
    expect(seen.get('perro')).toBe('dog\nEl perro ladra.');
    expect(seen.get('dog\nExample: El perro ladra.')).toBe('perro');
    expect(seen.get('Use perro in a sentence.')).toBe('El perro ladra.');
    expect(seen.get('gato')).toBe('cat');
    expect(seen.get('[...] is in France.')).toBe('Paris is in France.\nCapital\nSource: Atlas');
    expect(seen.get('Paris is in [country].')).toBe('Paris is in France.\nCapital\nSource: Atlas');
    expect(app.pageErrors).toEqual([]);
  });
});
