import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { COMPOSER_MAX_HEIGHT_REM, COMPOSER_MIN_HEIGHT_PX, EDITOR_INDENT_UNIT_PX } from '@turtle/shared/constants';
import { composer, expectOptions, typeText } from './support/chat-composer';
import { DESKTOP, PHONE, useE2eApp } from './support/e2e-app';
import { saveNoteViaApi } from './support/notes';

// product.md §2 "Chat screen" and §4, points no other story proves (docs/spec-conformance.md). The built-in offline
// assistant answers (25 ms a word).
const app = useE2eApp({ env: { TRUST_PROXY: 'true' } });

const GREETING = "Hello! I'm your AI assistant. How can I help you today?";
/** 4xl in Tailwind: 56rem. */
const MAX_4XL_PX = 56 * 16;
/** Long enough that the offline reply (which repeats the question) takes a few seconds to write. */
const LONG_QUESTION =
  'Could you please explain in plenty of detail how compound interest works over many years, why starting early ' +
  'matters so much, and what a beginner should keep in mind when saving a little money every single month?';

const messages = (page: Page) => page.getByRole('list', { name: 'Messages' });

async function openChat(viewport: typeof DESKTOP, notes: { name: string; content: string }[] = []) {
  const { page, sessionToken } = await app.newPage({ signedIn: true, viewport });
  const saved = [];
  for (const note of notes) saved.push(await saveNoteViaApi(app.url, sessionToken!, note));
  await page.goto('/chats');
  await page.getByText(GREETING).waitFor();
  await composer.editor(page).waitFor();
  return { page, saved };
}

