import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { COMPOSER_MAX_HEIGHT_REM, COMPOSER_MIN_HEIGHT_PX, MENTION_MENU_ITEM_LIMIT } from '@turtle/shared/constants';
import {
  composer,
  editorBox,
  emulateTouch,
  expectOptions,
  expectSelectedOption,
  isEditorFocused,
  optionNames,
  sentPanel,
  typeText,
} from './support/chat-composer';
import { DESKTOP, PHONE, useE2eApp } from './support/e2e-app';
import { expectWithinWidth, saveNoteViaApi, sidewaysOverflow } from './support/notes';

const app = useE2eApp({ env: { TRUST_PROXY: 'true' } });

/** The demo's notes, most recently opened first (apps/web/src/features/chat/demos/demo-notes.ts). */
const DEMO_NOTES_BY_ACCESS = [
  'Index funds in one page',
  'Groceries',
  'Questions for lesson 3',
  'Reading list',
  'Gift ideas',
  'Budget 2025',
  'Trip to Lisbon',
  'Recipes to try',
];

async function openDemo(
  path = '/demo/lexical_mentions',
  { viewport = DESKTOP, touch = false }: { viewport?: typeof DESKTOP; touch?: boolean } = {},
) {
  const { page } = await app.newPage({ signedIn: true, viewport });
  if (touch) await emulateTouch(page);
  await page.goto(path);
  await composer.editor(page).waitFor();
  return page;
}

/** Clicks into the editor and waits for it to take the focus. */
async function focusEditor(page: Page) {
  await composer.editor(page).click();
  await expect.poll(() => isEditorFocused(page)).toBe(true);
}

