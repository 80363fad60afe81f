import type { Page } from 'playwright-core';

/** The Ctrl/Cmd+K search box, open. */
export const searchBox = (page: Page) => page.getByRole('dialog', { name: 'Search' });

/** Opens the search box with Ctrl+K and types `text` into it; returns its input. */
export async function openSearch(page: Page, text: string) {
  await page.keyboard.press('Control+K');
  const input = searchBox(page).getByRole('combobox', { name: 'Search your notes, lessons, past chats and cards' });
  await input.waitFor();
  await input.fill(text);
  return input;
}
