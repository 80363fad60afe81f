import type { Locator, Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import { createSessionToken } from '../../apps/server/test/support/factories';
import { DESKTOP, type E2eApp } from './e2e-app';

export interface AudioState {
  currentTime: number;
  duration: number;
  paused: boolean;
  ended: boolean;
}

/** The lesson list and the player, located the way a user finds them (by role, label and text). */
export const lessonsPage = {
  list: (page: Page) => page.getByRole('list', { name: 'Lessons' }),
  titles: (page: Page) => lessonsPage.list(page).getByRole('heading', { level: 2 }).allInnerTexts(),
  card: (page: Page, title: string) =>
    lessonsPage
      .list(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: title, exact: true }) }),
  toggle: (page: Page, title: string) => lessonsPage.card(page, title).getByRole('button', { name: /^Mark / }),
};

export const player = {
  play: (page: Page) => page.getByRole('button', { name: 'Play', exact: true }),
  pause: (page: Page) => page.getByRole('button', { name: 'Pause', exact: true }),
  back: (page: Page) => page.getByRole('button', { name: 'Back 10 seconds' }),
  forward: (page: Page) => page.getByRole('button', { name: 'Forward 10 seconds' }),
  slider: (page: Page) => page.getByRole('slider', { name: 'Progress' }),
  ask: (page: Page) => page.getByRole('button', { name: 'Wait, I have questions' }),
  transcript: (page: Page) => page.getByRole('region', { name: 'Transcript' }),
  sentence: (page: Page, index: number) => page.locator(`[data-index="${index}"]`),
  /** The index of the highlighted sentence, or -1. */
  currentIndex: async (page: Page) => {
    const current = page.locator('[data-index][aria-current="true"]');
    return (await current.count()) ? Number(await current.getAttribute('data-index')) : -1;
  },
  pane: (page: Page) => page.getByRole('complementary', { name: 'Tutor' }),
  input: (page: Page) => page.getByPlaceholder('Type your message...'),
  send: (page: Page) => page.getByRole('button', { name: 'Send' }),
  continue: (page: Page) => page.getByRole('button', { name: 'Continue lesson' }),
  log: (page: Page) => page.getByRole('log', { name: 'Conversation with the tutor' }),
  audio: (page: Page): Promise<AudioState> =>
    page.evaluate(() => {
      const audio = document.querySelector('audio')!;
      return { currentTime: audio.currentTime, duration: audio.duration, paused: audio.paused, ended: audio.ended };
    }),
};

/** Opens /learn/{id} and waits until its audio can play. */
export async function openLesson(page: Page, id = '1') {
  await page.goto(`/learn/${id}`);
  await player.play(page).waitFor();
  await page.waitForFunction(() => (document.querySelector('audio')?.readyState ?? 0) >= 1);
}

/** Starts playback and waits until the audio clock has clearly moved. */
export async function startPlaying(page: Page) {
  const before = (await player.audio(page)).currentTime;
  await player.play(page).click();
  await expect
    .poll(async () => (await player.audio(page)).currentTime, { timeout: 10_000 })
    .toBeGreaterThan(before + 0.3);
}

/** The `[data-start-ms]` of a sentence, in seconds. */
export async function sentenceStart(sentence: Locator): Promise<number> {
  return Number(await sentence.getAttribute('data-start-ms')) / 1000;
}

/** Every request a page sends to the app from now on, with its body: a completed mark must never be in one (product.md §2). */
export function recordRequests(page: Page, appUrl: string) {
  const sent: { method: string; path: string; body: string }[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.origin === appUrl)
      sent.push({ method: request.method(), path: url.pathname, body: request.postData() ?? '' });
  });
  return sent;
}

/** The same person in another browser, with nothing on that device: a new session of theirs, nothing else. */
export async function sameUserElsewhere(app: E2eApp, userId: string, viewport = DESKTOP) {
  const other = await app.newPage({ viewport });
  await other.context.addCookies([
    {
      name: 'sid',
      value: await createSessionToken(app.server.database.db, userId),
      url: app.url,
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
  return other;
}