for (const viewport of [DESKTOP, PHONE]) {
  describe(`the chat screen at ${viewport.width} px`, () => {
    it('has a message list at most 4xl wide filling the window under the header, and the composer fixed at the bottom', async () => {
      const { page } = await openChat(viewport);
      const list = (await messages(page).boundingBox())!;
      expect(list.width).toBeLessThanOrEqual(MAX_4XL_PX);
      expect(list.x).toBeGreaterThanOrEqual(0);
      expect(list.x + list.width).toBeLessThanOrEqual(viewport.width);
      // The page itself never scrolls: the list scrolls inside the window's height, between header and composer.
      const pageOverflow = () => page.evaluate(() => document.scrollingElement!.scrollHeight - window.innerHeight);
      expect(await pageOverflow()).toBeLessThanOrEqual(0);
      const scroller = messages(page).locator('xpath=../..');
      expect(await scroller.evaluate((element) => getComputedStyle(element).overflowY)).toBe('auto');
      const header = (await page.getByRole('banner').boundingBox())!;
      const frame = page.getByTestId('composer-frame');
      const composerBox = (await frame.boundingBox())!;
      const scrollerBox = (await scroller.boundingBox())!;
      expect(scrollerBox.y).toBeGreaterThanOrEqual(header.y + header.height);
      expect(scrollerBox.y + scrollerBox.height).toBeLessThanOrEqual(composerBox.y);
      // At the bottom of the window (only the reply meter below it).
      expect(composerBox.y + composerBox.height).toBeLessThanOrEqual(viewport.height);
      expect(composerBox.y + composerBox.height).toBeGreaterThan(viewport.height - 90);

      // The composer: 48px high when empty, at most 8rem, the editor's indent unit 40px.
      const editor = composer.editor(page);
      const style = await editor.evaluate((element) => {
        const computed = getComputedStyle(element);
        return {
          height: element.getBoundingClientRect().height,
          maxHeight: computed.maxHeight,
          indent: computed.getPropertyValue('--lexical-indent-base-value').trim(),
          rootFontSize: parseFloat(getComputedStyle(document.documentElement).fontSize),
        };
      });
      expect(style.height).toBe(COMPOSER_MIN_HEIGHT_PX);
      expect(style.maxHeight).toBe(`${COMPOSER_MAX_HEIGHT_REM * style.rootFontSize}px`);
      expect(style.indent).toBe(`${EDITOR_INDENT_UNIT_PX}px`);

      // Still there, at the same place, once a reply has come in.
      await editor.click();
      await typeText(page, 'Hello');
      await composer.send(page).click();
      await page.waitForFunction(
        () =>
          !document.querySelector('[aria-busy="true"][data-role="assistant"]') &&
          document.querySelectorAll('ol[aria-label="Messages"] > li [data-role="assistant"]').length >= 2,
        null,
        { timeout: 20_000 },
      );
      expect(await frame.boundingBox()).toEqual(composerBox);
      expect(await pageOverflow()).toBeLessThanOrEqual(0);
      expect(app.pageErrors).toEqual([]);
    });

    it('while a reply streams shows "AI is typing" with three animated dots, and the bubble slides in', async () => {
      const { page } = await openChat(viewport);
      // The reply is held until the indicator has been looked at: on a busy machine the offline assistant's whole
      // reply could otherwise come and go between two looks. The indicator shows from the send on.
      let releaseReply = () => {};
      const replyHeld = new Promise<void>((resolve) => (releaseReply = resolve));
      await page.route('**/api/chat/send', async (route) => {
        await replyHeld;
        await route.continue();
      });
      await composer.editor(page).click();
      await typeText(page, LONG_QUESTION);
      await composer.send(page).click();

      const indicator = messages(page).getByRole('status').filter({ hasText: 'AI is typing' });
      await indicator.waitFor();
      const dots = indicator.locator('.chat-typing-dot');
      expect(await dots.count()).toBe(3);
      const animations = await dots.evaluateAll((elements) =>
        elements.map((element) => {
          const style = getComputedStyle(element);
          return { name: style.animationName, iterations: style.animationIterationCount };
        }),
      );
      for (const animation of animations) {
        expect(animation.name).not.toBe('none');
        expect(animation.iterations).toBe('infinite');
      }

      // The person's bubble comes in with a slide: its animation moves it (a translate), not only a fade.
      const bubble = messages(page).locator('[data-role="user"]').first();
      const animationName = await bubble.evaluate((element) => getComputedStyle(element).animationName);
      expect(animationName).not.toBe('none');
      const keyframes = await page.evaluate((name) => {
        for (const sheet of Array.from(document.styleSheets)) {
          let rules: CSSRuleList;
          try {
            rules = sheet.cssRules;
          } catch {
            continue;
          }
          for (const rule of Array.from(rules)) {
            if (rule instanceof CSSKeyframesRule && rule.name === name) return rule.cssText;
          }
        }
        return null;
      }, animationName);
      expect(keyframes).toMatch(/translate/);

      // The indicator goes with the live reply once it is whole.
      releaseReply();
      await indicator.waitFor({ state: 'detached', timeout: 30_000 });
      expect(await messages(page).locator('[data-role="assistant"]').count()).toBe(2);
      expect(app.pageErrors).toEqual([]);
    });

    it('loads the notes list into the client store when it opens', async () => {
      const { page, saved } = await openChat(viewport, [{ name: 'Budget', content: 'Rent first.' }]);
      const noteMap = () =>
        page.evaluate(
          () =>
            JSON.parse(localStorage.getItem('turtle-store') ?? '{}').state?.noteMap as Record<
              string,
              { name: string; content: string }
            >,
        );
      await expect.poll(async () => Object.keys((await noteMap()) ?? {})).toEqual([saved[0]!.id]);
      expect((await noteMap())[saved[0]!.id]).toMatchObject({ name: 'Budget', content: 'Rent first.' });
    });

    it('closes the mention menu when the composer loses focus, keeping the text', async () => {
      const { page } = await openChat(viewport, [{ name: 'Budget', content: 'Rent first.' }]);
      await composer.editor(page).click();
      await typeText(page, 'About @bud');
      await expectOptions(page, ['Budget']);
      // A click on the chat's title bar, away from the composer and the menu: the editor loses focus.
      await page.getByRole('heading', { name: 'New chat', level: 1 }).click();
      await expectOptions(page, []);
      expect(await composer.editor(page).innerText()).toBe('About @bud');
      expect(await composer.tokens(page)).toEqual([]);
    });
  });
}
