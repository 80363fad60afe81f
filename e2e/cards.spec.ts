import { describe, expect, it } from 'vitest';
import type { NextCardResponse } from '@turtle/shared/cards-review';
import { createChatReply } from '../apps/server/test/support/cards';
import { call } from '../apps/server/test/support/http';
import { cardsUi, createCardViaApi, expectDrafts, fillDeck } from './support/cards';
import { PHONE, useE2eApp } from './support/e2e-app';
import { player } from './support/lessons';
import { saveNoteViaApi, sidewaysOverflow } from './support/notes';

const app = useE2eApp({ env: { TRUST_PROXY: 'true' } });

const NOTE = [
  'An index fund buys every company in an index, so one purchase spreads the risk.',
  'Fees of index funds are often below 0.1 percent a year.',
  'Over 30 years, a 1 percent fee can eat a quarter of your savings.',
].join(' ');

describe('making cards from what you learn (offline assistant)', () => {
  it('from a note: drafts land in the tray; one edited and accepted, one rejected, the rest accepted into a new deck', async () => {
    const { page, sessionToken } = await app.newPage({ signedIn: true });
    const note = await saveNoteViaApi(app.url, sessionToken!, { name: 'Index funds', content: NOTE });
    await page.goto(`/note/${note.id}`);
    await page.getByRole('link', { name: 'Make cards' }).click();
    await page.waitForURL(`${app.url}/cards/drafts`);
    await expectDrafts(page, 3);
    await page.getByText('The assistant drafted 3 cards.', { exact: false }).waitFor();
    expect(
      await cardsUi
        .draft(page, 1)
        .getByRole('link', { name: /Note: Index funds/ })
        .count(),
    ).toBe(1);
    await cardsUi.meter(page).getByText('0 of 100 cards').waitFor();
    expect(await page.getByRole('combobox', { name: 'Add to deck' }).inputValue()).toBe('__new__');
    await page.getByLabel('New deck name').fill('Investing');

    // Edit the first: a basic card instead of a cloze.
    await cardsUi.draft(page, 1).getByLabel('Draft 1 type').selectOption('basic');
    await cardsUi.draft(page, 1).getByLabel('Draft 1 front').fill('What does an index fund buy?');
    await cardsUi.draft(page, 1).getByLabel('Draft 1 back').fill('Every company in an index.');
    await cardsUi.draft(page, 1).getByRole('button', { name: 'Accept draft 1' }).click();
    await expectDrafts(page, 2);
    await cardsUi.meter(page).getByText('1 of 100 cards').waitFor();
    await cardsUi.draft(page, 1).getByRole('button', { name: 'Reject draft 1' }).click();
    await expectDrafts(page, 1);
    await page.getByRole('button', { name: 'Accept all (1)' }).click();
    await page.getByText('No drafts waiting.', { exact: false }).waitFor();

    await page.goto('/cards');
    await cardsUi.deckRow(page, 'Investing').getByText('2 cards').waitFor();
    await expect.poll(() => cardsUi.headerDue(page).innerText()).toContain('2');
    // Making cards from the same note again flags the draft already accepted as a duplicate.
    await page.goto(`/note/${note.id}`);
    await page.getByRole('link', { name: 'Make cards' }).click();
    await expectDrafts(page, 3);
    expect(await page.getByText('Possible duplicate', { exact: false }).count()).toBe(1);
    expect(app.pageErrors).toEqual([]);
  });

  it('from a chat reply; the card’s source chip opens that conversation at that reply, highlighted', async () => {
    const { page, user } = await app.newPage({ signedIn: true });
    const filler = Array.from({ length: 12 }, (_, index) => `Paragraph ${index} about something else entirely.`).join(
      '\n\n',
    );
    const reply = await createChatReply(
      app.server.database.db,
      user!.id,
      `${filler}\n\nA bond is a loan to a company or a government that pays interest.`,
      'Bonds chat',
    );
    await page.goto(`/chats?c=${reply.conversationId}`);
    await page.getByRole('link', { name: 'Make cards' }).click();
    await page.waitForURL(`${app.url}/cards/drafts`);
    await expect.poll(() => cardsUi.drafts(page).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const chip = cardsUi.draft(page, 1).getByRole('link', { name: /Chat reply: Bonds chat/ });
    await chip.click();
    await page.waitForURL(`${app.url}/chats?c=${reply.conversationId}&m=${reply.messageId}`);
    const message = page.locator(`[data-message-id="${reply.messageId}"]`);
    await expect.poll(() => message.getAttribute('class')).toContain('ring-2');
    await expect
      .poll(() =>
        message.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return box.top < window.innerHeight && box.bottom > 0;
        }),
      )
      .toBe(true);
    expect(app.pageErrors).toEqual([]);
  });

  it('from the lesson sentence now playing; review with Space and 1 to 4, undo, and the chip plays the lesson from there', async () => {
    const { page } = await app.newPage({ signedIn: true });
    await page.goto('/learn/1');
    await player.play(page).waitFor();
    const sentence = player.sentence(page, 5);
    const startMs = Number(await sentence.getAttribute('data-start-ms'));
    await sentence.click();
    await expect.poll(() => player.currentIndex(page)).toBe(5);
    await page.getByRole('button', { name: 'Make cards' }).click();
    await page.getByRole('menuitem', { name: /From this sentence/ }).click();
    await page.waitForURL(`${app.url}/cards/drafts`);
    await expectDrafts(page, 1);
    await page.getByRole('button', { name: 'Accept all (1)' }).click();
    await page.getByText('No drafts waiting.', { exact: false }).waitFor();

    await page.goto('/cards/review');
    await cardsUi.question(page).getByText('[…]', { exact: false }).waitFor();
    expect(await cardsUi.answer(page).count()).toBe(0);
    expect(await cardsUi.progress(page).innerText()).toBe('0 done · 1 left');
    await page.keyboard.press('Space');
    await cardsUi.answer(page).waitFor();
    expect(await cardsUi.grade(page, 'Good').getAttribute('aria-label')).toBe('Good, 10m');
    expect(await cardsUi.grade(page, 'Again').getAttribute('aria-label')).toBe('Again, 1m');
    await page.keyboard.press('3');
    // Good on a new card: a learning step of 10 minutes, shown again within the learn-ahead limit.
    await expect.poll(() => cardsUi.progress(page).innerText()).toBe('1 done · 1 left');
    await page.keyboard.press('u');
    await expect.poll(() => cardsUi.progress(page).innerText()).toBe('0 done · 1 left');
    expect(await cardsUi.answer(page).count()).toBe(0);
    await page.keyboard.press('Enter');
    await cardsUi.answer(page).waitFor();
    await page.keyboard.press('4');
    await page.getByRole('heading', { name: 'Session complete' }).waitFor();
    await page.getByText('You reviewed 1 card', { exact: false }).waitFor();

    // The card's source chip opens the lesson at its moment, playing.
    await page.goto('/cards');
    const deckLink = cardsUi.decks(page).getByRole('link').first();
    await deckLink.click();
    await page.getByRole('link', { name: /Lesson: Why invest/ }).click();
    await page.waitForURL(`${app.url}/learn/1?t=${startMs}`);
    await expect
      .poll(async () => (await player.audio(page)).currentTime, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(startMs / 1000);
    await expect.poll(async () => (await player.audio(page)).paused, { timeout: 10_000 }).toBe(false);
    expect((await player.audio(page)).currentTime).toBeLessThan(startMs / 1000 + 5);
    expect(app.pageErrors).toEqual([]);
  });

  it('writes a card by hand (reversed: two cards) and grades with each key, 1 to 4', async () => {
    const { page } = await app.newPage({ signedIn: true });
    await page.goto('/cards');
    await page.getByRole('link', { name: 'New card' }).click();
    await page.getByLabel('Type').selectOption('reversed');
    await page.getByLabel('New deck name').fill('Spanish');
    await page.getByLabel('Front').fill('el perro');
    await page.getByLabel('Back').fill('**the dog**');
    await page.getByLabel('Tags (separated by spaces)').fill('vocab animals');
    await page.getByLabel('Preview').getByText('the dog').waitFor();
    await page.getByRole('button', { name: 'Add card' }).click();
    await page.waitForURL(/\/cards\/decks\//);
    await page.getByText('2 cards', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Study (2)' }).click();
    await cardsUi.question(page).getByText('el perro').waitFor();
    await page.keyboard.press('Space');
    // The back is markdown: bold, through the sanitized renderer.
    expect(await cardsUi.answer(page).locator('strong').innerText()).toBe('the dog');
    await page.keyboard.press('1');
    await expect.poll(() => cardsUi.progress(page).innerText()).toBe('1 done · 2 left');
    // The count moves with the grade; the next card comes with the queue's next answer, its back hidden again. Keys
    // pressed before it arrives go to the card already graded, and are ignored.
    const revealNextCard = async () => {
      await expect.poll(() => cardsUi.answer(page).count()).toBe(0);
      await page.keyboard.press('Space');
      await cardsUi.answer(page).waitFor();
    };
    await revealNextCard();
    await page.keyboard.press('2');
    await expect.poll(() => cardsUi.progress(page).innerText()).toMatch(/^2 done/);
    await revealNextCard();
    await page.keyboard.press('3');
    await expect.poll(() => cardsUi.progress(page).innerText()).toMatch(/^3 done/);
    await revealNextCard();
    await page.keyboard.press('4');
    await expect.poll(() => cardsUi.progress(page).innerText()).toMatch(/^4 done/);
    expect(app.pageErrors).toEqual([]);
  });

  it('going back to a deck shows its cards at once while they are read again; after a grade the decks never show the count from before', async () => {
    const { page, sessionToken } = await app.newPage({ signedIn: true });
    await fillDeck(app.url, sessionToken!, 'Latin', 3);
    await page.goto('/cards');
    const openLatin = () => cardsUi.deckRow(page, 'Latin').getByRole('link', { name: 'Latin', exact: true }).click();
    await openLatin();
    const cards = page.getByRole('list', { name: 'Cards' });
    await cards.getByText('Question 0').waitFor();
    await page.getByRole('link', { name: 'Decks' }).click();
    await page.getByRole('link', { name: 'Study all (3)' }).waitFor();

    // A card added elsewhere (another tab): the deck shows the cards it read at once, then the new one.
    await createCardViaApi(app.url, sessionToken!, 'Latin', { kind: 'basic', front: 'Added elsewhere', back: 'x' });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/cards/list?**', async (route) => {
      await held;
      await route.continue();
    });
    await openLatin();
    await cards.getByText('Question 0').waitFor();
    expect(await cards.getByText('Added elsewhere').count()).toBe(0);
    release();
    await cards.getByText('Added elsewhere').waitFor();
    await page.unroute('**/api/cards/list?**');

    await page.getByRole('link', { name: 'Study (4)' }).click();
    await cardsUi.question(page).waitFor();
    await page.keyboard.press('Space');
    await cardsUi.answer(page).waitFor();
    await page.keyboard.press('4');
    await expect.poll(() => cardsUi.progress(page).innerText()).toBe('1 done · 3 left');
    // Every "Study all" the decks screen draws from here on: the count from before the grade must never show.
    await page.evaluate(() => {
      const drawn: string[] = [];
      Object.assign(window, { studyAllDrawn: drawn });
      new MutationObserver(() => {
        for (const link of document.querySelectorAll('a')) {
          if (link.textContent?.startsWith('Study all')) drawn.push(link.textContent);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByRole('link', { name: 'Decks' }).click();
    await page.getByRole('link', { name: 'Study all (3)' }).waitFor();
    const drawn = await page.evaluate(() => (window as unknown as { studyAllDrawn: string[] }).studyAllDrawn);
    expect(drawn).not.toContain('Study all (4)');
    await expect.poll(() => cardsUi.headerDue(page).innerText()).toContain('3');
    expect(app.pageErrors).toEqual([]);
  });

  it('a card already graded in another tab: this tab’s grade is refused (409) and the session moves on, no error', async () => {
    const { page, sessionToken } = await app.newPage({ signedIn: true });
    await fillDeck(app.url, sessionToken!, 'Twice', 2, 'Twice');
    await page.goto('/cards/review');
    await cardsUi.question(page).getByText('Twice 0').waitFor();
    // Another tab shows the same card and grades it Easy first.
    const other = (await call(app.url, '/api/cards/review/next', { cookie: sessionToken! })).data as NextCardResponse;
    expect(other.card?.front).toBe('Twice 0');
    const graded = await call(app.url, '/api/cards/review/grade', {
      json: { cardId: other.card!.id, rating: 4, durationMs: 1000, base: other.card!.base },
      cookie: sessionToken!,
    });
    expect(graded.status).toBe(200);

    await page.keyboard.press('Space');
    await cardsUi.answer(page).waitFor();
    const refused = page.waitForResponse((response) => response.url().endsWith('/api/cards/review/grade'));
    await page.keyboard.press('3');
    expect((await refused).status()).toBe(409);
    await cardsUi.question(page).getByText('Twice 1').waitFor();
    expect(await cardsUi.progress(page).innerText()).toBe('0 done · 1 left');
    expect(await page.getByRole('alert').count()).toBe(0);
    // The next card grades as usual.
    await page.keyboard.press('Space');
    await cardsUi.answer(page).waitFor();
    await page.keyboard.press('3');
    await expect.poll(() => cardsUi.progress(page).innerText()).toMatch(/^1 done/);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(app.pageErrors).toEqual([]);
  });

  it('works at phone width (390 px): tray, review and the header’s Cards link fit', async () => {
    const { page, sessionToken } = await app.newPage({ signedIn: true, viewport: PHONE });
    const note = await saveNoteViaApi(app.url, sessionToken!, { name: 'Phone note', content: NOTE });
    await page.goto(`/note/${note.id}`);
    await page.getByRole('link', { name: 'Make cards' }).click();
    await expectDrafts(page, 3);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Accept all (3)' }).click();
    await page.getByText('No drafts waiting.', { exact: false }).waitFor();
    // On a phone the header's sections are in its Menu (decision 019).
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('banner').getByRole('link', { name: /Cards/ }).click();
    await page.getByRole('link', { name: 'Study all (3)' }).click();
    await page.getByRole('button', { name: 'Show answer' }).click();
    await cardsUi.answer(page).waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await cardsUi.grade(page, 'Easy').click();
    await expect.poll(() => cardsUi.progress(page).innerText()).toBe('1 done · 2 left');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    expect(app.pageErrors).toEqual([]);
  });
});
