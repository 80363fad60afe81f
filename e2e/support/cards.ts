import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { call } from '../../apps/server/test/support/http';

/** The flashcard screens, located the way a learner finds them (by role, label and text). */
export const cardsUi = {
  drafts: (page: Page) => page.getByRole('list', { name: 'Drafts' }).getByRole('listitem'),
  draft: (page: Page, index: number) => page.getByRole('listitem', { name: `Draft ${index}`, exact: true }),
  decks: (page: Page) => page.getByRole('list', { name: 'Decks' }),
  deckRow: (page: Page, name: string) =>
    cardsUi
      .decks(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name, exact: true }) }),
  meter: (page: Page) => page.getByTestId('card-meter'),
  question: (page: Page) => page.getByTestId('card-question'),
  answer: (page: Page) => page.getByTestId('card-answer'),
  progress: (page: Page) => page.getByTestId('review-progress'),
  grade: (page: Page, name: 'Again' | 'Hard' | 'Good' | 'Easy') =>
    page.getByRole('group', { name: 'Grade' }).getByRole('button', { name: new RegExp(`^${name}, `) }),
  // The header's own count (the phone Menu, drawn but hidden on a desktop, holds the second).
  headerDue: (page: Page) => page.getByRole('banner').getByTestId('cards-due').first(),
};

/** Waits until the tray shows `count` drafts. */
export async function expectDrafts(page: Page, count: number) {
  await expect.poll(() => cardsUi.drafts(page).count(), { timeout: 15_000 }).toBe(count);
}

/** `n` basic cards in a deck, through the import API (one request). */
export async function fillDeck(appUrl: string, sessionToken: string, deck: string, n: number, prefix = 'Question') {
  const rows = Array.from({ length: n }, (_, index) => `${prefix} ${index},Answer ${index},${deck}`);
  const response = await call(appUrl, '/api/cards/import', {
    json: { csv: rows.join('\n'), createMissingDecks: true },
    cookie: sessionToken,
  });
  expect(response.status, response.text).toBe(200);
}

export async function createCardViaApi(
  appUrl: string,
  sessionToken: string,
  deckName: string,
  card: { kind: 'basic' | 'reversed' | 'cloze'; front: string; back?: string; tags?: string[] },
) {
  const response = await call(appUrl, '/api/cards/create', {
    json: { deck: { deckName }, card: { back: '', ...card } },
    cookie: sessionToken,
  });
  expect(response.status, response.text).toBe(200);
  return response.data as { card: { id: string; deckId: string } };
}
