import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCROLLBAR_AUTO_HIDE_DELAY_MS, SCROLLBAR_THUMB_MIN_SIZE_PX } from '@turtle/shared/constants';
import { chatMessages, conversations } from '../apps/server/src/db/schema';
import { DESKTOP, PHONE, useE2eApp } from './support/e2e-app';

// product.md §9: "Scrollbar hides after 600 ms of inactivity; scroll thumb minimum size 18px" (docs/spec-conformance.md
// row 9.9), on the chat screen's message list: an overlay scrollbar (Radix ScrollArea, type "scroll") that shows while
// the list scrolls and hides 600 ms after it stops, with a thumb never shorter than 18 px.
const app = useE2eApp();

/** Enough short messages that a thumb in proportion to the list would be well under 18 px at either width. */
const MESSAGE_COUNT = 600;
/**
 * Longer than any pause between the scroll events of one wheel turn and than a timer's lateness in a page on a busy
 * machine (two e2e files and their servers on two cores), far shorter than a hung scrollbar.
 */
const HIDDEN_BY_MS = 2500;

/** A conversation of `MESSAGE_COUNT` one-line messages, written straight into the database. */
async function seedLongConversation(userId: string): Promise<string> {
  const db = app.server.database.db;
  const start = Date.now() - MESSAGE_COUNT * 1000;
  const id = randomUUID();
  await db
    .insert(conversations)
    .values({ id, userId, title: 'A very long chat', createdAt: start, updatedAt: start + MESSAGE_COUNT * 1000 });
  const rows = Array.from({ length: MESSAGE_COUNT }, (_, index) => ({
    id: randomUUID(),
    conversationId: id,
    role: index % 2 === 0 ? ('user' as const) : ('assistant' as const),
    content: `Message ${index + 1}`,
    status: 'complete' as const,
    createdAt: start + index * 1000,
  }));
  for (let offset = 0; offset < rows.length; offset += 100) {
    await db.insert(chatMessages).values(rows.slice(offset, offset + 100));
  }
  return id;
}

/** The scrollbar's state as the page shows it: Radix's `data-state`, or "absent" when no overlay scrollbar exists. */
const scrollbarState = (page: Page) =>
  page.evaluate(
    () =>
      document
        .querySelector('section[aria-label="Chat"] [data-slot="scroll-area-scrollbar"][data-orientation="vertical"]')
        ?.getAttribute('data-state') ?? 'absent',
  );

/** Whether the scrollbar can be seen: there, with a size and not faded out. */
const scrollbarSeen = (page: Page) =>
  page.evaluate(() => {
    const bar = document.querySelector<HTMLElement>(
      'section[aria-label="Chat"] [data-slot="scroll-area-scrollbar"][data-orientation="vertical"]',
    );
    if (!bar) return false;
    const box = bar.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && Number(getComputedStyle(bar).opacity) > 0;
  });

/** The message list's scroll container: the nearest ancestor of the list that scrolls. */
const scrollerMetrics = (page: Page) =>
  page.evaluate(() => {
    let element = document.querySelector('ol[aria-label="Messages"]')?.parentElement ?? null;
    while (element && !/(auto|scroll)/.test(getComputedStyle(element).overflowY)) element = element.parentElement;
    if (!element) throw new Error('no scroll container around the message list');
    return { top: element.scrollTop, height: element.scrollHeight, client: element.clientHeight };
  });

/**
 * Records, in the page, every change of the scrollbar's state and every scroll of the list (with the state 300 ms
 * after each scroll), so the timing is measured where it happens rather than across the DevTools connection.
 */
async function recordScrollbar(page: Page) {
  await page.evaluate(() => {
    const root = document.querySelector('section[aria-label="Chat"]')!;
    // Shown or not: a hidden scrollbar may keep its element (`data-state="hidden"`) or leave the page.
    const state = () =>
      root
        .querySelector('[data-slot="scroll-area-scrollbar"][data-orientation="vertical"]')
        ?.getAttribute('data-state') === 'visible'
        ? 'visible'
        : 'hidden';
    let scroller = document.querySelector('ol[aria-label="Messages"]')!.parentElement;
    while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY)) scroller = scroller.parentElement;
    const log = {
      changes: [] as { at: number; state: string }[],
      scrolls: [] as number[],
      after300: new Map<number, string>(),
    };
    let last = state();
    new MutationObserver(() => {
      const now = state();
      if (now !== last) log.changes.push({ at: performance.now(), state: now });
      last = now;
    }).observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
    scroller!.addEventListener('scroll', () => {
      const at = performance.now();
      log.scrolls.push(at);
      setTimeout(() => log.after300.set(at, state()), 300);
    });
    (window as unknown as { scrollbarLog: typeof log }).scrollbarLog = log;
  });
  return () =>
    page.evaluate(() => {
      const log = (
        window as unknown as {
          scrollbarLog: {
            changes: { at: number; state: string }[];
            scrolls: number[];
            after300: Map<number, string>;
          };
        }
      ).scrollbarLog;
      const lastScroll = log.scrolls.at(-1) ?? null;
      return {
        changes: log.changes,
        scrolls: log.scrolls.length,
        lastScroll,
        stateAt300: lastScroll === null ? null : (log.after300.get(lastScroll) ?? null),
      };
    });
}

