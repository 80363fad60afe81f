import { describe, expect, it } from 'vitest';
import {
  LESSON_PANE_DEFAULT_WIDTH_PX,
  LESSON_PANE_MAX_WIDTH_PX,
  LESSON_PANE_MIN_WIDTH_PX,
} from '@turtle/shared/constants';
import { PHONE, useE2eApp } from './support/e2e-app';
import { lessonsPage, openLesson, player, sentenceStart, startPlaying } from './support/lessons';

const app = useE2eApp({ env: { TRUST_PROXY: 'true' } });

const TITLES = [
  'Why invest? The power of compounding',
  'Risk and return',
  'Diversification',
  'Index funds and why fees matter',
  'Stocks, bonds, and asset allocation',
  'Tax-advantaged accounts and dollar-cost averaging',
];

describe('the lesson list', () => {
  it('shows the series, and lists completed lessons last, struck through, kept on the device', async () => {
    const { page } = await app.newPage();
    await page.goto('/lessons');
    await page.getByRole('heading', { name: 'Investing basics', level: 1 }).waitFor();
    await page.getByText('(A 7-part mini-series)').waitFor();
    const titles = await lessonsPage.titles(page);
    expect(titles).toHaveLength(7);
    expect(titles.slice(0, 6)).toEqual(TITLES);
    expect(await lessonsPage.card(page, TITLES[0]!).innerText()).toContain('3:37');

    // Signed out too, a tick sends nothing (product.md §2: local only, not sent anywhere).
    const posted: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' || (request.postData() ?? '').includes('completed')) posted.push(request.url());
    });
    // A ticked card moves after the incomplete ones at once, even with the mouse still on the list (product.md §2).
    await lessonsPage.toggle(page, TITLES[1]!).click();
    await expect.poll(() => lessonsPage.titles(page)).toEqual([titles[0], ...titles.slice(2), titles[1]]);
    await lessonsPage.toggle(page, TITLES[0]!).click();
    await expect.poll(() => lessonsPage.titles(page)).toEqual([...titles.slice(2), titles[0], titles[1]]);
    const decoration = (title: string) =>
      lessonsPage
        .card(page, title)
        .getByRole('heading')
        .evaluate((heading) => getComputedStyle(heading).textDecorationLine);
    expect(await decoration(TITLES[0]!)).toBe('line-through');
    expect(await decoration(TITLES[2]!)).toBe('none');
    expect(await lessonsPage.toggle(page, TITLES[0]!).getAttribute('aria-pressed')).toBe('true');

    // Kept on this device: the same after a reload; unmarking puts the lesson back in its place.
    await page.reload();
    await expect.poll(() => lessonsPage.titles(page)).toEqual([...titles.slice(2), titles[0], titles[1]]);
    await lessonsPage.toggle(page, TITLES[0]!).click();
    await expect.poll(() => lessonsPage.titles(page)).toEqual([titles[0], ...titles.slice(2), titles[1]]);
    expect(await decoration(TITLES[0]!)).toBe('none');
    expect(posted).toEqual([]);

    await lessonsPage.card(page, TITLES[2]!).getByRole('link').click();
    await page.waitForURL(`${app.url}/login?next=%2Flearn%2F3`);
    expect(app.pageErrors).toEqual([]);
  });

  it('loads a lesson while its card is pointed at, so the player opens with it and asks no more', async () => {
    const { page } = await app.newPage({ signedIn: true });
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/api\/lessons\/\d+$/.test(pathname)) asked.push(pathname);
    });
    await page.goto('/lessons');
    await lessonsPage.card(page, TITLES[1]!).waitFor();
    expect(asked).toEqual([]);
    await lessonsPage.card(page, TITLES[1]!).getByRole('link').hover();
    await expect.poll(() => asked).toEqual(['/api/lessons/2']);
    await lessonsPage.card(page, TITLES[1]!).getByRole('link').click();
    await player.play(page).waitFor();
    await page.getByRole('heading', { name: TITLES[1], level: 1 }).waitFor();
    expect(asked).toEqual(['/api/lessons/2']);
    expect(app.pageErrors).toEqual([]);
  });
});

