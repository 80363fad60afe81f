import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DESKTOP, PHONE, useE2eApp } from './support/e2e-app';
import { player, startPlaying } from './support/lessons';

/**
 * docs/decisions/049-voicing-own-lessons.md: a text pasted on /lessons/new is voiced in the background by the embedded
 * voice; its card on /lessons shows the progress, it opens once ready, and the highlight follows the voice: each
 * sentence is heard within 50 ms of its highlight.
 */

const app = useE2eApp({ env: { TRUST_PROXY: 'true' } });

const TEXT = [
  'Compound interest is interest on interest.',
  'It makes savings grow faster over time.',
  '',
  'Start early, even with small amounts.',
  'Time does most of the work.',
].join('\n');

const myLessons = (page: Page) => page.getByRole('list', { name: 'My lessons' });

/**
 * Where each sentence's voice is first heard, decoded in the page from the lesson's own MP3: the first sample louder
 * than -30 dBFS from 49 ms before the sentence's start on (sound earlier than that belongs to the sentence before).
 */
async function voiceOnsets(page: Page, audioFile: string, startsMs: number[]) {
  return page.evaluate(
    async ({ url, starts }) => {
      const bytes = await (await fetch(url)).arrayBuffer();
      const decoded = await new OfflineAudioContext(1, 1, 44_100).decodeAudioData(bytes);
      const samples = decoded.getChannelData(0);
      const rate = decoded.sampleRate;
      return starts.map((startMs) => {
        for (let i = Math.max(0, Math.floor(((startMs - 49) / 1000) * rate)); i < samples.length; i += 1) {
          if (Math.abs(samples[i]!) > 0.0316) return (i / rate) * 1000;
        }
        return Number.POSITIVE_INFINITY;
      });
    },
    { url: audioFile, starts: startsMs },
  );
}

describe.each([
  ['1280 px', DESKTOP],
  ['390 px', PHONE],
])('a lesson from a text at %s', (width, viewport) => {
  it('is voiced in the background with its progress, opens when ready, and its highlight follows the voice', async () => {
    const { page } = await app.newPage({ signedIn: true, viewport });
    await page.goto('/lessons/new');
    await page.getByRole('radio', { name: 'Text' }).check();
    const form = page.getByRole('form', { name: 'New lesson from text' });
    await form.getByLabel('Title').fill('Compound interest');
    await form.getByLabel('Text', { exact: true }).fill(TEXT);
    await expectNoSeriousA11yViolations(page, `new lesson from text, ${width}`);
    await page.screenshot({ path: `screenshots/own-lessons-text-new-${viewport.width}.png`, fullPage: true });
    await form.getByRole('button', { name: 'Make lesson' }).click();
    await page.waitForURL(`${app.url}/lessons`);

    // Being made: its progress, no link yet; then it becomes a lesson that opens.
    const card = myLessons(page).getByRole('listitem').filter({ hasText: 'Compound interest' });
    await card.getByText(/^(Waiting to start…|Voicing [0-4] of 4 sentences)$/).waitFor();
    await page.screenshot({ path: `screenshots/own-lessons-text-progress-${viewport.width}.png`, fullPage: true });
    const link = myLessons(page).getByRole('link', { name: 'Compound interest' });
    await link.waitFor({ timeout: 60_000 });
    await expectNoSeriousA11yViolations(page, `own lessons with one made from text, ${width}`);
    await link.click();
    await page.waitForURL(/\/learn\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Compound interest', level: 1 }).waitFor();
    expect(await player.sentence(page, 2).innerText()).toBe('Start early, even with small amounts.');

    const starts = await page
      .locator('[data-index]')
      .evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute('data-start-ms'))));
    expect(starts).toHaveLength(4);
    const audioFile = await page.evaluate(() => document.querySelector('audio')!.getAttribute('src')!);
    const onsets = await voiceOnsets(page, audioFile, starts);
    starts.forEach((startMs, index) => {
      if (index === 0) return;
      expect(Math.abs(onsets[index]! - startMs), `sentence ${index}: heard at ${onsets[index]} ms`).toBeLessThan(50);
    });

    // Playing, the sentence highlighted is the one whose time it is.
    await page.waitForFunction(() => (document.querySelector('audio')?.readyState ?? 0) >= 1);
    await startPlaying(page);
    await page.evaluate((at) => (document.querySelector('audio')!.currentTime = at), (starts[2]! + 300) / 1000);
    await expect.poll(() => player.currentIndex(page)).toBe(2);
    await page.screenshot({ path: `screenshots/own-lessons-text-player-${viewport.width}.png`, fullPage: true });
    expect(app.pageErrors).toEqual([]);
  });
});
