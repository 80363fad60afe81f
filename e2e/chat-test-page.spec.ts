import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, useE2eApp } from './support/e2e-app';
import { sidewaysOverflow } from './support/notes';

// The built-in offline assistant answers (the default): no network, 25 ms a word.
const app = useE2eApp();

/** The offline reply repeats the question: a long one takes a couple of seconds to write. */
const LONG_QUESTION =
  'Could you please explain in plenty of detail how compound interest works over many years, why starting early ' +
  'matters so much, and what a beginner should keep in mind when saving a little money every single month?';
const PLACEHOLDERS = new Set(['Nothing yet.', 'Waiting for the first token…']);

const testPage = {
  message: (page: Page) => page.getByRole('textbox', { name: 'Message' }),
  send: (page: Page) => page.locator('form button[type="submit"]'),
  stop: (page: Page) => page.getByRole('button', { name: 'Stop' }),
  output: (page: Page) => page.getByRole('log', { name: 'Output' }),
  error: (page: Page) => page.getByRole('alert'),
};

async function openTestPage(viewport?: typeof PHONE) {
  const { page, context } = await app.newPage({ signedIn: true, viewport });
  await page.goto('/test');
  await testPage.message(page).waitFor();
  return { page, context };
}

/** The output box's text, without its placeholder. */
async function outputText(page: Page): Promise<string> {
  const text = await testPage.output(page).innerText();
  return PLACEHOLDERS.has(text.trim()) ? '' : text;
}

/** Samples the output every few ms until the stream ends; answers each distinct length seen, in order. */
async function sampleUntilDone(page: Page): Promise<number[]> {
  return page.evaluate(
    () =>
      new Promise<number[]>((resolve, reject) => {
        const box = document.querySelector('[role="log"]')!;
        const lengths: number[] = [];
        const started = Date.now();
        const timer = setInterval(() => {
          const status = box.getAttribute('data-status');
          const text = status === 'streaming' && !box.querySelector('span') ? (box.textContent ?? '') : '';
          if (text && text.length !== lengths.at(-1)) lengths.push(text.length);
          if (status !== 'streaming') {
            clearInterval(timer);
            lengths.push((box.textContent ?? '').length);
            resolve(lengths);
          } else if (Date.now() - started > 20_000) {
            clearInterval(timer);
            reject(new Error('the stream did not end'));
          }
        }, 15);
      }),
  );
}

/** Answers `/api/test/stream` with this SSE text (or this status and body) instead of the server. */
async function fakeStream(page: Page, answer: { status?: number; contentType?: string; body: string }) {
  await page.route('**/api/test/stream', (route: Route) =>
    route.fulfill({
      status: answer.status ?? 200,
      contentType: answer.contentType ?? 'text/event-stream',
      body: answer.body,
    }),
  );
}

const sse = (...chunks: object[]) =>
  chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('') + 'data: [DONE]\n\n';