describe('the lesson player', () => {
  it('plays, highlights the sentence being spoken, and a sentence click seeks there', async () => {
    const { page } = await app.newPage({ signedIn: true });
    await openLesson(page);
    await page.getByRole('heading', { name: TITLES[0], level: 1 }).waitFor();
    expect(await player.slider(page).getAttribute('step')).toBe('100');
    await startPlaying(page);
    await expect.poll(() => player.currentIndex(page)).toBe(0);
    await player.pause(page).waitFor();

    const sentence = player.sentence(page, 12);
    const start = await sentenceStart(sentence);
    await sentence.click();
    await expect.poll(() => player.currentIndex(page)).toBe(12);
    const { currentTime, paused } = await player.audio(page);
    expect(currentTime).toBeGreaterThanOrEqual(start);
    expect(currentTime).toBeLessThan(start + 1.5);
    expect(paused).toBe(false);
    // The elapsed time follows, as mm:ss (read once paused: a loaded machine may take seconds between two reads).
    await player.pause(page).click();
    await player.play(page).waitFor();
    const pausedAt = (await player.audio(page)).currentTime;
    const mmss = (seconds: number) =>
      `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;
    expect(mmss(start)).toBe('01:11');
    await expect.poll(() => page.getByLabel('Elapsed').innerText()).toBe(mmss(pausedAt));
    expect(await page.getByLabel('Total').innerText()).toMatch(/^03:3\d$/);
    // Kept in view: the highlighted sentence is inside the transcript's visible area.
    const area = (await player.transcript(page).boundingBox())!;
    const box = (await sentence.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(area.y);
    expect(box.y + box.height).toBeLessThanOrEqual(area.y + area.height);
    expect(app.pageErrors).toEqual([]);
  });

  it('skips 10 s back and forward, clamped at the start and at the end', async () => {
    const { page } = await app.newPage({ signedIn: true });
    await openLesson(page);
    await player.forward(page).click();
    await expect.poll(async () => (await player.audio(page)).currentTime).toBeCloseTo(10, 1);
    await player.back(page).click();
    await player.back(page).click();
    await expect.poll(async () => (await player.audio(page)).currentTime).toBe(0);

    // Near the end, forward stops at the end and the lesson finishes.
    const last = player.sentence(page, (await page.locator('[data-index]').count()) - 1);
    await last.click();
    await player.forward(page).click();
    await player.forward(page).click();
    // Chromium refines an MP3's length once it has read near the end (217.00 s, then 217.34 s): the player follows
    // the end as it moves.
    await expect
      .poll(async () => {
        const audio = await player.audio(page);
        return audio.duration - audio.currentTime;
      })
      .toBeLessThan(0.05);
    await expect.poll(async () => (await player.audio(page)).paused).toBe(true);
    await player.play(page).waitFor();
    expect(app.pageErrors).toEqual([]);
  });

  it('the keyboard plays and pauses with Space and skips with the arrows', async () => {
    const { page } = await app.newPage({ signedIn: true });
    await openLesson(page);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await player.audio(page)).currentTime).toBeCloseTo(20, 1);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await player.audio(page)).currentTime).toBeCloseTo(10, 1);
    await page.locator('body').press(' ');
    await expect.poll(async () => (await player.audio(page)).paused).toBe(false);
    await page.locator('body').press(' ');
    await expect.poll(async () => (await player.audio(page)).paused).toBe(true);
  });

  it('resumes where the lesson was left, and at the chosen speed', async () => {
    const { page } = await app.newPage({ signedIn: true });
    await openLesson(page);
    await page.getByLabel('Playback speed').selectOption('1.5');
    await player.sentence(page, 10).click();
    await expect.poll(() => player.currentIndex(page)).toBe(10);
    const left = (await player.audio(page)).currentTime;
    await page.reload();
    await player.play(page).waitFor();
    await expect.poll(async () => (await player.audio(page)).currentTime).toBeCloseTo(left, 0);
    await expect.poll(() => player.currentIndex(page)).toBe(10);
    expect(await page.evaluate(() => document.querySelector('audio')!.playbackRate)).toBe(1.5);
  });

  it('asks for its lesson beside the status call, and loads the audio only once the player has drawn (decision 026)', async () => {
    const { page } = await app.newPage({ signedIn: true });
    // The status call answers late; the lesson is asked for meanwhile, with the player's chunk, not after it.
    let statusAnswered = false;
    let lessonAskedBeforeStatus = false;
    await page.route('**/api/user/status', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      statusAnswered = true;
      await route.continue();
    });
    let audioRequested = false;
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/api/lessons/1' && !statusAnswered) lessonAskedBeforeStatus = true;
      if (pathname.startsWith('/media/lessons/')) audioRequested = true;
    });
    await page.goto('/learn/1');
    await player.play(page).waitFor();
    expect(lessonAskedBeforeStatus).toBe(true);
    const audioPreload = () => page.evaluate(() => document.querySelector('audio')!.preload);
    await expect.poll(audioPreload).toBe('auto');
    await expect.poll(() => audioRequested).toBe(true);
  });

  it('opens with one read of the account’s progress and one of the list, started with the lesson', async () => {
    const { page } = await app.newPage({ signedIn: true });
    const reads: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/lessons')) reads.push(`${request.method()} ${pathname}`);
    });
    // The progress answers late, as on a slow line: the list read beside the lesson has long arrived when the player
    // (which waits for the progress) mounts and reads the list for "Up next".
    await page.route('**/api/lessons/progress', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await page.goto('/learn/1');
    await player.play(page).waitFor();
    // Reads a mounted screen would make come within a moment of its drawing.
    await page.waitForTimeout(1_000);
    // The end card's "Up next" and the player share the list, read once.
    expect(reads.filter((read) => read === 'GET /api/lessons')).toHaveLength(1);
    const progressReads = reads.filter((read) => read.includes('/progress'));
    // A new device holds no positions, so there is nothing to merge: the account's positions are read, once, ahead of
    // the player's chunk (decision 030), not once more when the player mounts.
    expect(progressReads).toEqual(['GET /api/lessons/progress']);
    expect(reads.filter((read) => read === 'GET /api/lessons/1')).toHaveLength(1);
  });

  it('loads the Make cards menu after the player has drawn; a press before it arrived opens it (decision 030)', async () => {
    const { page } = await app.newPage({ signedIn: true });
    let drawn = false;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked: boolean[] = [];
    await page.route(/\/assets\/make-cards-menu-[\w-]+\.js$/, async (route) => {
      asked.push(drawn);
      await held;
      await route.continue();
    });
    await page.goto('/learn/1');
    await player.play(page).waitFor();
    drawn = true;
    // The person presses the button while the menu's chunk is still on its way: it opens when the chunk arrives.
    await page.getByRole('button', { name: 'Make cards' }).click();
    await expect.poll(() => asked.length).toBe(1);
    release();
    await page.getByRole('menuitem', { name: /From this sentence/ }).waitFor();
    expect(asked).toEqual([true]);
    expect(app.pageErrors).toEqual([]);
  });

  it('draws the player without zod, and the tutor still checks its reply’s events once the schemas arrive', async () => {
    const { page } = await app.newPage({ signedIn: true });
    let drawn = false;
    const schemasAsked: boolean[] = [];
    page.on('request', (request) => {
      if (/\/assets\/zod-[\w-]+\.js$/.test(request.url())) schemasAsked.push(drawn);
    });
    await page.goto('/learn/1');
    await player.play(page).waitFor();
    await player.sentence(page, 0).waitFor();
    drawn = true;
    // The tutor's stream decoder (and zod with it) loads with the first question, or once the screen has settled.
    await player.ask(page).click();
    await player.input(page).fill('What is this lesson about?');
    await player.input(page).press('Enter');
    await player
      .log(page)
      .getByText(/offline tutor/)
      .waitFor({ timeout: 15_000 });
    expect(schemasAsked).toEqual([true]);
    expect(app.pageErrors).toEqual([]);
  });

  it('says "Lesson not ready!" for lesson 4 and "Lesson not found!" for lesson 99', async () => {
    const { page } = await app.newPage({ signedIn: true });
    await page.goto('/learn/4');
    await page.getByRole('heading', { name: 'Lesson not ready!' }).waitFor();
    await page.getByRole('link', { name: 'Back to lessons' }).click();
    await page.waitForURL(`${app.url}/lessons`);
    await page.goto('/learn/99');
    await page.getByRole('heading', { name: 'Lesson not found!' }).waitFor();
    expect(await page.locator('audio').count()).toBe(0);
  });
});

describe('the tutor pane', () => {
  it('opens by button, pauses and disables the transport; a question gets an answer; Continue resumes', async () => {
    const { page } = await app.newPage({ signedIn: true });
    await openLesson(page);
    await startPlaying(page);
    await player.ask(page).click();
    await player.pane(page).getByRole('heading', { name: 'Sure, ask away…' }).waitFor();
    await expect.poll(async () => (await player.audio(page)).paused).toBe(true);
    const pausedAt = (await player.audio(page)).currentTime;
    expect(await player.play(page).isDisabled()).toBe(true);
    expect(await player.forward(page).isDisabled()).toBe(true);
    expect(await player.slider(page).isDisabled()).toBe(true);
    expect(await player.sentence(page, 5).getAttribute('aria-disabled')).toBe('true');
    const opacity = await player.transcript(page).evaluate((area) => Number(getComputedStyle(area).opacity));
    expect(opacity).toBeLessThan(1);
    // The sentence the learner is at is shown in the pane.
    const current = await player.sentence(page, await player.currentIndex(page)).innerText();
    expect(await player.pane(page).getByLabel('Current sentence').innerText()).toBe(current);
    // The default width, by the spec.
    expect((await player.pane(page).boundingBox())!.width).toBe(LESSON_PANE_DEFAULT_WIDTH_PX);

    // Send is disabled while the input is blank; Enter sends the trimmed question.
    expect(await player.send(page).isDisabled()).toBe(true);
    await player.input(page).fill('   ');
    expect(await player.send(page).isDisabled()).toBe(true);
    await player.input(page).fill('  Why does compounding matter?  ');
    await player.input(page).press('Enter');
    await player.log(page).getByText('Why does compounding matter?', { exact: true }).waitFor();
    await player
      .log(page)
      .getByText(/offline tutor/)
      .waitFor({ timeout: 15_000 });
    // The answer streams in; Send comes back (in Stop's place) once it is whole.
    await player.send(page).waitFor({ timeout: 15_000 });
    expect(await player.input(page).inputValue()).toBe('');
    // The chips are markdown links, drawn once the renderer's chunk has arrived (decision 023).
    await player
      .log(page)
      .getByRole('link', { name: /^\d\d:\d\d$/ })
      .first()
      .waitFor();

    await player.continue(page).click();
    expect(await player.pane(page).count()).toBe(0);
    await expect
      .poll(async () => (await player.audio(page)).currentTime, { timeout: 10_000 })
      .toBeGreaterThan(pausedAt + 0.3);
    expect(await player.pause(page).isEnabled()).toBe(true);
    expect(app.pageErrors).toEqual([]);
  });

  it('opens with the W key, pausing the lesson; Shift+Enter does not send', async () => {
    const { page } = await app.newPage({ signedIn: true });
    await openLesson(page);
    await startPlaying(page);
    await page.keyboard.press('w');
    await player.pane(page).waitFor();
    await expect.poll(async () => (await player.audio(page)).paused).toBe(true);
    // The input has focus, and a "w" typed there stays text.
    await expect.poll(() => player.input(page).evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type('w');
    await page.keyboard.press('Shift+Enter');
    expect(await player.input(page).inputValue()).toBe('w\n');
    expect(await player.log(page).getByText('w', { exact: true }).count()).toBe(0);
  });

  it('a [mm:ss] chip in an answer seeks the player there', async () => {
    const { page } = await app.newPage({ signedIn: true });
    await openLesson(page);
    await player.ask(page).click();
    await player.input(page).fill('What is the rule of 72?');
    await player.send(page).click();
    const chip = player
      .log(page)
      .getByRole('link', { name: /^\d\d:\d\d$/ })
      .first();
    await chip.waitFor({ timeout: 15_000 });
    const [minutes, seconds] = (await chip.innerText()).split(':').map(Number) as [number, number];
    const target = minutes * 60 + seconds;
    await chip.click();
    await expect.poll(async () => (await player.audio(page)).currentTime).toBeCloseTo(target, 0);
    // The highlight moves to the sentence spoken then, still inside the pane's conversation.
    const index = await player.currentIndex(page);
    expect(await sentenceStart(player.sentence(page, index))).toBeLessThanOrEqual(target);
    expect(page.url()).toBe(`${app.url}/learn/1`);
    await player.continue(page).click();
    await expect
      .poll(async () => (await player.audio(page)).currentTime, { timeout: 10_000 })
      .toBeGreaterThan(target + 0.3);
  });

  it('shows a failed answer as an error line and keeps the input usable', async () => {
    const { page } = await app.newPage({ signedIn: true });
    await openLesson(page);
    await player.ask(page).click();
    // The upstream failure the server answers with (its own integration test covers the server side).
    await page.route('**/api/lesson/chat', (route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'unavailable', message: 'The tutor could not answer. Please try again.' }),
      }),
    );
    await player.input(page).fill('Why?');
    await player.input(page).press('Enter');
    await player.pane(page).getByRole('alert').getByText('The tutor could not answer. Please try again.').waitFor();
    await player.input(page).fill('And now?');
    expect(await player.send(page).isEnabled()).toBe(true);
  });

  it('resizes by dragging its divider between 300 and 900 px', async () => {
    const { page } = await app.newPage({ signedIn: true });
    await openLesson(page);
    await player.ask(page).click();
    const divider = page.getByRole('separator', { name: 'Resize the tutor pane' });
    const drag = async (toX: number) => {
      const box = (await divider.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(toX, box.y + box.height / 2, { steps: 5 });
      await page.mouse.up();
    };
    const width = async () => (await player.pane(page).boundingBox())!.width;
    await drag(1280 - 600);
    expect(await width()).toBeCloseTo(600, -1);
    await drag(10);
    expect(await width()).toBe(LESSON_PANE_MAX_WIDTH_PX);
    await drag(1270);
    expect(await width()).toBe(LESSON_PANE_MIN_WIDTH_PX);
  });

  it('covers the whole screen at phone width', async () => {
    const { page } = await app.newPage({ signedIn: true, viewport: PHONE });
    await openLesson(page);
    await player.ask(page).click();
    await player.pane(page).waitFor();
    expect(await player.pane(page).boundingBox()).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
    expect(await page.getByRole('separator').count()).toBe(0);
    await player.continue(page).click();
    await expect.poll(async () => (await player.audio(page)).paused).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  });
});
