import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, useE2eApp } from './support/e2e-app';
import { lessonsPage, openLesson, player, recordRequests, sameUserElsewhere } from './support/lessons';

const app = useE2eApp({ env: { TRUST_PROXY: 'true' } });

const FIRST = 'Why invest? The power of compounding';
const SECOND = 'Risk and return';
const THIRD = 'Diversification';

/** Plays the last second of the open lesson, so it reaches its end as a listener would. */
async function playToTheEnd(page: Page) {
  await page.evaluate(() => {
    const audio = document.querySelector('audio')!;
    audio.currentTime = Math.max(0, audio.duration - 0.6);
  });
  await player.play(page).click();
  await expect.poll(async () => (await player.audio(page)).ended, { timeout: 10_000 }).toBe(true);
}

describe.each([
  ['1280 px', DESKTOP],
  ['390 px', PHONE],
])('lessons as a path at %s', (_width, viewport) => {
  it('reaching the end ticks the lesson on this device only and offers the next one; the position follows the account', async () => {
    const { page, context, user } = await app.newPage({ signedIn: true, viewport });
    const sent = recordRequests(page, app.url);
    await openLesson(page, '1');
    await playToTheEnd(page);
    const finished = page.getByRole('region', { name: 'Lesson 1 done' });
    await finished.waitFor();
    expect(await finished.innerText()).toContain(`Up next: Lesson 2, “${SECOND}”.`);
    // The end's pause sends the position; the mark goes nowhere (product.md §2: local only, not sent anywhere).
    await expect.poll(() => sent.filter((request) => request.method === 'POST').length).toBeGreaterThan(0);
    expect(sent.filter((request) => request.body.includes('completed'))).toEqual([]);
    await finished.getByRole('link', { name: 'Next lesson' }).click();
    await page.waitForURL(`${app.url}/learn/2`);
    await page.getByRole('heading', { name: SECOND, level: 1 }).waitFor();

    // Part way into lesson 2, then to the list: lesson 1 is ticked, lesson 2 shows where to resume.
    await player.play(page).waitFor();
    await player.sentence(page, 6).click();
    // A seek while paused reaches the account at once.
    await expect.poll(() => player.currentIndex(page)).toBe(6);
    await page.getByRole('link', { name: 'Back to lessons' }).click();
    await lessonsPage.list(page).waitFor();
    const second = lessonsPage.card(page, SECOND);
    await second.getByRole('progressbar', { name: 'Listened' }).waitFor();
    expect(await second.innerText()).toMatch(/Resume at 00:\d\d/);
    expect(await lessonsPage.toggle(page, FIRST).getAttribute('aria-pressed')).toBe('true');
    // Kept on this device.
    await page.reload();
    await lessonsPage.card(page, SECOND).getByRole('progressbar', { name: 'Listened' }).waitFor();
    expect(await lessonsPage.toggle(page, FIRST).getAttribute('aria-pressed')).toBe('true');
    expect((await lessonsPage.titles(page)).at(-1)).toBe(FIRST);
    expect(sent.filter((request) => request.body.includes('completed'))).toEqual([]);

    // Another browser of the same person (nothing on that device) resumes where the account says; the tick stayed on
    // the first device.
    await context.close();
    const other = await sameUserElsewhere(app, user!.id, viewport);
    await other.page.goto('/lessons');
    await lessonsPage.card(other.page, SECOND).getByRole('progressbar', { name: 'Listened' }).waitFor();
    expect(await lessonsPage.toggle(other.page, FIRST).getAttribute('aria-pressed')).toBe('false');
    expect((await lessonsPage.titles(other.page))[0]).toBe(FIRST);
    await openLesson(other.page, '2');
    await expect.poll(() => player.currentIndex(other.page)).toBe(6);
    expect(app.pageErrors).toEqual([]);
  });

  it('merges the positions this device kept before signing in, keeps its marks here, and a not-ready lesson leads to the ready ones', async () => {
    const { page } = await app.newPage({ signedIn: true, viewport });
    const sent = recordRequests(page, app.url);
    // A copy made signed out by an earlier build (version 0), before the account kept positions.
    await page.addInitScript(() => {
      if (localStorage.getItem('turtle-lessons')) return;
      localStorage.setItem(
        'turtle-lessons',
        JSON.stringify({
          state: { completed: { '3': true }, positions: { '2': 42_000 }, playbackRate: 1 },
          version: 0,
        }),
      );
    });
    await page.goto('/lessons');
    await lessonsPage.card(page, SECOND).getByRole('progressbar', { name: 'Listened' }).waitFor();
    expect(await lessonsPage.card(page, SECOND).innerText()).toContain('Resume at 00:42');
    // The mark made signed out is now this person's, on this device; the account took the position only.
    expect(await lessonsPage.toggle(page, THIRD).getAttribute('aria-pressed')).toBe('true');
    expect(sent.filter((request) => request.path === '/api/lessons/progress/merge')).toEqual([
      {
        method: 'POST',
        path: '/api/lessons/progress/merge',
        body: '{"lessons":[{"lessonId":"2","positionMs":42000}]}',
      },
    ]);
    const kept = await page.evaluate(() => fetch('/api/lessons/progress').then((response) => response.json()));
    expect(kept).toEqual({ progress: [{ lessonId: '2', positionMs: 42_000, updatedAt: expect.any(Number) }] });

    // Coming soon shows at every width; the not-ready lesson explains and lists what can be played now.
    const fourth = lessonsPage.card(page, 'Index funds and why fees matter');
    expect(await fourth.getByText('Coming soon').isVisible()).toBe(true);
    await fourth.getByRole('link').click();
    await page.getByRole('heading', { name: 'Lesson not ready!' }).waitFor();
    const ready = page.getByRole('list', { name: 'Ready lessons' });
    await expect.poll(() => ready.getByRole('link').count()).toBe(3);
    await ready.getByRole('link', { name: new RegExp(SECOND) }).click();
    await page.waitForURL(`${app.url}/learn/2`);
    await expect.poll(async () => (await player.audio(page)).currentTime).toBeCloseTo(42, 0);
    expect(app.pageErrors).toEqual([]);
  });
});
