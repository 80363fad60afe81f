import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_API_KEY, FAKE_MODEL, startFakeLlm, type FakeLlm } from '../apps/server/test/support/fake-llm';
import { PHONE, useE2eApp } from './support/e2e-app';
import { expectNoSeriousA11yViolations } from './support/axe';
import { openLesson, player } from './support/lessons';
import { composer } from './support/chat-composer';
import { saveNoteViaApi } from './support/notes';

/**
 * The app as a self-hoster starts it against Ollama, vLLM or llama.cpp: an OpenAI-compatible server on loopback that
 * needs its key and serves only a model named like a local one, answering 404 for any other name (so a client that
 * sent a model of its own would fail every message).
 */

const SECOND_MODEL = 'qwen2.5:7b';
const words = (count: number) => Array.from({ length: count }, (_, index) => `word${index} `);

const editor = composer.editor;
const replies = (page: Page) => page.locator('ol[aria-label="Messages"] > li [data-role="assistant"]');

const CUT_OFF = "The assistant's answer was cut off before it ended. Please try again.";
const NOT_A_STREAM = "The assistant's service sent an answer Turtle cannot read (not a stream). Check LLM_BASE_URL.";
const QUESTION = 'Tell me about bonds';

const failed = {
  messages: (page: Page) => page.getByRole('list', { name: 'Messages' }),
  alert: (page: Page) => page.getByRole('region', { name: 'Chat' }).getByRole('alert'),
  /** Replies kept in the conversation (the greeting is not one: it has no id). */
  keptReplies: (page: Page) => page.locator('ol[aria-label="Messages"] > li[data-message-id] [data-role="assistant"]'),
  liveReply: (page: Page) => page.locator('[data-role="assistant"][aria-busy="true"]'),
  userMessages: (page: Page) => page.locator('ol[aria-label="Messages"] > li [data-role="user"]'),
  meter: (page: Page) => page.getByTestId('usage-meter'),
  /** Today's count as the server has it, read with the page's session. */
  usedToday: (page: Page) =>
    page.evaluate(async () => ((await (await fetch('/api/chat/usage')).json()) as { used: number }).used),
};

async function askOnChats(page: Page) {
  await page.goto('/chats');
  await failed.meter(page).getByText('50 of 50 replies left today').waitFor();
  await editor(page).click();
  await page.keyboard.type(QUESTION);
  await page.keyboard.press('Enter');
}

/**
 * product.md §4: a failed reply shows its error and adds no message; the question stays (delivered, not "Not sent."),
 * and the reply is not counted. Checked on screen as the stream ends, then again from the server's copy after a
 * reload. `upstreamText` is what the upstream did send, which must not be on screen.
 */
async function expectFailedReply(page: Page, message: string, upstreamText: string) {
  await failed.alert(page).getByText(message, { exact: true }).waitFor({ timeout: 20_000 });
  expect(await failed.alert(page).innerText()).toBe(message);
  expect(await failed.liveReply(page).count()).toBe(0);
  expect(await failed.keptReplies(page).count()).toBe(0);
  expect(await failed.messages(page).innerText()).not.toContain(upstreamText);
  expect(await failed.userMessages(page).count()).toBe(1);
  expect(await failed.userMessages(page).innerText()).toContain(QUESTION);
  expect(await failed.messages(page).getByText('Not sent.').count()).toBe(0);
  expect(await failed.usedToday(page)).toBe(0);
  await expectNoSeriousA11yViolations(page, `the chat's error "${message}" at 1280 px`);
  await page.setViewportSize(PHONE);
  await expect.poll(() => failed.alert(page).isVisible()).toBe(true);
  await expectNoSeriousA11yViolations(page, `the chat's error "${message}" at 390 px`);

  await page.reload();
  await failed.userMessages(page).getByText(QUESTION).waitFor();
  expect(await failed.userMessages(page).count()).toBe(1);
  expect(await failed.keptReplies(page).count()).toBe(0);
  expect(await failed.liveReply(page).count()).toBe(0);
  expect(await failed.messages(page).innerText()).not.toContain(upstreamText);
  await failed.meter(page).getByText('50 of 50 replies left today').waitFor();
}

