import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { podcastAudio, podcastVtt } from '../apps/server/test/support/podcast-audio';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DESKTOP, PHONE, useE2eApp } from './support/e2e-app';
import { cardsUi } from './support/cards';
import { player, sentenceStart, startPlaying } from './support/lessons';

/**
 * docs/decisions/046-own-lessons.md: a learner turns a podcast episode (its MP3 and its VTT captions) into a lesson of
 * their own, plays it with the synced transcript, asks the tutor about it, renames it and deletes it; Free keeps three.
 */

const app = useE2eApp({ env: { TRUST_PROXY: 'true' } });

let mp3: Buffer;
beforeAll(async () => {
  mp3 = await podcastAudio('mp3', 20);
});

const myLessons = (page: Page) => page.getByRole('list', { name: 'My lessons' });

async function makeLesson(page: Page, title: string, audio = { name: 'episode-12.mp3', bytes: mp3 }) {
  await page.goto('/lessons/new');
  await page.getByRole('heading', { name: 'New lesson', level: 1 }).waitFor();
  await page.getByLabel('Title').fill(title);
  await page
    .getByLabel('Audio', { exact: true })
    .setInputFiles({ name: audio.name, mimeType: 'audio/mpeg', buffer: audio.bytes });
  await page
    .getByLabel('Transcript', { exact: true })
    .setInputFiles({ name: 'episode-12.vtt', mimeType: 'text/vtt', buffer: Buffer.from(podcastVtt(20)) });
  await page.getByRole('button', { name: 'Make lesson' }).click();
}

