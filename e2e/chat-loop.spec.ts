import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, useE2eApp } from './support/e2e-app';
import { composer } from './support/chat-composer';
import { saveNoteViaApi } from './support/notes';

// The offline assistant, and a Free plan of two replies a day so the limit is reached in a test.
const app = useE2eApp({ env: { CHAT_FREE_DAILY_REPLIES: '2' } });

const GREETING = "Hello! I'm your AI assistant. How can I help you today?";
const LONG_QUESTION =
  'Could you please explain in plenty of detail how compound interest works over many years, why starting early ' +
  'matters so much, and what a beginner should keep in mind when saving a little money every single month?';
/**
 * A note the offline assistant quotes in answer to LONG_QUESTION: three long sentences that share its words, so the
 * reply streams for several seconds (about 400 words at the offline pace) and Stop always lands before its end.
 */
const LONG_NOTE = {
  name: 'Compound interest',
  content: Array.from(
    { length: 3 },
    (_, index) =>
      `Part ${index + 1}: ` +
      Array(8)
        .fill('compound interest earns interest on the interest of many years of saving a little money every month')
        .join(', ') +
      '.',
  ).join(' '),
};

const chat = {
  editor: composer.editor,
  send: (page: Page) => page.getByRole('button', { name: 'Send message' }),
  stop: (page: Page) => page.getByRole('button', { name: 'Stop', exact: true }),
  replies: (page: Page) => page.locator('ol[aria-label="Messages"] > li [data-role="assistant"]'),
  userBubbles: (page: Page) => page.locator('ol[aria-label="Messages"] > li [data-role="user"]'),
};

async function openChat(viewport: typeof DESKTOP, notes: { name: string; content: string }[] = []) {
  const { page, sessionToken } = await app.newPage({ signedIn: true, viewport });
  for (const note of notes) await saveNoteViaApi(app.url, sessionToken!, note);
  await page.goto('/chats');
  await page.getByText(GREETING).waitFor();
  return page;
}

async function waitForReplies(page: Page, count: number) {
  await page.waitForFunction(
    (expected) =>
      !document.querySelector('[aria-busy="true"][data-role="assistant"]') &&
      document.querySelectorAll('ol[aria-label="Messages"] > li [data-role="assistant"]').length >= expected + 1,
    count,
    { timeout: 20_000 },
  );
}

/** How far the document itself can scroll (0: only the message list scrolls). */
const pageOverflow = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollHeight - window.innerHeight);

