import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { cardsClient, createChatReply } from '../apps/server/test/support/cards';
import { createPasswordAccount, field, logIn, uniqueEmail } from './support/accounts';
import { DESKTOP, PHONE, useE2eApp } from './support/e2e-app';
import { lessonsPage } from './support/lessons';
import { expectTitles, notesPage, saveNoteViaApi } from './support/notes';

// docs/spec-conformance.md: five points product.md states exactly, each at 1280 px and at 390 px.
const app = useE2eApp({ env: { TRUST_PROXY: 'true' } });

const PASSWORD = 'a good password';
const WIDTHS = [
  ['1280 px', DESKTOP],
  ['390 px', PHONE],
] as const;

const banner = (page: Page) => page.getByRole('banner');
const fontWeight = (element: Element) => getComputedStyle(element).fontWeight;

/** The header's link: in the wide header's nav, or in the phone's Menu (opened first). */
async function headerLink(page: Page, phone: boolean, name: string) {
  if (!phone) return banner(page).getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
  const menuButton = banner(page).getByRole('button', { name: 'Menu' });
  if ((await menuButton.getAttribute('aria-expanded')) !== 'true') await menuButton.click();
  return banner(page).getByRole('navigation', { name: 'Menu' }).getByRole('link', { name, exact: true });
}