describe.each([
  ['1280 px', DESKTOP],
  ['390 px', PHONE],
])('own lessons at %s', (width, viewport) => {
  it('an MP3 and its VTT become a lesson that plays in sync, the tutor answers about it, and it can be renamed and deleted', async () => {
    const { page } = await app.newPage({ signedIn: true, viewport });
    await page.goto('/lessons');
    await page.getByRole('heading', { name: 'My lessons', level: 2 }).waitFor();
    await page.getByText('0 of 3 lessons · 0:00 of 30:00 of audio').waitFor();
    await expectNoSeriousA11yViolations(page, `own lessons, none yet, ${width}`);
    await page.getByRole('link', { name: 'New lesson' }).click();
    await page.waitForURL(`${app.url}/lessons/new`);
    await expectNoSeriousA11yViolations(page, `new lesson form, ${width}`);
    await page.screenshot({ path: `screenshots/own-lessons-new-${viewport.width}.png`, fullPage: true });

    await makeLesson(page, 'Episode 12');
    await page.waitForURL(/\/learn\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Episode 12', level: 1 }).waitFor();
    await page.getByText('My lessons', { exact: true }).waitFor();
    // Five cues, sentences merged across them and cut inside them.
    expect(await player.sentence(page, 0).innerText()).toBe('Part 1 of the episode, where we talk about index funds.');
    expect(await player.sentence(page, 1).innerText()).toBe('Fees add up.');
    await page.waitForFunction(() => (document.querySelector('audio')?.readyState ?? 0) >= 1);
    expect((await player.audio(page)).duration).toBeCloseTo(20, 0);
    await startPlaying(page);
    await expect.poll(() => player.currentIndex(page)).toBeGreaterThanOrEqual(0);
    await player.sentence(page, 2).click();
    await expect.poll(() => player.currentIndex(page)).toBe(2);
    await page.screenshot({ path: `screenshots/own-lessons-player-${viewport.width}.png`, fullPage: true });

    // A sentence corrected: its words, and its start set to the moment playing.
    await player.pause(page).click();
    await page.evaluate(() => (document.querySelector('audio')!.currentTime = 9.05));
    await expect.poll(() => player.currentIndex(page)).toBe(2);
    await page.getByRole('button', { name: 'Correct sentence' }).click();
    const panel = page.getByRole('form', { name: 'Correct a sentence' });
    await panel.getByLabel('Sentence 3').fill('Part 3, where we talk about index funds.');
    await panel.getByRole('button', { name: 'Set to now' }).click();
    await panel.getByText('Starts at 0:09.0').waitFor();
    await expectNoSeriousA11yViolations(page, `correcting a sentence, ${width}`);
    await page.screenshot({ path: `screenshots/own-lessons-correct-${viewport.width}.png`, fullPage: true });
    await panel.getByRole('button', { name: 'Save' }).click();
    await player.sentence(page, 2).getByText('Part 3, where we talk about index funds.').waitFor();
    expect(await sentenceStart(player.sentence(page, 2))).toBeCloseTo(9.05, 1);
    expect(await panel.count()).toBe(0);

    // Its end names it (it has no number in the series) and leads back to the lessons.
    await page.evaluate(() => {
      const audio = document.querySelector('audio')!;
      audio.currentTime = Math.max(0, audio.duration - 0.6);
    });
    await player.play(page).click();
    const finished = page.getByRole('region', { name: '“Episode 12” done' });
    await finished.waitFor({ timeout: 10_000 });
    expect(await finished.getByRole('status').innerText()).toBe('Marked as completed.');
    await finished.getByRole('link', { name: 'All lessons' }).waitFor();

    await player.ask(page).click();
    await player.input(page).fill('What adds up?');
    await player.input(page).press('Enter');
    await player
      .log(page)
      .getByText(/offline tutor/)
      .waitFor();
    await player.log(page).getByText('Fees add up.').first().waitFor();
    await expectNoSeriousA11yViolations(page, `own lesson tutor, ${width}`);
    await player.continue(page).click();

    await page.goto('/lessons');
    const row = myLessons(page).getByRole('listitem');
    await row.getByRole('link', { name: 'Episode 12' }).waitFor();
    await page.getByText('1 of 3 lessons · 0:20 of 30:00 of audio').waitFor();
    await page.screenshot({ path: `screenshots/own-lessons-list-${viewport.width}.png`, fullPage: true });
    await row.getByRole('button', { name: 'Rename “Episode 12”' }).click();
    await page.getByLabel('Title').fill('Fees, episode 12');
    await page.getByRole('button', { name: 'Save' }).click();
    await myLessons(page).getByRole('link', { name: 'Fees, episode 12' }).waitFor();

    await myLessons(page).getByRole('button', { name: 'Delete “Fees, episode 12”' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this lesson?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('0 of 3 lessons · 0:00 of 30:00 of audio').waitFor();
    expect(await myLessons(page).count()).toBe(0);
    expect(app.pageErrors).toEqual([]);
  });
});

describe('own lessons: cards', () => {
  it('cards made from its sentence open the lesson at that moment', async () => {
    const { page } = await app.newPage({ signedIn: true, viewport: DESKTOP });
    await makeLesson(page, 'Episode 12');
    await page.waitForURL(/\/learn\/[0-9a-f-]{36}$/);
    const lessonUrl = page.url();
    await player.play(page).waitFor();
    const sentence = player.sentence(page, 2);
    const startMs = Number(await sentence.getAttribute('data-start-ms'));
    await sentence.click();
    await expect.poll(() => player.currentIndex(page)).toBe(2);
    await page.getByRole('button', { name: 'Make cards' }).click();
    await page.getByRole('menuitem', { name: /From this sentence/ }).click();
    await page.waitForURL(`${app.url}/cards/drafts`);
    await page.getByRole('button', { name: /^Accept all/ }).click();
    await page.getByText('No drafts waiting.', { exact: false }).waitFor();
    // The card's source chip, on its deck's page.
    await page.goto('/cards');
    await cardsUi.decks(page).getByRole('link').first().click();
    await page.getByRole('link', { name: /Lesson: Episode 12/ }).click();
    await page.waitForURL(`${lessonUrl}?t=${startMs}`);
    await expect
      .poll(async () => (await player.audio(page)).currentTime, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(startMs / 1000);
    expect(app.pageErrors).toEqual([]);
  });
});

describe('own lessons: refusals', () => {
  it('a file that is not audio is refused with what to choose, and Free stops the fourth lesson with the way to Pro', async () => {
    const { page } = await app.newPage({ signedIn: true, viewport: DESKTOP });
    await makeLesson(page, 'Not audio', { name: 'episode.mp3', bytes: Buffer.from('<html><script>x</script></html>') });
    await page
      .getByRole('alert')
      .getByText('This file is not audio we can play. Choose an MP3, M4A (AAC), Ogg or Opus, WAV or WebM file.')
      .waitFor();
    expect(page.url()).toBe(`${app.url}/lessons/new`);

    for (const n of [1, 2, 3]) {
      await makeLesson(page, `Lesson ${n}`);
      await page.waitForURL(/\/learn\//);
    }
    await makeLesson(page, 'Lesson 4');
    const alert = page.getByRole('alert');
    await alert.getByText('Your plan keeps 3 lessons of your own. Delete one, or upgrade to Pro for more.').waitFor();
    expect(await alert.getByRole('link', { name: 'See Pro' }).getAttribute('href')).toBe('/pricing');
    await page.goto('/lessons');
    await page.getByRole('link', { name: 'Upgrade for more lessons' }).waitFor();
    expect(await myLessons(page).getByRole('listitem').count()).toBe(3);
    expect(app.pageErrors).toEqual([]);
  });
});
