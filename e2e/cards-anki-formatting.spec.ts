import { describe, expect, it } from 'vitest';
import { Plan } from '@turtle/shared/plans';
import { ankiCollection18, ankiCurrentPackage } from '../apps/server/test/support/anki-package-current';
import { cardsUi } from './support/cards';
import { useE2eApp } from './support/e2e-app';

const app = useE2eApp();

describe('an Anki card’s formatting and math on the review screen (docs/security.md 7d.3)', () => {
  it('imports sub- and superscripts, bold, a list and \\(…\\) and shows them drawn, KaTeX included, running nothing', async () => {
    const collection = await ankiCollection18({ 1: 'Default', 2: 'Chemistry' }, [
      {
        model: 'basic',
        deck: 2,
        fields: [
          'H<sub>2</sub>O and x<sup>2</sup>?',
          '<div><b>Water</b>, and \\(x^2 = x \\cdot x\\)</div><ul><li>two H</li><li>one O</li></ul>' +
            '<img src="x.png" onerror="window.ankiRan = 1"><a href="javascript:window.ankiRan = 2">no link</a>',
        ],
      },
    ]);
    const bytes = await ankiCurrentPackage(collection);
    const { page } = await app.newPage({ signedIn: { name: 'Chemist', plan: Plan.PRO, expireAt: -1 } });
    await page.goto('/cards');
    await page.getByRole('link', { name: 'Import from Anki (.apkg)' }).click();
    await page.getByRole('heading', { name: 'Import from Anki' }).waitFor();
    await page
      .getByLabel('Anki package (.apkg)')
      .setInputFiles({ name: 'chemistry.apkg', mimeType: 'application/octet-stream', buffer: Buffer.from(bytes) });
    await page.getByRole('button', { name: 'Import 1 card' }).click();
    await page.getByTestId('apkg-summary').getByText('Imported 1 card', { exact: false }).waitFor();

    await page.goto('/cards/review');
    const question = cardsUi.question(page);
    await question.locator('sub').waitFor();
    expect(await question.locator('sub').innerText()).toBe('2');
    expect(await question.locator('sup').innerText()).toBe('2');
    expect(await question.innerText()).toContain('H2O and x2?');
    await page.keyboard.press('Space');
    const answer = cardsUi.answer(page);
    await answer.locator('.katex').waitFor();
    expect(await answer.locator('b').innerText()).toBe('Water');
    expect(await answer.locator('li').allInnerTexts()).toEqual(['two H', 'one O']);
    // Drawn by KaTeX, not left as its source.
    expect(await answer.locator('.katex-mathml annotation').textContent()).toBe('x^2 = x \\cdot x');
    expect(await answer.innerText()).not.toContain('\\(');
    expect(await answer.locator('img, [onerror], a[href^="javascript"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { ankiRan?: number }).ankiRan)).toBeUndefined();
    expect(app.pageErrors).toEqual([]);
  });
});
