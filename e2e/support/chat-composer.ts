import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The chat composer and its mention menu, located the way a user finds them (by role and label). */
export const composer = {
  /**
   * The editor once it has loaded. Until then a plain text area with the same name stands in (decision 026), where an
   * `@` opens no menu and Enter does not send: a test that typed there would race the editor's chunk.
   */
  editor: (page: Page) => page.getByRole('textbox', { name: 'Message' }).and(page.locator('[contenteditable="true"]')),
  send: (page: Page) => page.getByRole('button', { name: 'Send message' }),
  menu: (page: Page) => page.getByRole('listbox', { name: 'Typeahead menu' }),
  options: (page: Page) => composer.menu(page).getByRole('option'),
  /** The mention tokens in the editor, as their text ("@Groceries"). */
  tokens: (page: Page) => composer.editor(page).locator('[data-beautiful-mention]').allInnerTexts(),
};

/** Types like a person (a key every 20 ms), so the editor and its menu keep up as they would for one. */
export async function typeText(page: Page, text: string) {
  await page.keyboard.type(text, { delay: 20 });
}

export async function optionNames(page: Page): Promise<string[]> {
  return composer.options(page).allInnerTexts();
}

/** Waits until the mention menu shows exactly these options, in this order ([] waits for it to close). */
export async function expectOptions(page: Page, names: string[]) {
  await expect.poll(() => optionNames(page), { timeout: 5_000 }).toEqual(names);
}

/** Waits until the option `name` is the selected one. */
export async function expectSelectedOption(page: Page, name: string) {
  await expect
    .poll(() => composer.menu(page).locator('[role=option][aria-selected=true]').allInnerTexts(), { timeout: 5_000 })
    .toEqual([name]);
}

export function isEditorFocused(page: Page): Promise<boolean> {
  return page.evaluate(() => document.activeElement?.getAttribute('aria-label') === 'Message');
}

/** The editor's rendered height and whether its content scrolls. */
export function editorBox(editor: Locator) {
  return editor.evaluate((element) => ({
    height: element.getBoundingClientRect().height,
    scrolls: element.scrollHeight > element.clientHeight,
    overflowY: getComputedStyle(element).overflowY,
    rootFontSize: parseFloat(getComputedStyle(document.documentElement).fontSize),
  }));
}

/** The demo page's "Last message sent" panel. */
export const sentPanel = {
  region: (page: Page) => page.getByRole('region', { name: 'Last message sent' }),
  part: (page: Page, name: 'Content' | 'Mentioned notes' | 'HTML preview' | 'Lexical JSON') =>
    sentPanel.region(page).getByRole('region', { name }),
  content: (page: Page) => sentPanel.part(page, 'Content').locator('p').innerText(),
  nothingYet: (page: Page) => page.getByText('Nothing sent yet.', { exact: false }),
};

/** Makes the page a touch device (`(pointer: coarse)` matches) before it loads. */
export async function emulateTouch(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
}