describe.each([
  ['1280 px', DESKTOP],
  ['390 px', PHONE],
])('the chat at %s', (_width, viewport) => {
  it('stays put, teaches @ with recent notes, says how to connect a model once, and blocks at the limit', async () => {
    const page = await openChat(viewport, [
      { name: 'Fees', content: 'Index funds charge under 0.2% a year. Bonds pay interest.' },
      { name: 'Goals', content: 'Retire early.' },
    ]);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);

    // The empty chat: what @ does, and the recent notes as one-tap mentions.
    const tips = page.getByRole('region', { name: 'Ask about your notes' });
    await tips.getByRole('button', { name: 'Mention “Fees”' }).click();
    await expect.poll(() => chat.editor(page).innerText()).toContain('@Fees');
    await page.keyboard.type(' what fees do index funds charge?');
    // Every text the streaming reply shows, as it shows it.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { liveTexts: string[] }).liveTexts = seen;
      new MutationObserver(() => {
        const live = document.querySelector('[aria-busy="true"][data-role="assistant"]');
        if (live?.textContent) seen.push(live.textContent);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await chat.send(page).click();

    // Streaming: Stop is where Send was, and the reply never shows a stray "_".
    await chat.stop(page).waitFor();
    expect(await chat.send(page).count()).toBe(0);
    await waitForReplies(page, 1);
    const shown = await page.evaluate(() => (window as unknown as { liveTexts: string[] }).liveTexts);
    expect(shown.length).toBeGreaterThan(0);
    for (const text of shown) expect(text).not.toMatch(/(^|\s)_/);
    const first = (await chat.replies(page).last().innerText()).replace(/^The assistant said:\s*/, '');
    expect(first).toMatch(/^I'm Turtle's offline assistant/);
    expect(first).toContain('Index funds charge under 0.2% a year.');
    expect(first).toContain('LLM_BASE_URL');
    await tips.waitFor({ state: 'detached' });

    await chat.editor(page).click();
    await page.keyboard.type('and what do bonds pay?');
    await page.keyboard.press('Enter');
    await waitForReplies(page, 2);
    const second = await chat.replies(page).last().innerText();
    expect(second).not.toContain('LLM_BASE_URL');
    expect(second).not.toContain('offline assistant');

    // A longer conversation scrolls in its list; the page, its header and the conversations stay put.
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await page.mouse.wheel(0, 2000);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect((await page.getByRole('banner').boundingBox())!.y).toBe(0);

    // "0 of 2 left": the composer does not send, and says where to get more.
    const limit = page.getByTestId('limit-reached');
    await limit.waitFor();
    expect(await limit.innerText()).toContain('You have used all 2 replies for today.');
    expect(await limit.getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).toBe('/pricing');
    await chat.editor(page).click();
    await page.keyboard.type('one more?');
    await page.keyboard.press('Enter');
    expect(await chat.send(page).isDisabled()).toBe(true);
    await page.waitForTimeout(300);
    expect(await chat.userBubbles(page).count()).toBe(2);
    expect(await page.getByRole('alert').filter({ hasText: 'Daily message limit' }).count()).toBe(0);
    expect(app.pageErrors).toEqual([]);
  });

  it('a message the network lost stays with Retry, which sends it again with the same Idempotency-Key', async () => {
    const page = await openChat(viewport, [LONG_NOTE]);
    const keys: string[] = [];
    let failNext = true;
    await page.route('**/api/chat/send', async (route) => {
      keys.push((await route.request().headerValue('idempotency-key')) ?? '');
      if (failNext) {
        failNext = false;
        await route.abort('internetdisconnected');
      } else await route.continue();
    });
    await chat.editor(page).click();
    await page.keyboard.type('hello there');
    await page.keyboard.press('Enter');
    const bubble = chat.userBubbles(page).last();
    await page.getByText('Not sent.').waitFor();
    expect(await bubble.innerText()).toContain('hello there');
    await page.getByRole('button', { name: 'Retry' }).click();
    await waitForReplies(page, 1);
    expect(await page.getByText('Not sent.').count()).toBe(0);
    expect(await chat.userBubbles(page).count()).toBe(1);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe('');
    expect(keys[1]).toBe(keys[0]);

    // Stop, in Send's place, ends a long reply.
    await chat.editor(page).click();
    await page.keyboard.type(LONG_QUESTION);
    await page.keyboard.press('Enter');
    // Stop once the reply is arriving (a click before its stream starts is not this story): about 9 s of it remain.
    await page.locator('[aria-busy="true"][data-role="assistant"]').filter({ hasText: 'Part 1' }).waitFor();
    await chat.stop(page).click();
    await page.getByText('Stopped', { exact: true }).waitFor();
    await chat.send(page).waitFor();
    const stopped = await chat.replies(page).last().innerText();
    expect(stopped).not.toMatch(/(^|\s)_\s*$/);
    // Cut where Stop landed: the note's last sentence never arrived.
    expect(stopped).not.toContain('Part 3');
    expect(app.pageErrors).toEqual([]);
  });
});

it('stops a reply when Stop is pressed before its request reached the server', async () => {
  const page = await openChat(DESKTOP, [LONG_NOTE]);
  // The message waits on its way to the server while Stop is pressed: the server makes the reply after the Stop.
  let letThrough = () => {};
  const held = new Promise<void>((resolve) => (letThrough = resolve));
  await page.route('**/api/chat/send', async (route) => {
    await held;
    await route.continue();
  });
  await chat.editor(page).click();
  await page.keyboard.type(LONG_QUESTION);
  await page.keyboard.press('Enter');
  await chat.stop(page).click();
  letThrough();

  await page.getByText('Stopped', { exact: true }).waitFor({ timeout: 20_000 });
  await chat.send(page).waitFor();
  expect(await chat.replies(page).last().innerText()).not.toContain('Part 3');
  // The server kept it stopped: opened again, the reply is the stopped one.
  await page.reload();
  await page.getByText('Stopped', { exact: true }).waitFor();
  expect(await chat.replies(page).last().innerText()).not.toContain('Part 3');
  expect(app.pageErrors).toEqual([]);
});
