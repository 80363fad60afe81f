import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { podcastAudio } from '../apps/server/test/support/podcast-audio';
import { startFakeTranscription, type FakeTranscription } from '../apps/server/test/support/fake-transcription';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DESKTOP, PHONE, useE2eApp } from './support/e2e-app';
import { player, startPlaying } from './support/lessons';

/**
 * docs/decisions/051-transcribing-own-lessons.md: an MP3 alone, chosen on /lessons/new under "Audio alone", is
 * transcribed in the background by the configured speech-to-text (here a fake); its card on /lessons says how far
 * ("Transcribing 2:00 of 2:30"), it opens once ready, and plays with what was heard at its times. Without a service,
 * that way in says how to set one up.
 */

const myLessons = (page: Page) => page.getByRole('list', { name: 'My lessons' });

describe('with a speech-to-text service', () => {
  let stt: FakeTranscription;
  let mp3: Buffer;
  beforeAll(async () => {
    stt = await startFakeTranscription();
    mp3 = await podcastAudio('mp3', 150);
  });
  afterAll(() => stt.close());
  const app = useE2eApp({ env: () => ({ ...stt.env(), TRUST_PROXY: 'true' }) });

  describe.each([
    ['1280 px', DESKTOP],
    ['390 px', PHONE],
  ])('at %s', (width, viewport) => {
    it('an MP3 alone is transcribed with its progress on its card, then opens in the player in sync', async () => {
      const { page } = await app.newPage({ signedIn: true, viewport });
      await page.goto('/lessons/new');
      await page.getByRole('radio', { name: 'Audio alone' }).check();
      const form = page.getByRole('form', { name: 'New lesson from audio alone' });
      await form.getByLabel('Title').fill('Lecture 3');
      await form
        .getByLabel('Audio', { exact: true })
        .setInputFiles({ name: 'lecture-3.mp3', mimeType: 'audio/mpeg', buffer: mp3 });
      await expectNoSeriousA11yViolations(page, `new lesson from audio alone, ${width}`);
      await page.screenshot({ path: `screenshots/own-lessons-audio-alone-new-${viewport.width}.png`, fullPage: true });

      // The first two minutes answered, the rest held: the card says how far it is.
      let openFirst = () => {};
      let openRest = () => {};
      stt.gate = new Promise<void>((resolve) => (openFirst = resolve));
      const before = stt.requests.length;
      await form.getByRole('button', { name: 'Make lesson' }).click();
      await page.waitForURL(`${app.url}/lessons`);
      await expect.poll(() => stt.requests.length - before, { timeout: 30_000 }).toBe(1);
      stt.gate = new Promise<void>((resolve) => (openRest = resolve));
      openFirst();
      const card = myLessons(page).getByRole('listitem').filter({ hasText: 'Lecture 3' });
      await card.getByText('Transcribing 2:00 of 2:30').waitFor({ timeout: 30_000 });
      await expect.poll(() => card.getByRole('progressbar').getAttribute('value')).toMatch(/^12\d{4}$/);
      await expectNoSeriousA11yViolations(page, `own lessons with one being transcribed, ${width}`);
      await page.screenshot({
        path: `screenshots/own-lessons-audio-alone-progress-${viewport.width}.png`,
        fullPage: true,
      });
      stt.gate = null;
      openRest();

      const link = myLessons(page).getByRole('link', { name: 'Lecture 3' });
      await link.waitFor({ timeout: 60_000 });
      await link.click();
      await page.waitForURL(/\/learn\/[0-9a-f-]{36}$/);
      await page.getByRole('heading', { name: 'Lecture 3', level: 1 }).waitFor();
      // A sentence every 10 s: 12 in the first two minutes, 3 in the last half minute.
      const starts = await page
        .locator('[data-index]')
        .evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute('data-start-ms'))));
      expect(starts).toHaveLength(15);
      starts.forEach((startMs, index) => expect(Math.abs(startMs - index * 10_000)).toBeLessThan(30));
      expect(await player.sentence(page, 12).innerText()).toMatch(/^Sentence \d+ was said here\.$/);

      await page.waitForFunction(() => (document.querySelector('audio')?.readyState ?? 0) >= 1);
      expect((await player.audio(page)).duration).toBeCloseTo(150, 0);
      await startPlaying(page);
      await page.evaluate(() => (document.querySelector('audio')!.currentTime = 125));
      await expect.poll(() => player.currentIndex(page)).toBe(12);
      await expectNoSeriousA11yViolations(page, `player of a lesson from audio alone, ${width}`);
      await page.screenshot({
        path: `screenshots/own-lessons-audio-alone-player-${viewport.width}.png`,
        fullPage: true,
      });
      expect(app.pageErrors).toEqual([]);
    });
  });
});

describe('without a speech-to-text service', () => {
  const app = useE2eApp({ env: { TRUST_PROXY: 'true' } });

  it('"Audio alone" says why there is no form and which variables set one up', async () => {
    const { page } = await app.newPage({ signedIn: true, viewport: PHONE });
    await page.goto('/lessons/new');
    await page.getByRole('radio', { name: 'Audio alone' }).check();
    const note = page.getByRole('note');
    await note.getByText('This server has no speech-to-text service set up.').waitFor();
    for (const name of ['STT_BASE_URL', 'STT_API_KEY', 'STT_MODEL'])
      await note.getByText(name, { exact: true }).waitFor();
    expect(await page.getByRole('form', { name: 'New lesson from audio alone' }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'new lesson from audio alone, no service, 390 px');
    await page.screenshot({ path: 'screenshots/own-lessons-audio-alone-none-390.png', fullPage: true });
    // The other ways in are still there.
    await page.getByRole('radio', { name: 'Text' }).check();
    await page.getByRole('form', { name: 'New lesson from text' }).waitFor();
    expect(app.pageErrors).toEqual([]);
  });
});
