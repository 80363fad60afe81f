import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { composer } from './support/chat-composer';
import { PHONE, useE2eApp } from './support/e2e-app';
import { player } from './support/lessons';
import { saveNoteViaApi, sidewaysOverflow } from './support/notes';

// docs/decisions/039-shared-lesson-passages.md: past chats and the lessons join the index; the chat cites an earlier
// chat and its source opens that message; Ctrl/Cmd+K searches notes, lessons and past chats, and a result opens the
// exact place (the note at its passage, the lesson at its moment).
const app = useE2eApp();
const SHOTS = process.env.E2E_SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

const replies = 'ol[aria-label="Messages"] > li [data-role="assistant"]';
const lastReply = (page: Page) => page.locator(replies).last();

async function askInChat(page: Page, text: string, replyCount: number) {
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

const searchBox = (page: Page) => page.getByRole('dialog', { name: 'Search' });
async function openSearch(page: Page, text: string) {
  await page.keyboard.press('Control+K');
  const input = searchBox(page).getByRole('combobox', { name: 'Search your notes, lessons, past chats and cards' });
  await input.waitFor();
  await input.fill(text);
  return input;
}

/** Whether the note's text area is scrolled to the marked passage: the mark within its visible part. */
const passageInView = (page: Page) =>
  page.evaluate(() => {
    const area = document.querySelector<HTMLTextAreaElement>('#note-content')!;
    const marked = document.querySelector('[data-testid="passage-highlight"] mark')!.getBoundingClientRect();
    const box = area.getBoundingClientRect();
    return { scrolled: area.scrollTop > 0, inside: marked.top >= box.top && marked.top < box.bottom };
  });

/** A note whose answer is in its last section, far enough down to need scrolling. */
const GARDEN = [
  ...Array.from(
    { length: 12 },
    (_, index) => `# Bed ${index + 1}\n\nCompost, mulch and water the bed number ${index + 1} every week.`,
  ),
  '# Tulips\n\nPlant the tulip bulbs in October, pointed end up, three times as deep as they are tall.',
].join('\n\n');

describe('asking across everything', () => {
  it('cites something said in an earlier chat, and the source opens that message', async () => {
    const { page } = await app.newPage({ signedIn: true });
    await page.goto('/chats');
    await askInChat(page, 'The walrus password is tangerine.', 2);
    await page.waitForURL(/\/chats\?c=/);
    const earlier = new URL(page.url()).searchParams.get('c')!;

    await page.goto('/chats?new');
    await askInChat(page, 'What is the walrus password?', 2);
    const reply = lastReply(page);
    expect(await reply.innerText()).toContain('From your chat “The walrus password is tangerine.” [1]:');
    expect(await reply.innerText()).toContain('tangerine');
    await shot(page, 'chat-cites-earlier-chat-1280');
    await expectNoSeriousA11yViolations(page, 'a reply citing an earlier chat at 1280 px');

    await reply.getByRole('link', { name: '[1] The walrus password is tangerine.' }).click();
    await page.waitForURL((url) => url.pathname === '/chats' && url.searchParams.get('c') === earlier);
    const messageId = new URL(page.url()).searchParams.get('m')!;
    const message = page.locator(`li[data-message-id="${messageId}"]`);
    await message.waitFor();
    expect(await message.innerText()).toContain('tangerine');
    await page.waitForFunction((id) => {
      const item = document.querySelector(`li[data-message-id="${id}"]`);
      return item?.className.includes('ring-2');
    }, messageId);
    expect(app.pageErrors).toEqual([]);
  });

  it('Ctrl+K finds a note and opens it at the passage, then finds a lesson and opens it at the moment', async () => {
    const { page, sessionToken } = await app.newPage({ signedIn: true });
    const note = await saveNoteViaApi(app.url, sessionToken!, { name: 'Garden plan', content: GARDEN });
    await page.goto('/notes');
    await page.getByRole('list', { name: 'Notes' }).waitFor();

    await openSearch(page, 'tulip bulbs');
    const noteOption = searchBox(page)
      .getByRole('group', { name: 'Notes' })
      .getByRole('option', { name: /Garden plan/ });
    await noteOption.waitFor();
    expect(await noteOption.getAttribute('aria-selected')).toBe('true');
    expect(await noteOption.locator('mark').allInnerTexts()).toEqual(expect.arrayContaining(['tulip', 'bulbs']));
    await shot(page, 'search-note-1280');
    await expectNoSeriousA11yViolations(page, 'the search box with a note found at 1280 px');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/note/${note.id}` && url.searchParams.get('p') === '12');
    const mark = page.getByTestId('passage-highlight').locator('mark');
    await mark.waitFor();
    expect(await mark.innerText()).toContain('Plant the tulip bulbs in October');
    // The text area scrolls once the note has drawn, a moment after the mark appears.
    await expect.poll(() => passageInView(page), { timeout: 10_000 }).toEqual({ scrolled: true, inside: true });
    await shot(page, 'note-at-passage-1280');
    await expectNoSeriousA11yViolations(page, 'a note opened at its passage at 1280 px');

    await openSearch(page, 'inflation prices');
    const lessons = searchBox(page).getByRole('group', { name: 'Lessons' });
    await lessons.getByRole('option').first().waitFor();
    // The arrow keys move through the options; Enter opens the one chosen.
    const options = searchBox(page).getByRole('option');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    expect(await options.first().getAttribute('aria-selected')).toBe('true');
    const title = await options.first().locator('div.font-medium').innerText();
    const clock = /(\d\d):(\d\d)$/.exec(title)!;
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/learn/1' && url.searchParams.has('t'));
    const startMs = Number(new URL(page.url()).searchParams.get('t'));
    expect(Math.floor(startMs / 1000)).toBe(Number(clock[1]) * 60 + Number(clock[2]));
    await player.pause(page).waitFor();
    // Playing may show a moment before the seek to the moment has landed.
    await expect
      .poll(async () => (await player.audio(page)).currentTime, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(startMs / 1000 - 0.5);
    expect(app.pageErrors).toEqual([]);
  });

  it('closes with Escape, and fits a 390 px phone', async () => {
    const { page, sessionToken } = await app.newPage({ signedIn: true, viewport: PHONE });
    const note = await saveNoteViaApi(app.url, sessionToken!, { name: 'Garden plan', content: GARDEN });
    await page.goto('/notes');
    await page.getByRole('list', { name: 'Notes' }).waitFor();
    await openSearch(page, 'tulip');
    await searchBox(page).getByRole('option').first().waitFor();
    await searchBox(page)
      .getByRole('option', { name: /Garden plan/ })
      .waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'search-390');
    await expectNoSeriousA11yViolations(page, 'the search box at 390 px');
    await page.keyboard.press('Escape');
    await searchBox(page).waitFor({ state: 'detached' });
    // The note opened at its passage fits the phone too.
    await page.goto(`/note/${note.id}?p=12`);
    await page.getByTestId('passage-highlight').locator('mark').waitFor();
    await page.waitForFunction(() => document.querySelector('#note-content')!.scrollTop > 0);
    expect(await passageInView(page)).toEqual({ scrolled: true, inside: true });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'note-at-passage-390');
    await expectNoSeriousA11yViolations(page, 'a note opened at its passage at 390 px');
    expect(app.pageErrors).toEqual([]);
  });
});