describe.each([
  ['1280 px', DESKTOP],
  ['390 px', PHONE],
])('the chat message list at %s', (_width, viewport) => {
  it('shows its scrollbar while scrolling, hides it 600 ms after, and keeps the thumb at least 18 px', async () => {
    const { page, user } = await app.newPage({ signedIn: true, viewport });
    const conversationId = await seedLongConversation(user!.id);
    await page.goto(`/chats?c=${conversationId}`);
    const list = page.getByRole('list', { name: 'Messages' });
    await list.getByText(`Message ${MESSAGE_COUNT}`, { exact: true }).waitFor();
    // Opened at the bottom, the latest message in view (the list follows the conversation down).
    await expect
      .poll(async () => {
        const { top, height, client } = await scrollerMetrics(page);
        return height - top - client;
      })
      .toBeLessThanOrEqual(1);

    // Nothing scrolls now: the scrollbar is (or soon is) not shown.
    await expect.poll(() => scrollbarState(page), { timeout: 5_000 }).not.toBe('visible');
    await expect.poll(() => scrollbarSeen(page), { timeout: 5_000 }).toBe(false);
    const readLog = await recordScrollbar(page);

    // The mouse wheel over the list scrolls it up, and the scrollbar shows while it does.
    const box = (await list.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, Math.max(box.y, 0) + 200);
    const before = await scrollerMetrics(page);
    await page.mouse.wheel(0, -1200);
    await expect.poll(() => scrollbarState(page), { timeout: 2_000, interval: 20 }).toBe('visible');
    await expect.poll(() => scrollbarSeen(page), { timeout: 2_000, interval: 20 }).toBe(true);
    expect((await scrollerMetrics(page)).top).toBeLessThan(before.top);

    // The thumb: a list this long would give a proportional thumb under 18 px; it stays at least 18 px.
    const thumb = await page.evaluate(() => {
      const bar = document.querySelector<HTMLElement>(
        'section[aria-label="Chat"] [data-slot="scroll-area-scrollbar"][data-orientation="vertical"]',
      )!;
      const thumb = bar.querySelector<HTMLElement>('[data-slot="scroll-area-thumb"]')!;
      const viewport = document.querySelector<HTMLElement>(
        'section[aria-label="Chat"] [data-radix-scroll-area-viewport]',
      )!;
      const style = getComputedStyle(bar);
      const track = bar.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
      return {
        height: thumb.getBoundingClientRect().height,
        proportional: (viewport.clientHeight / viewport.scrollHeight) * track,
        track,
      };
    });
    expect(thumb.track).toBeGreaterThan(100);
    expect(thumb.proportional).toBeLessThan(SCROLLBAR_THUMB_MIN_SIZE_PX);
    expect(thumb.height).toBeGreaterThanOrEqual(SCROLLBAR_THUMB_MIN_SIZE_PX);
    expect(thumb.height).toBeLessThan(SCROLLBAR_THUMB_MIN_SIZE_PX + 1);

    // Hidden again once the scrolling stops: still shown 300 ms after the last scroll, gone about 600 ms after it.
    await expect.poll(() => scrollbarState(page), { timeout: HIDDEN_BY_MS + 1_000, interval: 20 }).not.toBe('visible');
    const log = await readLog();
    expect(log.scrolls).toBeGreaterThan(0);
    expect(log.stateAt300).toBe('visible');
    const shown = log.changes.findIndex((change) => change.state === 'visible');
    expect(shown).toBeGreaterThanOrEqual(0);
    // Shown once, then hidden once: it never blinked off between two scroll events of the same turn of the wheel.
    const afterShown = log.changes.slice(shown + 1);
    expect(afterShown).toHaveLength(1);
    const hiddenAfterMs = afterShown[0]!.at - log.lastScroll!;
    expect(hiddenAfterMs).toBeGreaterThanOrEqual(SCROLLBAR_AUTO_HIDE_DELAY_MS);
    expect(hiddenAfterMs).toBeLessThanOrEqual(HIDDEN_BY_MS);
    await expect.poll(() => scrollbarSeen(page), { timeout: 2_000 }).toBe(false);

    // Scrolled up: "Jump to latest" offers the way back down, and the list still scrolls from the keyboard.
    await page.getByRole('button', { name: 'Jump to latest' }).click();
    await expect
      .poll(async () => {
        const { top, height, client } = await scrollerMetrics(page);
        return height - top - client;
      })
      .toBeLessThanOrEqual(1);
    await list.getByText(`Message ${MESSAGE_COUNT - 1}`, { exact: true }).click();
    const atBottom = await scrollerMetrics(page);
    await page.keyboard.press('PageUp');
    await expect
      .poll(async () => (await scrollerMetrics(page)).top)
      .toBeLessThan(atBottom.height - atBottom.client - 100);
    await expect.poll(() => scrollbarState(page), { timeout: 2_000, interval: 20 }).toBe('visible');
    expect(app.pageErrors).toEqual([]);
  });
});