describe('/test, the streaming test page', () => {
  it('streams the offline reply into its box token by token; the button reads Send, Streaming..., Send', async () => {
    const { page } = await openTestPage();
    await page.getByRole('heading', { name: 'Streaming test', level: 1 }).waitFor();
    expect(await testPage.send(page).innerText()).toBe('Send');
    expect(await testPage.send(page).isDisabled()).toBe(true);
    expect(await testPage.stop(page).isDisabled()).toBe(true);

    await testPage.message(page).fill(LONG_QUESTION);
    expect(await testPage.send(page).isEnabled()).toBe(true);
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/test/stream')) requests.push(request.postData() ?? '');
    });
    await testPage.send(page).click();
    await expect.poll(() => testPage.send(page).innerText()).toBe('Streaming...');
    expect(await testPage.send(page).isDisabled()).toBe(true);
    expect(await testPage.stop(page).isEnabled()).toBe(true);

    const lengths = await sampleUntilDone(page);
    // Many partial renders, each longer than the last, before the whole reply.
    expect(lengths.length).toBeGreaterThanOrEqual(5);
    for (let i = 1; i < lengths.length; i++) expect(lengths[i]).toBeGreaterThan(lengths[i - 1]!);

    expect(await testPage.send(page).innerText()).toBe('Send');
    expect(await testPage.stop(page).isDisabled()).toBe(true);
    const reply = await outputText(page);
    expect(reply).toContain('offline assistant');
    expect(reply).toContain('compound interest');
    expect(reply).toContain('LLM_API_KEY');
    expect(await testPage.error(page).count()).toBe(0);
    // product.md §7: the body is {messages, model}, and the stream's model is "gpt-4.1-mini" (which the server always
    // accepts, answering with its own default where it does not serve that model).
    expect(JSON.parse(requests[0]!)).toEqual({
      messages: [{ role: 'user', content: LONG_QUESTION }],
      model: 'gpt-4.1-mini',
    });
    expect(app.pageErrors).toEqual([]);
  });

  it('Stop ends the stream at once and keeps what had arrived', async () => {
    const { page } = await openTestPage();
    await testPage.message(page).fill(LONG_QUESTION);
    await testPage.send(page).click();
    await expect.poll(async () => (await outputText(page)).length, { timeout: 10_000 }).toBeGreaterThan(20);
    await testPage.stop(page).click();
    await expect.poll(() => testPage.send(page).innerText()).toBe('Send');
    expect(await testPage.stop(page).isDisabled()).toBe(true);
    expect(await testPage.output(page).getAttribute('data-status')).toBe('stopped');
    await page.getByText('Stopped', { exact: true }).waitFor();

    const kept = await outputText(page);
    await page.waitForTimeout(600);
    expect(await outputText(page)).toBe(kept);
    expect(kept).not.toContain('LLM_API_KEY');
    expect(await testPage.error(page).count()).toBe(0);

    // And it streams again afterwards, from an empty box.
    await testPage.message(page).fill('Again?');
    await testPage.send(page).click();
    await expect.poll(() => outputText(page), { timeout: 10_000 }).toContain('LLM_API_KEY');
    const again = await outputText(page);
    expect(again).toContain('You asked: “Again?”');
    expect(again).not.toContain('compound interest');
  });

  it("shows the server's message in red when the request is refused, e.g. the daily limit", async () => {
    const { page } = await openTestPage();
    const message = 'Daily message limit reached. Upgrade to Pro for more.';
    await fakeStream(page, {
      status: 429,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'rateLimited', message }),
    });
    await testPage.message(page).fill('Hello');
    await testPage.send(page).click();
    await testPage.error(page).waitFor();
    expect(await testPage.error(page).innerText()).toBe(message);
    expect(await testPage.error(page).getAttribute('class')).toContain('text-red-700');
    expect(await testPage.send(page).innerText()).toBe('Send');
    expect(await outputText(page)).toBe('');
  });

  it('shows "Streaming request failed (status)" when the server gives no reason', async () => {
    const { page } = await openTestPage();
    await fakeStream(page, { status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' });
    await testPage.message(page).fill('Hello');
    await testPage.send(page).click();
    await testPage.error(page).waitFor();
    expect(await testPage.error(page).innerText()).toBe('Streaming request failed (502)');
  });

  it('keeps the tokens and shows the error of a stream that ends in error; skips malformed lines with a warning', async () => {
    const { page } = await openTestPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await fakeStream(page, {
      body:
        ': keep-alive\n\n' +
        'data: {"token": "Half a"}\n\n' +
        'data: this is not JSON\n\n' +
        sse(
          { token: ' reply', finish_reason: null },
          { token: '', finish_reason: 'error', error: 'The assistant took too long to answer. Please try again.' },
        ),
    });
    await testPage.message(page).fill('Hello');
    await testPage.send(page).click();
    await testPage.error(page).waitFor();
    expect(await testPage.error(page).innerText()).toBe('The assistant took too long to answer. Please try again.');
    expect(await outputText(page)).toBe('Half a reply');
    expect(warnings.some((text) => text.includes('not a chat event'))).toBe(true);
    expect(await testPage.send(page).innerText()).toBe('Send');
  });

  it('warns in the console when the model stopped at its length limit', async () => {
    const { page } = await openTestPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await fakeStream(page, {
      body: sse({ token: 'Cut', finish_reason: null }, { token: '', finish_reason: 'length' }),
    });
    await testPage.message(page).fill('Hello');
    await testPage.send(page).click();
    await expect.poll(() => outputText(page)).toBe('Cut');
    await expect.poll(() => warnings).toContain('The model stopped early: it reached its length limit.');
    expect(await testPage.error(page).count()).toBe(0);
  });

  it('fits a 390 px phone', async () => {
    const { page } = await openTestPage(PHONE);
    await testPage.message(page).fill('Hi');
    await testPage.send(page).click();
    await expect.poll(() => outputText(page), { timeout: 10_000 }).toContain('LLM_API_KEY');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });
});

describe('/demo/markdown', () => {
  it('renders the sample reply: headings, a table, highlighted code blocks with a working Copy, safe links', async () => {
    const { page, context } = await app.newPage({ signedIn: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    const response = await page.goto('/demo/markdown');
    // The last line of defence against image exfiltration, whatever the renderer does.
    expect(response!.headers()['content-security-policy']).toContain("img-src 'self' data:");
    await page.getByRole('heading', { name: 'Demo: Markdown', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Index funds in five minutes', level: 2 }).waitFor();

    const table = page.getByRole('table');
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['Fund type', 'Typical fee', 'Holdings']);
    expect(await table.getByRole('row').count()).toBe(4);

    const blocks = page.locator('.chat-code');
    expect(await blocks.count()).toBe(2);
    expect(await blocks.nth(0).locator('span.font-mono').innerText()).toBe('typescript');
    expect(await blocks.nth(1).locator('span.font-mono').innerText()).toBe('python');
    // Coloured once the highlighter's own chunk has arrived (decision 023).
    await blocks.nth(0).locator('.hljs-keyword').first().waitFor();
    await blocks.nth(1).locator('.hljs-string').first().waitFor();

    const copy = blocks.nth(1).getByRole('button', { name: 'Copy code' });
    await copy.click();
    await blocks.nth(1).getByRole('button', { name: 'Copied' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('def growth(start, yearly_return, fee, years):');
    expect(copied).toBe(await blocks.nth(1).locator('code').innerText());
    // Back to "Copy" after a moment.
    await blocks.nth(1).getByRole('button', { name: 'Copy code' }).waitFor({ timeout: 5000 });

    // The whole reply's Copy takes the markdown.
    await page.getByRole('button', { name: 'Copy reply' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^## Index funds in five minutes/);

    const link = page.getByRole('link', { name: "Investor.gov's basics" });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await page.locator('blockquote').count()).toBe(1);
    expect(app.pageErrors).toEqual([]);
  });

  it('fits a 390 px phone: wide tables and code scroll inside their boxes', async () => {
    const { page } = await app.newPage({ signedIn: true, viewport: PHONE });
    await page.goto('/demo/markdown');
    await page.getByRole('table').waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });
});