/** A promise the test settles when it has seen what it waits for. */
function openGate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

async function waitForClosed(fake: FakeLlm) {
  const deadline = Date.now() + 5000;
  while (fake.lastClosedAt === undefined && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  return fake.lastClosedAt;
}

describe('with one model configured', () => {
  let fake: FakeLlm;
  beforeAll(async () => {
    fake = await startFakeLlm();
  });
  afterAll(() => fake.close());
  const app = useE2eApp({ env: () => fake.env() });

  it('streams the upstream reply into the chat, with a mentioned note in the prompt it received', async () => {
    fake.script = { tokens: ['Your ', 'rent ', 'is ', '**900**.'], delayMs: 80 };
    fake.requests = [];
    const { page, sessionToken } = await app.newPage({ signedIn: true });
    await saveNoteViaApi(app.url, sessionToken!, { name: 'Budget plan', content: 'Rent is 900 dollars a month.' });
    await page.goto('/chats');
    await editor(page).click();
    await page.keyboard.type('What is my rent in @bud');
    await page.getByRole('option', { name: /Budget plan/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.keyboard.type('?');
    await page.keyboard.press('Enter');
    await expect.poll(() => replies(page).last().innerText(), { timeout: 20_000 }).toContain('Your rent is 900.');
    expect(await page.getByRole('combobox', { name: 'Model' }).count()).toBe(0);
    const sent = fake.requests.at(-1)!;
    expect(sent.body.model).toBe(FAKE_MODEL);
    expect(sent.authorization).toBe(`Bearer ${FAKE_API_KEY}`);
    expect(sent.body.messages.map((message) => message.content).join('\n')).toContain('Rent is 900 dollars a month.');
    expect(app.pageErrors).toEqual([]);
  });

  it('Stop closes the upstream connection within a second and shows the reply as stopped', async () => {
    fake.script = { tokens: words(200), delayMs: 50 };
    const { page } = await app.newPage({ signedIn: true });
    await page.goto('/chats');
    await editor(page).click();
    await page.keyboard.type('Tell me a long story');
    await page.keyboard.press('Enter');
    await expect.poll(() => replies(page).last().innerText(), { timeout: 20_000 }).toContain('word3');
    fake.lastClosedAt = undefined;
    const stoppedAt = Date.now();
    await page.getByRole('button', { name: 'Stop' }).click();
    const closedAt = await waitForClosed(fake);
    expect(closedAt).toBeDefined();
    expect(closedAt! - stoppedAt).toBeLessThan(1000);
    await page.getByText('Stopped', { exact: true }).waitFor();
  });

  it('the lesson tutor streams a reply from the same model, with the transcript in its prompt', async () => {
    // The last two tokens wait for the test: a partial answer is seen however slowly this machine runs.
    const gate = openGate();
    fake.script = {
      tokens: ['Compounding ', 'means ', 'growth ', 'on ', 'growth.'],
      delayMs: 120,
      hold: { beforeToken: 3, until: gate.opened },
    };
    fake.requests = [];
    const { page } = await app.newPage({ signedIn: true });
    await openLesson(page);
    await player.ask(page).click();
    await player.input(page).fill('What is compounding?');
    await player.input(page).press('Enter');
    // Token by token: a partial answer shows before the whole one.
    await player.log(page).getByText('Compounding means', { exact: false }).waitFor({ timeout: 20_000 });
    expect(await player.log(page).innerText()).not.toContain('growth on growth.');
    gate.open();
    await player.log(page).getByText('Compounding means growth on growth.').waitFor({ timeout: 20_000 });
    const sent = fake.requests.at(-1)!;
    expect(sent.body.model).toBe(FAKE_MODEL);
    expect(sent.body.messages[1]!.content).toContain('<transcript>');
    expect(sent.body.messages.at(-1)).toEqual({ role: 'user', content: 'What is compounding?' });
  });

  it('the tutor shows the typing indicator, then Stop ends its answer, closing the upstream call', async () => {
    // The first token waits for the test, so the indicator is seen however slowly this machine runs.
    const gate = openGate();
    fake.script = { tokens: words(200), delayMs: 50, hold: { beforeToken: 0, until: gate.opened } };
    const { page } = await app.newPage({ signedIn: true });
    await openLesson(page);
    await player.ask(page).click();
    await player.input(page).fill('Explain everything');
    await player.input(page).press('Enter');
    await player.log(page).getByText('AI is typing').waitFor();
    gate.open();
    await player.log(page).getByText('word3', { exact: false }).waitFor({ timeout: 20_000 });
    fake.lastClosedAt = undefined;
    const stoppedAt = Date.now();
    await player.pane(page).getByRole('button', { name: 'Stop' }).click();
    const closedAt = await waitForClosed(fake);
    expect(closedAt! - stoppedAt).toBeLessThan(1000);
    await player.log(page).getByText('Stopped', { exact: true }).waitFor();
    await player.send(page).waitFor();
  });

  it('a reply the upstream cuts off (no finish reason, no [DONE]) shows an error, is not kept and is not charged', async () => {
    // The end waits for the test: the partial answer is seen streaming in however slowly this machine runs.
    const gate = openGate();
    fake.script = {
      tokens: ['Bonds ', 'are ', 'loans '],
      delayMs: 20,
      cutOff: true,
      hold: { beforeToken: 3, until: gate.opened },
    };
    const { page } = await app.newPage({ signedIn: true });
    await askOnChats(page);
    await failed.liveReply(page).getByText('Bonds are loans').waitFor({ timeout: 20_000 });
    gate.open();
    await expectFailedReply(page, CUT_OFF, 'Bonds are loans');
    expect(app.pageErrors).toEqual([]);
  });

  it('a 200 answer that is an HTML page, not a stream, shows an error, is not kept and is not charged', async () => {
    fake.script = { html: true };
    const { page } = await app.newPage({ signedIn: true });
    await askOnChats(page);
    await expectFailedReply(page, NOT_A_STREAM, 'Bad gateway');
    expect(app.pageErrors).toEqual([]);
  });

  it('/test streams from the upstream', async () => {
    fake.script = { tokens: ['Hello ', 'from ', 'the ', 'model.'], delayMs: 50 };
    const { page } = await app.newPage({ signedIn: true });
    await page.goto('/test');
    await page.getByRole('textbox', { name: 'Message' }).fill('Hi');
    await page.locator('form button[type="submit"]').click();
    await expect
      .poll(() => page.getByRole('log', { name: 'Output' }).innerText(), { timeout: 20_000 })
      .toBe('Hello from the model.');
    expect(fake.requests.at(-1)!.body.model).toBe(FAKE_MODEL);
  });
});

describe('with two models configured', () => {
  let fake: FakeLlm;
  beforeAll(async () => {
    fake = await startFakeLlm();
  });
  afterAll(() => fake.close());
  const app = useE2eApp({ env: () => fake.env([SECOND_MODEL]) });

  it('offers a model picker; the chosen model is what the upstream receives, and it is remembered', async () => {
    fake.script = { tokens: ['One.'] };
    const { page } = await app.newPage({ signedIn: true });
    await page.goto('/chats');
    const picker = page.getByRole('combobox', { name: 'Model' });
    await picker.waitFor();
    expect(await picker.inputValue()).toBe(FAKE_MODEL);
    await picker.selectOption(SECOND_MODEL);
    await editor(page).click();
    await page.keyboard.type('Hi');
    await page.keyboard.press('Enter');
    await expect.poll(() => fake.requests.at(-1)?.body.model, { timeout: 20_000 }).toBe(SECOND_MODEL);
    await page.reload();
    await page.getByRole('combobox', { name: 'Model' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Model' }).inputValue()).toBe(SECOND_MODEL);
  });
});
