import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Note } from '@turtle/shared/note';
import { call } from '../../apps/server/test/support/http';

/** The notes list and the note editor, located the way a user finds them (by role and label). */
export const notesPage = {
  list: (page: Page) => page.getByRole('list', { name: 'Notes' }),
  card: (page: Page, name: string) =>
    notesPage
      .list(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name, exact: true }) }),
  titles: (page: Page) => notesPage.list(page).getByRole('heading', { level: 2 }).allInnerTexts(),
  count: (page: Page) => page.getByText(/^\d+ notes?$/),
  search: (page: Page) => page.getByRole('searchbox', { name: 'Search notes' }),
  newNote: (page: Page) => page.getByRole('link', { name: 'New Note' }),
};

export const editor = {
  title: (page: Page) => page.getByLabel('Title', { exact: true }),
  content: (page: Page) => page.getByLabel('Content', { exact: true }),
  create: (page: Page) => page.getByRole('button', { name: 'Create Note' }),
  save: (page: Page) => page.getByRole('button', { name: 'Save Note' }),
  back: (page: Page) => page.getByRole('link', { name: 'Back' }),
};

/** Waits until the list shows exactly these titles, in this order. */
export async function expectTitles(page: Page, titles: string[]) {
  await expect.poll(() => notesPage.titles(page), { timeout: 5_000 }).toEqual(titles);
}

export async function expectCount(page: Page, text: string) {
  await expect.poll(() => notesPage.count(page).innerText(), { timeout: 5_000 }).toBe(text);
}

/** Creates a note through the editor, starting from the list, and waits for the list again. */
export async function createNoteInUi(page: Page, appUrl: string, name: string, content: string) {
  await notesPage.newNote(page).click();
  await page.waitForURL(`${appUrl}/note/new`);
  await editor.title(page).fill(name);
  await editor.content(page).fill(content);
  await editor.create(page).click();
  await page.waitForURL(`${appUrl}/notes`);
}

/**
 * A note saved through the real API with a user's session (as another tab or device would). Waits a few ms after,
 * so notes made one after another never share a `lastAccessAt`.
 */
export async function saveNoteViaApi(
  appUrl: string,
  sessionToken: string,
  note: { id?: string; name: string; content: string },
) {
  const response = await call(appUrl, '/api/note/save', { json: { note }, cookie: sessionToken });
  expect(response.status, JSON.stringify(response.data)).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 5));
  return (response.data as { savedNote: Note }).savedNote;
}

export async function deleteNoteViaApi(appUrl: string, sessionToken: string, id: string) {
  const response = await call(appUrl, '/api/note/delete', { json: { id }, cookie: sessionToken });
  expect(response.status, JSON.stringify(response.data)).toBe(200);
}

/** How far the page scrolls sideways (0 when everything fits). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Whether `locator` lies within the viewport's width. */
export async function expectWithinWidth(locator: Locator, width: number, what: string) {
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.x, what).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, what).toBeLessThanOrEqual(width);
}