describe('the chat composer (demo: Chat Input)', () => {
  it('shows the placeholder, and keeps send disabled while the message is empty or blank', async () => {
    const page = await openDemo();
    const editor = composer.editor(page);
    expect(await editor.getAttribute('aria-placeholder')).toBe('Type your message...');
    await page.getByText('Type your message...').waitFor();
    expect(await composer.send(page).isDisabled()).toBe(true);

    await focusEditor(page);
    await typeText(page, '   ');
    expect(await composer.send(page).isDisabled()).toBe(true);
    await page.keyboard.press('Shift+Enter');
    await typeText(page, '  ');
    expect(await composer.send(page).isDisabled()).toBe(true);
    // Enter on a blank message sends nothing.
    await page.keyboard.press('Enter');
    await sentPanel.nothingYet(page).waitFor();

    await typeText(page, 'x');
    await expect.poll(() => composer.send(page).isDisabled()).toBe(false);
    expect(app.pageErrors).toEqual([]);
  });

  it('Shift+Enter adds a line; Enter sends, then the composer is empty and loses focus', async () => {
    const page = await openDemo();
    await focusEditor(page);
    await typeText(page, 'First line');
    await page.keyboard.press('Shift+Enter');
    await typeText(page, 'Second line');
    expect(await composer.editor(page).innerText()).toBe('First line\nSecond line');
    await sentPanel.nothingYet(page).waitFor();

    await page.keyboard.press('Enter');
    await expect.poll(() => sentPanel.content(page)).toBe('First line\nSecond line');
    expect((await composer.editor(page).innerText()).trim()).toBe('');
    await page.getByText('Type your message...').waitFor();
    expect(await composer.send(page).isDisabled()).toBe(true);
    expect(await isEditorFocused(page)).toBe(false);
  });

  it('the send button sends too, and typed markup stays text', async () => {
    const page = await openDemo();
    await focusEditor(page);
    await typeText(page, '<img src=x onerror="window.__xss=1"> <b>hi</b>');
    await composer.send(page).click();
    await expect.poll(() => sentPanel.content(page)).toBe('<img src=x onerror="window.__xss=1"> <b>hi</b>');
    const preview = sentPanel.part(page, 'HTML preview');
    expect(await preview.innerText()).toContain('<img src=x onerror="window.__xss=1"> <b>hi</b>');
    expect(await preview.locator('img, b').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    expect(await isEditorFocused(page)).toBe(false);
  });

  it('@ opens the notes most recently opened first (five at most) and filters them whatever the case', async () => {
    const page = await openDemo();
    await focusEditor(page);
    await typeText(page, 'Compare @');
    await expectOptions(page, DEMO_NOTES_BY_ACCESS.slice(0, MENTION_MENU_ITEM_LIMIT));
    await expectSelectedOption(page, 'Index funds in one page');

    await typeText(page, 'LIS');
    await expectOptions(page, ['Reading list', 'Trip to Lisbon']);
    await typeText(page, 'z');
    // "lisz" is in no name: nothing to offer, so no menu.
    await expectOptions(page, []);
    for (let i = 0; i < 4; i++) await page.keyboard.press('Backspace');
    // Spaces belong to the query.
    await typeText(page, 'IN ONE');
    await expectOptions(page, ['Index funds in one page']);
  });

  it('Enter or Tab pressed before the menu has caught up with the last keystroke picks the whole query', async () => {
    const page = await openDemo();
    await focusEditor(page);
    // One more letter and the pick in the same task: the menu's last update (a React transition) cannot land
    // between them, as on a slow phone when a fast typist presses Enter. It left "and @@Trip to Lisbon".
    const typeThenPick = (letter: string, key: 'Enter' | 'Tab') =>
      page.evaluate(
        ([letter, key]) => {
          const editor = document.querySelector<HTMLElement>('[contenteditable="true"]')!;
          document.execCommand('insertText', false, letter);
          editor.dispatchEvent(new KeyboardEvent('keydown', { key, code: key, bubbles: true, cancelable: true }));
        },
        [letter, key] as const,
      );
    await typeText(page, 'and @tri');
    await expectOptions(page, ['Trip to Lisbon']);
    await typeThenPick('p', 'Enter');
    await expectOptions(page, []);
    expect(await composer.tokens(page)).toEqual(['@Trip to Lisbon']);

    await typeText(page, 'with @groce');
    await expectOptions(page, ['Groceries']);
    await typeThenPick('r', 'Tab');
    await expectOptions(page, []);
    expect(await composer.tokens(page)).toEqual(['@Trip to Lisbon', '@Groceries']);
    expect(await composer.editor(page).innerText()).toMatch(/^and @Trip to Lisbon\s+with @Groceries\s*$/);
    expect(await sentPanel.nothingYet(page).count()).toBe(1);
  });

  it('Enter and Tab pick the selected note as a token carrying its id, without sending', async () => {
    const page = await openDemo();
    await focusEditor(page);
    await typeText(page, 'Compare @lis');
    await expectOptions(page, ['Reading list', 'Trip to Lisbon']);
    await page.keyboard.press('ArrowDown');
    await expectSelectedOption(page, 'Trip to Lisbon');
    await page.keyboard.press('Enter');
    await expectOptions(page, []);
    await sentPanel.nothingYet(page).waitFor();
    expect(await composer.tokens(page)).toEqual(['@Trip to Lisbon']);

    await typeText(page, 'with @GRO');
    await expectOptions(page, ['Groceries']);
    await page.keyboard.press('Tab');
    await expectOptions(page, []);
    expect(await composer.tokens(page)).toEqual(['@Trip to Lisbon', '@Groceries']);
    expect(await isEditorFocused(page)).toBe(true);

    await typeText(page, 'and @trip');
    await expectOptions(page, ['Trip to Lisbon']);
    await page.keyboard.press('Enter');
    await expectOptions(page, []);
    await sentPanel.nothingYet(page).waitFor();

    await page.keyboard.press('Enter');
    await expect
      .poll(() => sentPanel.content(page))
      .toBe('Compare @Trip to Lisbon with @Groceries and @Trip to Lisbon');
    // Each note once.
    expect(await sentPanel.part(page, 'Mentioned notes').getByRole('listitem').allInnerTexts()).toEqual([
      'Trip to Lisbon demo-5',
      'Groceries demo-1',
    ]);
    const state = JSON.parse(await sentPanel.part(page, 'Lexical JSON').locator('pre').innerText());
    const mentions = state.root.children[0].children.filter(
      (node: { type: string }) => node.type === 'beautifulMention',
    );
    expect(mentions).toEqual([
      expect.objectContaining({ trigger: '@', value: 'Trip to Lisbon', data: { id: 'demo-5' } }),
      expect.objectContaining({ trigger: '@', value: 'Groceries', data: { id: 'demo-1' } }),
      expect.objectContaining({ trigger: '@', value: 'Trip to Lisbon', data: { id: 'demo-5' } }),
    ]);
    const preview = sentPanel.part(page, 'HTML preview');
    expect(await preview.locator('[data-lexical-beautiful-mention]').allInnerTexts()).toEqual([
      '@Trip to Lisbon',
      '@Groceries',
      '@Trip to Lisbon',
    ]);
  });

  it('a click on a suggestion picks it', async () => {
    const page = await openDemo();
    await focusEditor(page);
    await typeText(page, '@');
    await expectOptions(page, DEMO_NOTES_BY_ACCESS.slice(0, MENTION_MENU_ITEM_LIMIT));
    await composer.options(page).filter({ hasText: 'Reading list' }).click();
    await expectOptions(page, []);
    expect(await composer.tokens(page)).toEqual(['@Reading list']);
  });

  it('Escape closes the menu and keeps the text; Enter then sends it', async () => {
    const page = await openDemo();
    await focusEditor(page);
    await typeText(page, 'See @rec');
    await expectOptions(page, ['Recipes to try']);
    await page.keyboard.press('Escape');
    await expectOptions(page, []);
    expect(await composer.editor(page).innerText()).toBe('See @rec');
    expect(await composer.tokens(page)).toEqual([]);

    await page.keyboard.press('Enter');
    await expect.poll(() => sentPanel.content(page)).toBe('See @rec');
    expect(await sentPanel.part(page, 'Mentioned notes').innerText()).toContain('None');
  });

  it('shows "Loading..." while the notes load, where Enter does nothing; the notes appear once loaded', async () => {
    const page = await openDemo();
    await page.getByLabel('Notes still loading').check();
    await focusEditor(page);
    await typeText(page, 'Hi @');
    await composer.menu(page).getByText('Loading...').waitFor();
    expect(await optionNames(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await page.waitForTimeout(200);
    await sentPanel.nothingYet(page).waitFor();
    expect(await composer.editor(page).innerText()).toBe('Hi @');

    await page.keyboard.press('Escape');
    await page.getByLabel('Notes still loading').uncheck();
    await focusEditor(page);
    await page.keyboard.press('End');
    await typeText(page, 'bud');
    await expectOptions(page, ['Budget 2025']);
  });

  it('blocks sending, not typing, while a reply streams', async () => {
    const page = await openDemo();
    await page.getByLabel('Reply streaming (sending blocked)').check();
    await focusEditor(page);
    await typeText(page, 'Still typing');
    expect(await composer.editor(page).innerText()).toBe('Still typing');
    expect(await composer.send(page).isDisabled()).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForTimeout(200);
    await sentPanel.nothingYet(page).waitFor();
    expect(await composer.editor(page).innerText()).toBe('Still typing');

    // The reply ends: the composer takes the focus back (through its handle), caret at the end.
    await page.getByLabel('Reply streaming (sending blocked)').uncheck();
    await expect.poll(() => isEditorFocused(page)).toBe(true);
    await typeText(page, '!');
    expect(await composer.editor(page).innerText()).toBe('Still typing!');
    await composer.send(page).click();
    await expect.poll(() => sentPanel.content(page)).toBe('Still typing!');
  });

  it('grows from 48px to 8rem, then scrolls', async () => {
    const page = await openDemo();
    const editor = composer.editor(page);
    const empty = await editorBox(editor);
    expect(empty.height).toBe(COMPOSER_MIN_HEIGHT_PX);
    expect(empty.scrolls).toBe(false);

    await focusEditor(page);
    await typeText(page, 'Line 1');
    await page.keyboard.press('Shift+Enter');
    await typeText(page, 'Line 2');
    const twoLines = await editorBox(editor);
    expect(twoLines.height).toBeGreaterThan(COMPOSER_MIN_HEIGHT_PX);
    expect(twoLines.scrolls).toBe(false);

    for (let line = 3; line <= 10; line++) {
      await page.keyboard.press('Shift+Enter');
      await typeText(page, `Line ${line}`);
    }
    const full = await editorBox(editor);
    expect(full.height).toBe(COMPOSER_MAX_HEIGHT_REM * full.rootFontSize);
    expect(full.scrolls).toBe(true);
    expect(full.overflowY).toBe('auto');
    // The caret's line stays in view.
    const caretInView = await editor.evaluate((element) => {
      const caret = window.getSelection()!.getRangeAt(0).getBoundingClientRect();
      const box = element.getBoundingClientRect();
      return caret.height > 0 && caret.top >= box.top && caret.bottom <= box.bottom;
    });
    expect(caretInView).toBe(true);
  });
});

describe('on a phone (390 px, touch)', () => {
  it('fits the width, and Enter adds a line: only the button sends', async () => {
    const page = await openDemo('/demo/lexical_mentions', { viewport: PHONE, touch: true });
    expect(await sidewaysOverflow(page)).toBe(0);
    await expectWithinWidth(composer.send(page), PHONE.width, 'send button');

    await focusEditor(page);
    await typeText(page, 'On the go');
    await page.keyboard.press('Enter');
    await typeText(page, 'second line');
    await page.waitForTimeout(200);
    await sentPanel.nothingYet(page).waitFor();
    expect(await composer.editor(page).innerText()).toMatch(/^On the go\n+second line$/);

    await typeText(page, ' @');
    await expect.poll(async () => (await optionNames(page)).length).toBe(MENTION_MENU_ITEM_LIMIT);
    await expectWithinWidth(composer.menu(page).locator('ul'), PHONE.width, 'mention menu');
    await composer.options(page).filter({ hasText: 'Groceries' }).click();
    expect(await composer.tokens(page)).toEqual(['@Groceries']);

    await composer.send(page).click();
    await expect.poll(() => sentPanel.content(page)).toMatch(/^On the go\n+second line @Groceries$/);
    expect(await isEditorFocused(page)).toBe(false);
  });
});

describe('demo: Chat Input (v2)', () => {
  it('offers Add "{text}" for a name that is no note, above the composer pinned to the bottom', async () => {
    const page = await openDemo('/demo/lexical_mentions_v2', { viewport: PHONE });
    await page.getByRole('heading', { name: 'Demo: Chat Input (v2)', level: 1 }).waitFor();
    await page.getByText('Nothing sent yet.').waitFor();
    await focusEditor(page);
    await typeText(page, 'Ask @Someone new');
    await expectOptions(page, ['Add "Someone new"']);

    const menu = await composer.menu(page).locator('ul').boundingBox();
    const box = await composer.editor(page).boundingBox();
    expect(menu!.y + menu!.height).toBeLessThanOrEqual(box!.y);

    await page.keyboard.press('Enter');
    await expectOptions(page, []);
    expect(await composer.tokens(page)).toEqual(['@Someone new']);
    await typeText(page, 'and @groc');
    await expectOptions(page, ['Groceries', 'Add "groc"']);
    await page.keyboard.press('Enter');
    await expectOptions(page, []);
    expect(await composer.tokens(page)).toEqual(['@Someone new', '@Groceries']);

    await page.keyboard.press('Enter');
    const sent = page.getByRole('list', { name: 'Sent messages' }).getByRole('listitem');
    await expect.poll(() => sent.count()).toBe(1);
    expect(await sent.locator('[data-lexical-beautiful-mention]:visible').allInnerTexts()).toEqual([
      '@Someone new',
      '@Groceries',
    ]);
    await sent.getByText('Details').click();
    // A created mention carries no note.
    expect(await sent.getByRole('region', { name: 'Mentioned notes' }).getByRole('listitem').allInnerTexts()).toEqual([
      'Groceries demo-1',
    ]);
    expect(app.pageErrors).toEqual([]);
  });
});

/** Holds the editor's chunk until the returned function is called, so the stand-in shows meanwhile. */
async function holdEditorChunk(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // The editor's chunk (not the shared `composer-frame-…` one): its name is "composer-" and an 8-character hash.
  await page.route(/\/assets\/composer-[\w-]{8}\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

describe('the chat screen while its editor loads (decision 026)', () => {
  it('a stand-in of the same size takes what is typed, and the editor carries on with it and the focus', async () => {
    const { page } = await app.newPage({ signedIn: true });
    const release = await holdEditorChunk(page);
    await page.goto('/chats');
    const standIn = page.locator('textarea[aria-label="Message"]');
    await standIn.waitFor();
    const frame = page.getByTestId('composer-frame');
    const before = await frame.boundingBox();
    await standIn.click();
    await typeText(page, 'Hello');

    release();
    await page.locator('[contenteditable="true"][aria-label="Message"]').waitFor();
    // A loaded machine may take a while to run the editor's chunk once it arrives: wait, then check exactly.
    await expect.poll(() => composer.editor(page).innerText(), { timeout: 10_000 }).toBe('Hello');
    await expect.poll(() => isEditorFocused(page), { timeout: 10_000 }).toBe(true);
    expect(await frame.boundingBox()).toEqual(before);
    await typeText(page, ' there');
    await expect.poll(() => composer.editor(page).innerText(), { timeout: 5_000 }).toBe('Hello there');
    expect(app.pageErrors).toEqual([]);
  });

  it('an @ typed into the stand-in opens the @ menu once the editor is here', async () => {
    const { page, sessionToken } = await app.newPage({ signedIn: true });
    await saveNoteViaApi(app.url, sessionToken!, { name: 'Budget', content: 'Rent first.' });
    const release = await holdEditorChunk(page);
    await page.goto('/chats');
    const standIn = page.locator('textarea[aria-label="Message"]');
    await standIn.click();
    await typeText(page, 'About @bud');

    release();
    await expectOptions(page, ['Budget']);
    await page.keyboard.press('Enter');
    await expectOptions(page, []);
    expect(await composer.tokens(page)).toEqual(['@Budget']);
    expect(app.pageErrors).toEqual([]);
  });
});
