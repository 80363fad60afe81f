import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { cardsUi } from './support/cards';
import { composer } from './support/chat-composer';
import { PHONE, useE2eApp } from './support/e2e-app';
import { saveNoteViaApi, sidewaysOverflow } from './support/notes';

// docs/decisions/050-cards-from-a-source.md: "Make cards" on a reply's source and on a search result drafts from that
// passage (the offline assistant here), each draft's chip pointing back to the exact place.
const app = useE2eApp();
const SHOTS = process.env.E2E_SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

const FEES = [
  '# Groceries\n\nEggs, flour and milk for the weekend. Bread from the bakery on Friday.',
  '# Funds\n\nI decided to keep the index fund: its fees are 0.1% a year, the active fund charged 1.2%. Over 30 years that difference costs about 25% of the savings.',
].join('\n\n');

const firstChip = (page: Page) => cardsUi.draft(page, 1).getByRole('link').first();

describe('"Make cards" from a source', () => {
  it('from a chat reply’s source: drafts from the note’s passage, and the chip opens the note there', async () => {
    const { page, sessionToken } = await app.newPage({ signedIn: true });
    const note = await saveNoteViaApi(app.url, sessionToken!, { name: 'Money notes', content: FEES });
    await page.goto('/chats');
    await composer.editor(page).click();
    await page.keyboard.type('What did I decide about fund fees?');
    await page.keyboard.press('Enter');
    const reply = page.locator('ol[aria-label="Messages"] > li [data-role="assistant"]').last();
    const make = reply.getByRole('link', { name: 'Make cards from Money notes' });
    await make.waitFor({ timeout: 20_000 });
    await shot(page, 'source-make-cards-1280');
    await expectNoSeriousA11yViolations(page, 'a reply with Make cards on its source at 1280 px');
    await make.click();
    await page.waitForURL(`${app.url}/cards/drafts`);
    await expect.poll(() => cardsUi.drafts(page).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const fronts = await cardsUi.drafts(page).allInnerTexts();
    expect(fronts.join(' ')).not.toMatch(/Eggs|bakery/);
    expect(await firstChip(page).getAttribute('href')).toBe(`/note/${note.id}?p=1`);
    await shot(page, 'source-drafts-1280');
    await firstChip(page).click();
    await page.waitForURL(`**/note/${note.id}?p=1`);
    expect(app.pageErrors).toEqual([]);
  });

  it('from a search result: a lesson moment’s cards play the lesson from there; fits a 390 px phone', async () => {
    const { page } = await app.newPage({ signedIn: true, viewport: PHONE });
    await page.goto('/notes');
    await page.getByRole('heading', { name: 'Your Notes' }).waitFor();
    await page.keyboard.press('Control+K');
    const box = page.getByRole('dialog', { name: 'Search' });
    await box
      .getByRole('combobox', { name: 'Search your notes, lessons, past chats and cards' })
      .fill('inflation prices');
    const option = box.getByRole('group', { name: 'Lessons' }).getByRole('option').first();
    await option.waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'search-make-cards-390');
    await expectNoSeriousA11yViolations(page, 'search results with Make cards at 390 px');
    await option.getByText('Make cards').click();
    await page.waitForURL(`${app.url}/cards/drafts`);
    await expect.poll(() => cardsUi.drafts(page).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const href = (await firstChip(page).getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/learn\/\d+\?t=\d+$/);
    expect(Number(href.split('t=')[1])).toBeGreaterThan(0);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'search-drafts-390');
    expect(app.pageErrors).toEqual([]);
  });

  it('from a search result with the keyboard (Ctrl+Enter), at 1280 px', async () => {
    const { page, sessionToken } = await app.newPage({ signedIn: true });
    const note = await saveNoteViaApi(app.url, sessionToken!, { name: 'Money notes', content: FEES });
    await page.goto('/notes');
    await page.getByRole('list', { name: 'Notes' }).waitFor();
    await page.keyboard.press('Control+K');
    const box = page.getByRole('dialog', { name: 'Search' });
    await box.getByRole('combobox', { name: 'Search your notes, lessons, past chats and cards' }).fill('active fund');
    await box
      .getByRole('group', { name: 'Notes' })
      .getByRole('option', { name: /Money notes/ })
      .waitFor();
    await shot(page, 'search-make-cards-1280');
    await page.keyboard.press('Control+Enter');
    await page.waitForURL(`${app.url}/cards/drafts`);
    await expect.poll(() => cardsUi.drafts(page).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await firstChip(page).getAttribute('href')).toBe(`/note/${note.id}?p=1`);
    expect(app.pageErrors).toEqual([]);
  });
});