for (const [width, viewport] of WIDTHS) {
  const phone = viewport === PHONE;

  describe(`the spec's header at ${width}`, () => {
    it('shows "Chats" and "Notes" signed out; each goes through sign-in and comes back, then shows in bold', async () => {
      const email = uniqueEmail('nav');
      await createPasswordAccount(app.url, { name: 'Navi', email, password: PASSWORD });
      const { page } = await app.newPage({ viewport });
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await (await headerLink(page, phone, 'Chats')).getAttribute('href')).toBe('/chats');
      await (await headerLink(page, phone, 'Notes')).click();
      await page.waitForURL(`${app.url}/login?next=%2Fnotes`);
      await logIn(page, email, PASSWORD);
      await page.waitForURL(`${app.url}/notes`);
      await page.getByRole('heading', { name: 'Your Notes' }).waitFor();
      const notes = await headerLink(page, phone, 'Notes');
      await expect.poll(() => notes.evaluate(fontWeight)).toBe('700');
      expect(await (await headerLink(page, phone, 'Chats')).evaluate(fontWeight)).not.toBe('700');
      expect(app.pageErrors).toEqual([]);
    });
  });

  describe(`signing in lands on / at ${width}`, () => {
    it('login without next goes to /, the home: what is due, the lesson to resume, the last chats and notes', async () => {
      const email = uniqueEmail('home');
      const account = await createPasswordAccount(app.url, { name: 'Ada Lovelace', email, password: PASSWORD });
      const { page } = await app.newPage({ viewport });
      await page.goto('/login');
      await logIn(page, email, PASSWORD);
      await page.waitForURL(`${app.url}/`);
      await page.getByRole('heading', { name: 'Welcome back, Ada', level: 1 }).waitFor();
      const tile = (name: string) => page.getByRole('region', { name });
      await tile('Flashcards').getByText('Nothing due today').waitFor();
      await tile('Lessons').getByRole('link', { name: 'Start listening' }).waitFor();
      await tile('Recent chats').getByText('No conversations yet.').waitFor();
      await tile('Recent notes').getByText('No notes yet.').waitFor();
      // The product's pitch is still below.
      await page.getByRole('heading', { name: 'An AI study partner that reads your notes' }).waitFor();

      // With work waiting, each thing is one click away.
      const token = (await page.context().cookies()).find((cookie) => cookie.name === 'sid')!.value;
      const note = await saveNoteViaApi(app.url, token, { name: 'Fund fees', content: 'Low fees win.' });
      await createChatReply(app.server.database.db, account.id, 'Index funds hold the market.', 'Fees chat');
      const cards = cardsClient(app.url, token);
      const deck = await cards.createDeck('Investing');
      await cards.createCard(deck.id, { front: 'What is an index fund?', back: 'A fund that tracks an index.' });
      await page.reload();
      await tile('Flashcards').getByText('1 card due today').waitFor();
      await tile('Recent chats').getByRole('link', { name: 'Fees chat' }).waitFor();
      await tile('Recent notes').getByRole('link', { name: 'Fund fees' }).click();
      await page.waitForURL(`${app.url}/note/${note.id}`);
      await page.goBack();
      await tile('Flashcards')
        .getByRole('link', { name: /Review now/ })
        .click();
      await page.waitForURL(`${app.url}/cards/review`);
      await page.goBack();
      await tile('Lessons').getByRole('link', { name: 'Start listening' }).click();
      await page.waitForURL(`${app.url}/learn/1`);
      expect(app.pageErrors).toEqual([]);
    });

    it('signup shows "Account created" and goes to /; signed in, /login and /signup go to /', async () => {
      const { page } = await app.newPage({ viewport });
      await page.goto('/signup');
      await field(page, 'Name').fill('Grace');
      await field(page, 'Email').fill(uniqueEmail('grace'));
      await field(page, 'Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign up', exact: true }).click();
      await page.getByText('Account created').waitFor();
      await page.waitForURL(`${app.url}/`);
      await page.getByRole('heading', { name: 'Welcome back, Grace', level: 1 }).waitFor();
      for (const path of ['/login', '/signup']) {
        await page.goto(path);
        await page.waitForURL(`${app.url}/`);
      }
      expect(app.pageErrors).toEqual([]);
    });
  });

  describe(`the note delete dialog at ${width}`, () => {
    it('says exactly what the spec says, ignores a click outside, and offers no Undo after', async () => {
      const { page, sessionToken } = await app.newPage({ signedIn: true, viewport });
      await saveNoteViaApi(app.url, sessionToken!, { name: 'Keep', content: 'stays' });
      await saveNoteViaApi(app.url, sessionToken!, { name: 'Drop', content: 'goes' });
      await page.goto('/notes');
      await expectTitles(page, ['Drop', 'Keep']);
      await notesPage.card(page, 'Drop').getByRole('button', { name: 'Delete Drop' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete Note' });
      await dialog.waitFor();
      expect((await dialog.getByRole('heading').innerText()).trim()).toBe('Delete Note');
      await dialog
        .getByText('Are you sure you want to delete this note? This action cannot be undone.', { exact: true })
        .waitFor();
      expect((await dialog.getByRole('button').allInnerTexts()).map((text) => text.trim())).toEqual([
        'Cancel',
        'Delete',
      ]);
      await page.mouse.click(3, viewport.height - 3);
      await page.waitForTimeout(300);
      expect(await dialog.isVisible()).toBe(true);
      await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
      await expectTitles(page, ['Keep']);
      await page.getByText('“Drop” deleted.').waitFor();
      expect(await page.getByRole('button', { name: 'Undo' }).count()).toBe(0);
      await page.reload();
      await expectTitles(page, ['Keep']);
      expect(app.pageErrors).toEqual([]);
    });
  });

  describe(`the lesson list at ${width}`, () => {
    it('moves a lesson marked completed after the incomplete ones within a second, with a glide; unmarking moves it back', async () => {
      const { page } = await app.newPage({ signedIn: true, viewport });
      await page.goto('/lessons');
      await lessonsPage.card(page, 'Risk and return').waitFor();
      const before = await lessonsPage.titles(page);
      // Records which cards were animated as they moved.
      await page.evaluate(() => {
        const moved: string[] = [];
        (window as unknown as { moved: string[] }).moved = moved;
        const animate = Element.prototype.animate;
        Element.prototype.animate = function (this: HTMLElement, ...args: Parameters<typeof animate>) {
          if (this.dataset.lessonId) moved.push(this.dataset.lessonId);
          return animate.apply(this, args);
        };
      });
      const first = before[0]!;
      const clickedAt = Date.now();
      // The pointer stays on the list: the card still moves.
      await lessonsPage.toggle(page, first).click();
      await expect
        .poll(() => lessonsPage.titles(page), { timeout: 1_500, interval: 50 })
        .toEqual([...before.slice(1), first]);
      expect(Date.now() - clickedAt).toBeLessThan(1_500);
      expect(await page.evaluate(() => (window as unknown as { moved: string[] }).moved)).toContain('1');
      // The toggle keeps the keyboard's focus on the card that moved.
      expect(await lessonsPage.toggle(page, first).getAttribute('aria-pressed')).toBe('true');

      await lessonsPage.toggle(page, first).click();
      await expect.poll(() => lessonsPage.titles(page), { timeout: 1_500, interval: 50 }).toEqual(before);
      expect(app.pageErrors).toEqual([]);
    });
  });

  describe(`the spec's model at ${width}`, () => {
    it('the /test page names "gpt-4.1-mini" and the built-in assistant answers it', async () => {
      const { page } = await app.newPage({ signedIn: true, viewport });
      const bodies: unknown[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/test/stream') bodies.push(request.postDataJSON());
      });
      await page.goto('/test');
      await page.getByRole('textbox', { name: 'Message' }).fill('Hello there');
      await page.locator('form button[type="submit"]').click();
      await expect
        .poll(() => page.getByRole('log', { name: 'Output' }).innerText(), { timeout: 10_000 })
        .toContain('offline assistant');
      expect(bodies).toEqual([{ messages: [{ role: 'user', content: 'Hello there' }], model: 'gpt-4.1-mini' }]);
      expect(await page.getByRole('alert').count()).toBe(0);
      expect(app.pageErrors).toEqual([]);
    });
  });
}
