import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { composer } from './support/chat-composer';
import { PHONE, useE2eApp } from './support/e2e-app';
import { saveNoteViaApi, sidewaysOverflow } from './support/notes';

// docs/decisions/036-one-index.md: asked without a mention, the assistant (here the offline one, no model) finds the
// note that answers, quotes it with its number, and names it under Sources; the source opens the note.
const app = useE2eApp();

const FEES = 'I decided to keep the index fund: its fees are 0.1% a year, the active fund charged 1.2%.';

async function askWithoutMention(viewport?: typeof PHONE) {
  const { page, sessionToken } = await app.newPage({ signedIn: true, viewport });
  const note = await saveNoteViaApi(app.url, sessionToken!, { name: 'Fund fees', content: FEES });
  await saveNoteViaApi(app.url, sessionToken!, { name: 'Groceries', content: 'Eggs, flour and milk.' });
  await page.goto('/chats');
  await composer.editor(page).click();
  await page.keyboard.type('What did I decide about fund fees?');
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"][data-role="assistant"]') &&
      document.querySelectorAll('ol[aria-label="Messages"] > li [data-role="assistant"]').length >= 2,
    undefined,
    { timeout: 20_000 },
  );
  return { page, note };
}

const lastReply = (page: Page) => page.locator('ol[aria-label="Messages"] > li [data-role="assistant"]').last();

describe('the chat, asked without a mention', () => {
  it('quotes the note that answers with its number, and its source opens the note', async () => {
    const { page, note } = await askWithoutMention();
    const reply = lastReply(page);
    expect(await reply.innerText()).toContain('From your note “Fund fees” [1]:');
    expect(await reply.innerText()).toContain('index fund');
    expect(await reply.innerText()).not.toContain('Groceries');
    await expectNoSeriousA11yViolations(page, 'a reply with found sources at 1280 px');
    const source = reply.getByRole('link', { name: '[1] Fund fees' });
    await source.click();
    await page.waitForURL(`**/note/${note.id}?p=0`);
    await page.getByText('active fund charged').first().waitFor();
    expect(app.pageErrors).toEqual([]);
  });

  it('fits a 390 px phone', async () => {
    const { page } = await askWithoutMention(PHONE);
    await lastReply(page).getByRole('link', { name: '[1] Fund fees' }).waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, 'a reply with found sources at 390 px');
  });
});
