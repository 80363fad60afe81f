import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { createCardViaApi } from './support/cards';
import { composer } from './support/chat-composer';
import { PHONE, useE2eApp } from './support/e2e-app';
import { saveNoteViaApi, sidewaysOverflow } from './support/notes';

// docs/decisions/044-cards-in-the-index.md: the learner narrows what the assistant answers from ("Answer from": the
// notes, the lessons, the cards or one deck) under the composer; asked from the cards, the reply cites the card by
// its front and the source opens it.
const app = useE2eApp();
const SHOTS = process.env.E2E_SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

const replies = 'ol[aria-label="Messages"] > li [data-role="assistant"]';
const lastReply = (page: Page) => page.locator(replies).last();
const answerFrom = (page: Page) => page.getByRole('combobox', { name: 'Answer from' });

async function ask(page: Page, text: string, replyCount: number) {
  await composer.editor(page).click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    ({ selector, count }) =>
      !document.querySelector('[aria-busy="true"][data-role="assistant"]') &&
      document.querySelectorAll(selector).length >= count,
    { selector: replies, count: replyCount },
    { timeout: 20_000 },
  );
}

async function withMaterial(viewport?: typeof PHONE) {
  const { page, sessionToken } = await app.newPage({ signedIn: true, viewport });
  await saveNoteViaApi(app.url, sessionToken!, { name: 'Fees note', content: 'My fund fees are 0.1% a year.' });
  const { card } = await createCardViaApi(app.url, sessionToken!, 'Investing', {
    kind: 'basic',
    front: 'What are fund fees?',
    back: 'What a fund costs a year.',
  });
  await createCardViaApi(app.url, sessionToken!, 'Cooking', {
    kind: 'basic',
    front: 'Fund fees for soup?',
    back: 'No',
  });
  await page.goto('/chats');
  await answerFrom(page).waitFor();
  return { page, card };
}

describe('answering from a part of what the learner has', () => {
  it('answers from the cards alone when asked, cites the card by its front and opens it', async () => {
    const { page, card } = await withMaterial();
    expect(await answerFrom(page).inputValue()).toBe('all');
    await answerFrom(page).selectOption({ label: 'Cards' });
    await ask(page, 'What are fund fees?', 2);
    const reply = lastReply(page);
    expect(await reply.innerText()).toContain('From your card “What are fund fees?” [1]:');
    expect(await reply.getByRole('link', { name: /Fees note/ }).count()).toBe(0);

    // One deck: a second list names the decks; the other deck's card is not read.
    await answerFrom(page).selectOption({ label: 'One deck' });
    const deck = page.getByRole('combobox', { name: 'Deck' });
    await deck.selectOption({ label: 'Investing' });
    await ask(page, 'fund fees', 3);
    expect(await lastReply(page).innerText()).not.toContain('soup');
    await shot(page, 'chat-scope-deck-1280');
    await expectNoSeriousA11yViolations(page, 'the chat answering from one deck at 1280 px');

    await reply.getByRole('link', { name: '[1] What are fund fees?' }).click();
    await page.waitForURL(`**/cards/edit/${card.id}`);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Back' }).inputValue(), { timeout: 10_000 })
      .toBe('What a fund costs a year.');
    expect(app.pageErrors).toEqual([]);
  });

  it('fits a 390 px phone, the deck list beside the scope', async () => {
    const { page } = await withMaterial(PHONE);
    await answerFrom(page).selectOption({ label: 'One deck' });
    await page.getByRole('combobox', { name: 'Deck' }).selectOption({ label: 'Investing' });
    await ask(page, 'What are fund fees?', 2);
    await lastReply(page).getByRole('link', { name: '[1] What are fund fees?' }).waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'chat-scope-deck-390');
    await expectNoSeriousA11yViolations(page, 'the chat answering from one deck at 390 px');
  });
});
