import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Plan } from '@turtle/shared/plans';
import { cardNoteTypes } from '../apps/server/src/db/schema';
import { ankiCollection, ankiPackage, type AnkiNoteInput } from '../apps/server/test/support/anki-package';
import { DECKS, LANGUAGES, NOTES } from '../apps/server/test/support/anki-note-types';
import { call } from '../apps/server/test/support/http';
import { expectNoSeriousA11yViolations } from './support/axe';
import { cardsUi } from './support/cards';
import { useE2eApp } from './support/e2e-app';

const app = useE2eApp();

/** A note type's own styling, with rules that would reach past the card if they were applied as they are. */
const CSS = `@import url("http://evil.example/x.css");
.card { font-family: Georgia, serif; color: rgb(20, 60, 120); text-align: center; position: fixed; inset: 0 }
body, .card ~ * { background: rgb(255, 0, 0) }
header, nav { display: none }
b { background-image: url("http://evil.example/pixel.png"); color: rgb(160, 20, 20) }`;

describe('a kept Anki note edited by its fields, its cards in its note type’s styles (docs/decisions/047-anki-note-fields-and-styles.md)', () => {
  it('edits the fields of a three-field note, and reviews its cards in its font while the page around stays as it is, at 1280 and 390 px', async () => {
    const { page, user, sessionToken } = await app.newPage({
      signedIn: { name: 'Field editor', plan: Plan.PRO, expireAt: -1 },
    });
    const imported = await call(app.url, '/api/cards/import/apkg', {
      body: await ankiPackage(await ankiCollection(DECKS, NOTES)),
      contentType: 'application/octet-stream',
      cookie: sessionToken,
    });
    expect(imported.status, imported.text).toBe(200);
    await app.server.database.db.update(cardNoteTypes).set({ css: CSS }).where(eq(cardNoteTypes.userId, user!.id));
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(app.url)) outside.push(request.url());
    });

    await page.goto('/cards');
    await cardsUi.deckRow(page, 'Languages').getByRole('link', { name: 'Languages', exact: true }).click();
    const row = page.getByRole('list', { name: 'Cards' }).getByRole('listitem').filter({ hasText: 'gato' });
    await row.getByText('Anki note type · 2 cards').waitFor();
    await row.getByRole('link', { name: 'Edit card' }).click();
    await page.getByText('This card comes from the Anki note type “Vocabulary (3 fields)”', { exact: false }).waitFor();
    expect(await page.getByLabel('Word').inputValue()).toBe('gato');
    expect(await page.getByLabel('Meaning').inputValue()).toBe('cat');
    expect(await page.getByLabel('Front').count()).toBe(0);
    await page.getByLabel('Meaning').fill('a cat');
    await page.getByLabel('Example').fill('El **gato** duerme.');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.screenshot({ path: `screenshots/cards-anki-note-fields-editor-${width}.png`, fullPage: true });
      await expectNoSeriousA11yViolations(page, `the fields of a kept note at ${width} px`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Save card' }).click();
    await page.getByText('Card saved.').waitFor();
    // The example makes the note type's third card ("Use … in a sentence").
    await row.getByText('Anki note type · 3 cards').waitFor();

    await page.goto('/cards/review');
    let found = false;
    for (let i = 0; i < 12 && !found; i++) {
      await expect.poll(() => cardsUi.progress(page).innerText()).toContain(`${i} done`);
      const question = cardsUi.question(page);
      await question.waitFor();
      await page.keyboard.press('Space');
      await cardsUi.answer(page).waitFor();
      found = (await question.innerText()).trim() === 'Use gato in a sentence.';
      if (!found) await cardsUi.grade(page, 'Easy').click();
    }
    expect(found).toBe(true);
    const answer = cardsUi.answer(page);
    expect((await answer.innerText()).trim()).toBe('El gato duerme.');
    // Read once the element is drawn: on a loaded CI the answer's box showed before its cloze (a null element).
    const style = async (selector: string, property: string) => {
      await page.locator(selector).first().waitFor();
      return page.evaluate(
        ([s, p]) => getComputedStyle(document.querySelector(s!)!).getPropertyValue(p!),
        [selector, property],
      );
    };
    // The note type's .card rule: its font, colour and alignment on the card's text.
    expect(await style('[data-testid="card-answer"] .chat-markdown', 'font-family')).toContain('Georgia');
    expect(await style('[data-testid="card-answer"] .chat-markdown', 'color')).toBe('rgb(20, 60, 120)');
    expect(await style('[data-testid="card-answer"] .chat-markdown', 'text-align')).toBe('center');
    expect(await style('[data-testid="card-question"] b', 'color')).toBe('rgb(160, 20, 20)');
    // Nothing outside the card: the box is not moved, the page keeps its font and background, its header shows.
    expect(await style('.anki-card', 'position')).toBe('static');
    expect(await style('body', 'font-family')).not.toContain('Georgia');
    expect(await style('body', 'background-color')).not.toBe('rgb(255, 0, 0)');
    expect(await style('[data-testid="review-progress"]', 'font-family')).not.toContain('Georgia');
    await page.getByRole('banner').waitFor();
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.screenshot({ path: `screenshots/cards-anki-note-fields-review-${width}.png`, fullPage: true });
      await expectNoSeriousA11yViolations(page, `a kept note's card in its styles at ${width} px`);
    }
    expect(outside).toEqual([]);
    expect(app.pageErrors).toEqual([]);
  }, 120_000);

  it('draws a cloze deletion in its note type’s colour, while a class of the app’s in a card does nothing', async () => {
    const { page, user, sessionToken } = await app.newPage({
      signedIn: { name: 'Cloze colours', plan: Plan.PRO, expireAt: -1 },
    });
    // The source field holds classes that are the app's own (Tailwind's `fixed inset-0`, a red background).
    const notes: AnkiNoteInput[] = [
      {
        model: 'clozeSource',
        deck: LANGUAGES,
        fields: ['{{c1::Paris}} is in France.', 'Capital', '<span class="fixed inset-0 bg-red-500 z-50">Atlas</span>'],
      },
    ];
    const imported = await call(app.url, '/api/cards/import/apkg', {
      body: await ankiPackage(await ankiCollection(DECKS, notes)),
      contentType: 'application/octet-stream',
      cookie: sessionToken,
    });
    expect(imported.status, imported.text).toBe(200);
    await app.server.database.db
      .update(cardNoteTypes)
      .set({ css: '.cloze { color: rgb(0, 0, 200) }\n.source { font-style: italic }' })
      .where(eq(cardNoteTypes.userId, user!.id));

    await page.goto('/cards/review');
    await cardsUi.question(page).waitFor();
    expect((await cardsUi.question(page).innerText()).trim()).toBe('[...] is in France.');
    // Read once the element is drawn: on a loaded CI the answer's box showed before its cloze (a null element).
    const style = async (selector: string, property: string) => {
      await page.locator(selector).first().waitFor();
      return page.evaluate(
        ([s, p]) => getComputedStyle(document.querySelector(s!)!).getPropertyValue(p!),
        [selector, property],
      );
    };
    expect(await style('[data-testid="card-question"] .ak-cloze', 'color')).toBe('rgb(0, 0, 200)');
    await page.keyboard.press('Space');
    await cardsUi.answer(page).waitFor();
    expect(await style('[data-testid="card-answer"] .ak-cloze', 'color')).toBe('rgb(0, 0, 200)');
    expect(await style('[data-testid="card-answer"] .ak-source', 'font-style')).toBe('italic');
    // The card's "fixed inset-0" is ak-fixed ak-inset-0: no rule of the app's matches it.
    const atlas = '[data-testid="card-answer"] .ak-fixed';
    expect(await page.evaluate((s) => document.querySelector(s)?.className, atlas)).toBe(
      'ak-fixed ak-inset-0 ak-bg-red-500 ak-z-50',
    );
    expect(await style(atlas, 'position')).toBe('static');
    expect(await style(atlas, 'background-color')).toBe('rgba(0, 0, 0, 0)');
    expect(await page.locator('.anki-card .fixed, .anki-card .inset-0').count()).toBe(0);
    expect((await cardsUi.answer(page).innerText()).trim()).toContain('Source: Atlas');
    await page.screenshot({ path: 'screenshots/cards-anki-note-fields-cloze-1280.png', fullPage: true });
    expect(app.pageErrors).toEqual([]);
  }, 120_000);
});
