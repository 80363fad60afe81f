import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { composer } from './support/chat-composer';
import { useE2eApp } from './support/e2e-app';

const app = useE2eApp();

const GREETING = "Hello! I'm your AI assistant. How can I help you today?";
const replies = (page: Page) => page.locator('ol[aria-label="Messages"] > li [data-role="assistant"]');

/** Serves `reply` in place of the assistant's stream (product.md §7's frames), as a model could write it. */
async function answerWith(page: Page, reply: string) {
  const frame = (chunk: object) => `data: ${JSON.stringify(chunk)}\n\n`;
  const now = Date.now();
  await page.route('**/api/chat/send', (route) =>
    route.fulfill({
      status: 200,
      headers: { 'content-type': 'text/event-stream; charset=utf-8' },
      body:
        frame({
          token: '',
          finish_reason: null,
          meta: {
            conversation: { id: 'c-math', title: 'Math', createdAt: now, updatedAt: now },
            userMessage: { id: 'u-math', role: 'user', content: 'hi', timestamp: now, status: 'complete' },
            assistantMessageId: 'a-math',
            sources: [],
          },
        }) +
        frame({ token: reply, finish_reason: null }) +
        frame({ token: '', finish_reason: 'stop' }) +
        'data: [DONE]\n\n',
    }),
  );
}

async function ask(page: Page, reply: string) {
  await page.unroute('**/api/chat/send');
  await answerWith(page, reply);
  await composer.editor(page).click();
  await page.keyboard.type('hi');
  await page.keyboard.press('Enter');
}

describe('math in chat replies (KaTeX, docs/security.md 7d)', () => {
  it('loads KaTeX only for a reply with a formula, draws it with our own fonts under the CSP, and makes no link from \\href', async () => {
    const { page } = await app.newPage({ signedIn: true });
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto('/chats');
    await page.getByText(GREETING).waitFor();

    // Money is not math: the reply is drawn as markdown, and KaTeX is not fetched.
    await ask(page, 'Rent is **$900** and savings $200 a month.');
    await replies(page).nth(1).locator('strong').waitFor();
    expect(await replies(page).nth(1).innerText()).toContain('Rent is $900 and savings $200 a month.');
    expect(requests.filter((url) => /math-katex/.test(url))).toEqual([]);

    await ask(
      page,
      'Compound interest: $A = P(1 + r/n)^{nt}$, so \\(r = 5\\%\\) doubles money in about\n\n' +
        '$$\nt = \\frac{\\ln 2}{\\ln(1.05)} \\approx 14.2\n$$\n\nyears. Try $\\href{javascript:alert(1)}{this}$.',
    );
    const reply = replies(page).nth(2);
    await reply.locator('.katex-display').waitFor();
    expect(await reply.locator('.katex').count()).toBe(4);
    expect(await reply.locator('.chat-markdown a, .chat-markdown [href]').count()).toBe(0);
    // KaTeX's stylesheet and fonts come from our own origin, and the page's CSP lets them in.
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('16px KaTeX_Main'))).toBe(true);
    const fontRequests = requests.filter((url) => /KaTeX_.*\.woff2$/.test(url));
    expect(fontRequests.length).toBeGreaterThan(0);
    expect(requests.every((url) => url.startsWith(app.url) || url.startsWith('data:'))).toBe(true);
    expect(requests.filter((url) => /math-katex-[\w-]+\.js$/.test(url))).toHaveLength(1);
    expect(consoleErrors.filter((text) => /Content Security Policy|Refused/i.test(text))).toEqual([]);
    // Drawn, not left as its source: the display formula is wider than its text would be in a code font.
    const box = await reply.locator('.katex-display').boundingBox();
    expect(box!.height).toBeGreaterThan(30);
    expect(app.pageErrors).toEqual([]);
  });
});
