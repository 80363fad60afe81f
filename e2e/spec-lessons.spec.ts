import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, useE2eApp } from './support/e2e-app';
import { lessonsPage, openLesson, player, recordRequests, sameUserElsewhere } from './support/lessons';

// product.md §2 "Lesson list" and "Lesson player", §4 "Lesson chat", §7 and §9, with rules.md "Lessons": points no
// other story proves (docs/spec-conformance.md). The built-in offline tutor answers.
const app = useE2eApp({ env: { TRUST_PROXY: 'true' } });

/** product.md §9, lessons 1 to 7. */
const DURATIONS = ['3:37', '4:37', '5:19', '5:18', '5:44', '6:56', '5:50'];

interface TutorBody {
  fullScript: string;
  currentSentence: string;
  messages: { role: string; content: string }[];
}

for (const viewport of [DESKTOP, PHONE]) {
  describe(`lessons at ${viewport.width} px`, () => {
    it('lists the seven lessons, each card with its title and duration, and a card opens /learn/{id}', async () => {
      const { page } = await app.newPage({ signedIn: true, viewport });
      await page.goto('/lessons');
      await page.getByText('(A 7-part mini-series)').waitFor();
      const cards = lessonsPage.list(page).getByRole('listitem');
      await expect.poll(() => cards.count()).toBe(7);
      const shown = await cards.evaluateAll((items) =>
        items.map((item) => ({
          href: item.querySelector('a[href^="/learn/"]')?.getAttribute('href') ?? null,
          title: item.querySelector('h2')?.textContent?.trim() ?? '',
          text: (item as HTMLElement).innerText,
        })),
      );
      const byId = new Map(shown.map((card) => [card.href, card]));
      DURATIONS.forEach((duration, index) => {
        const card = byId.get(`/learn/${index + 1}`);
        expect(card, `lesson ${index + 1}`).toBeDefined();
        expect(card!.title.length, `lesson ${index + 1} title`).toBeGreaterThan(0);
        expect(card!.text, `lesson ${index + 1}`).toContain(duration);
      });

      const second = byId.get('/learn/2')!;
      await lessonsPage.card(page, second.title).getByRole('link').click();
      await page.waitForURL(`${app.url}/learn/2`);
      await page.getByRole('heading', { name: second.title, level: 1 }).waitFor();
      expect(app.pageErrors).toEqual([]);
    });

    it('the completed mark is local only: a tick sends nothing and survives a reload; the same person elsewhere gets the position, not the tick', async () => {
      const FIRST = 'Why invest? The power of compounding';
      const SECOND = 'Risk and return';
      const { page, user } = await app.newPage({ signedIn: true, viewport });
      // Part way into lesson 2: a seek while paused sends the position to the account at once.
      await openLesson(page, '2');
      const positionSaved = page.waitForResponse(
        (response) => response.url().endsWith('/api/lessons/progress') && response.request().method() === 'POST',
      );
      await player.sentence(page, 6).click();
      expect((await positionSaved).status()).toBe(200);

      const progressRead = page.waitForResponse((response) => response.url().endsWith('/api/lessons/progress'));
      await page.goto('/lessons');
      await progressRead;
      await lessonsPage.card(page, SECOND).getByRole('progressbar', { name: 'Listened' }).waitFor();
      const before = await lessonsPage.titles(page);
      expect(before[0]).toBe(FIRST);

      // A tick and an untick send no request of any kind to the server. (By keyboard, with the pointer off the list:
      // a card that moves under a resting pointer loads that lesson ahead, a read of decision 026 the tick plays no
      // part in.)
      await page.mouse.move(1, 1);
      const sent = recordRequests(page, app.url);
      await lessonsPage.toggle(page, FIRST).press('Space');
      await expect.poll(() => lessonsPage.titles(page)).toEqual([...before.slice(1), FIRST]);
      await lessonsPage.toggle(page, FIRST).press('Space');
      await expect.poll(() => lessonsPage.titles(page)).toEqual(before);
      await page.waitForTimeout(1_000);
      expect(sent).toEqual([]);
      // By click: no write, nothing to /api/lessons/progress, no completed mark in any request.
      await lessonsPage.toggle(page, FIRST).click();
      await expect.poll(() => lessonsPage.titles(page)).toEqual([...before.slice(1), FIRST]);
      expect(await lessonsPage.toggle(page, FIRST).getAttribute('aria-pressed')).toBe('true');
      await page.waitForTimeout(1_000);
      expect(sent.filter((request) => request.method !== 'GET')).toEqual([]);
      expect(sent.filter((request) => request.path === '/api/lessons/progress')).toEqual([]);
      expect(sent.filter((request) => request.body.includes('completed'))).toEqual([]);

      // Kept on this device: the same after a reload.
      await page.reload();
      await lessonsPage.card(page, SECOND).getByRole('progressbar', { name: 'Listened' }).waitFor();
      expect(await lessonsPage.toggle(page, FIRST).getAttribute('aria-pressed')).toBe('true');
      expect(await lessonsPage.titles(page)).toEqual([...before.slice(1), FIRST]);
      expect(sent.filter((request) => request.method !== 'GET')).toEqual([]);
      expect(sent.filter((request) => request.body.includes('completed'))).toEqual([]);

      // The same person in another browser: the position followed the account, the tick did not.
      const other = await sameUserElsewhere(app, user!.id, viewport);
      await other.page.goto('/lessons');
      const elsewhere = lessonsPage.card(other.page, SECOND);
      await elsewhere.getByRole('progressbar', { name: 'Listened' }).waitFor();
      expect(await elsewhere.innerText()).toMatch(/Resume at 00:\d\d/);
      expect(await lessonsPage.toggle(other.page, FIRST).getAttribute('aria-pressed')).toBe('false');
      expect(await lessonsPage.titles(other.page)).toEqual(before);
      expect(app.pageErrors).toEqual([]);
    });

    it('the player’s back arrow returns to /lessons', async () => {
      const { page } = await app.newPage({ signedIn: true, viewport });
      await openLesson(page);
      await page.getByRole('link', { name: 'Back to lessons' }).click();
      await page.waitForURL(`${app.url}/lessons`);
      await page.getByText('(A 7-part mini-series)').waitFor();
    });

    it('says "Lesson not ready!" for each of lessons 4 to 7, and has no audio there', async () => {
      const { page } = await app.newPage({ signedIn: true, viewport });
      for (const id of ['4', '5', '6', '7']) {
        await page.goto(`/learn/${id}`);
        await page.getByRole('heading', { name: 'Lesson not ready!' }).waitFor();
        expect(await page.locator('audio').count(), id).toBe(0);
      }
    });

    it('the tutor: no Send while an answer is pending, and the next question carries the conversation so far', async () => {
      const { page } = await app.newPage({ signedIn: true, viewport });
      const bodies: TutorBody[] = [];
      page.on('request', (request: Request) => {
        if (request.url().endsWith('/api/lesson/chat')) bodies.push(request.postDataJSON() as TutorBody);
      });
      await openLesson(page);
      await player.ask(page).click();

      // The first answer is held: the learner cannot send another question meanwhile.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/lesson/chat', async (route) => {
        await held;
        await route.continue();
      });
      await player.input(page).fill('What is compounding?');
      await player.input(page).press('Enter');
      await expect.poll(() => bodies.length).toBe(1);
      await player.log(page).getByText('AI is typing').waitFor();
      await player.input(page).fill('And a second question at once?');
      const send = player.send(page);
      expect((await send.count()) === 0 || (await send.isDisabled())).toBe(true);
      await player.input(page).press('Enter');
      await page.waitForTimeout(300);
      expect(bodies).toHaveLength(1);
      expect(await player.input(page).inputValue()).toBe('And a second question at once?');

      // Released: this and every later question go straight through.
      release();
      await player.send(page).waitFor({ timeout: 20_000 });
      await expect.poll(() => player.send(page).isEnabled()).toBe(true);
      const firstAnswer = await player.log(page).innerText();
      expect(firstAnswer).toMatch(/offline tutor/);

      await player.input(page).fill('  Why does it matter?  ');
      await player.input(page).press('Enter');
      await expect.poll(() => bodies.length).toBe(2);
      const [first, second] = bodies as [TutorBody, TutorBody];
      // product.md §7's body: the whole transcript, the current sentence and the messages as {role, content}.
      expect(first.fullScript.length).toBeGreaterThan(100);
      expect(typeof first.currentSentence).toBe('string');
      expect(first.messages).toEqual([{ role: 'user', content: 'What is compounding?' }]);
      // rules.md "Lessons": the real conversation history, not the spec's empty list; the question trimmed.
      expect(second.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
      expect(second.messages[0]).toEqual({ role: 'user', content: 'What is compounding?' });
      expect(second.messages[1]!.content).toMatch(/offline tutor/);
      expect(second.messages[2]).toEqual({ role: 'user', content: 'Why does it matter?' });
      expect(app.pageErrors).toEqual([]);
    });
  });
}
