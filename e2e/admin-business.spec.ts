import { beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutResponse } from '@turtle/shared/billing';
import { DAY_MS } from '@turtle/shared/constants';
import { Plan, Subscription } from '@turtle/shared/plans';
import { applyAdminEmails } from '../apps/server/src/core/identity/administrators';
import { replyUsageDays } from '../apps/server/src/core/assistant/assistant.tables';
import { activeDays } from '../apps/server/src/core/identity/identity.tables';
import { createSessionToken, createUser } from '../apps/server/test/support/factories';
import { call } from '../apps/server/test/support/http';
import { uniqueEmail } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DESKTOP, PHONE, useE2eApp } from './support/e2e-app';

// The business panel of the operator console (docs/decisions/037-administrators.md "The business"): the figures and
// charts an administrator reads, from sign-ups, days people were seen and a payment made through the demo provider.
const BOSS = uniqueEmail('boss');
// The offline assistant priced, so the margins have a cost to set against the revenue.
const app = useE2eApp({ env: { ADMIN_EMAILS: BOSS, MODEL_PRICES: 'offline=1/2' } });
let bossToken: string;
const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
const daysAgo = (n: number) => new Date(today - n * DAY_MS + 3_600_000);
const isoDay = (n: number) => daysAgo(n).toISOString().slice(0, 10);

beforeAll(async () => {
  const db = app.server.database.db;
  const boss = await createUser(db, { name: 'Boss', email: BOSS });
  expect(await applyAdminEmails(db, app.server.config.adminEmails)).toBe(1);
  bossToken = await createSessionToken(db, boss.id);
  // Three people signed up three days ago; two were seen two days ago, one of them yesterday too.
  const early = await Promise.all(
    ['Ana', 'Bo', 'Cy'].map((name) => createUser(db, { name, email: uniqueEmail(name), createdAt: daysAgo(3) })),
  );
  await db.insert(activeDays).values([
    { day: isoDay(2), userId: early[0]!.id },
    { day: isoDay(2), userId: early[1]!.id },
    { day: isoDay(1), userId: early[0]!.id },
  ]);
  // A gift: Pro, but no revenue.
  await createUser(db, {
    name: 'Gift',
    email: uniqueEmail('gift'),
    plan: Plan.PRO,
    subscription: Subscription.LIFETIME,
    expireAt: Date.now() + 30 * DAY_MS,
    complimentary: true,
  });
  // Today someone signs up and pays for Pro, monthly, through the demo provider.
  const payer = await createUser(db, { name: 'Pat Payer', email: uniqueEmail('pat') });
  const cookie = await createSessionToken(db, payer.id);
  const checkout = (await call(app.url, '/api/billing/checkout', { json: { period: 'monthly' }, cookie }))
    .data as CheckoutResponse;
  const id = checkout.url.split('session=')[1]!;
  expect((await call(app.url, '/api/billing/demo/pay', { json: { id }, cookie })).status).toBe(200);
  expect((await call(app.url, '/api/stripe/handle_payment_success', { form: { csId: id }, cookie })).status).toBe(200);
  // Replies yesterday: a dollar of reply tokens on Free (Ana), a dollar of prompt tokens on Pro (the payer).
  const replies = (userId: string, plan: number, promptTokens: number, completionTokens: number) => ({
    day: isoDay(1),
    userId,
    model: 'offline',
    plan,
    replies: 4,
    promptTokens,
    completionTokens,
    estimated: 0,
  });
  await db
    .insert(replyUsageDays)
    .values([replies(early[0]!.id, Plan.FREE, 0, 500_000), replies(payer.id, Plan.PRO, 1_000_000, 0)]);
});

async function bossPage(viewport = DESKTOP) {
  const { page, context } = await app.newPage({ viewport });
  await context.addCookies([{ name: 'sid', value: bossToken, url: app.url, httpOnly: true, sameSite: 'Lax' }]);
  return page;
}

describe('the business panel', () => {
  it('shows sign-ups, people seen, Pro, revenue and conversion, with charts and their numbers', async () => {
    const page = await bossPage();
    await page.goto('/admin');
    const panel = page.locator('section[aria-labelledby="business-heading"]');
    await panel.getByRole('heading', { name: 'Business', level: 2 }).waitFor();
    const figure = (label: string) => panel.locator('dl > div').filter({ has: page.getByText(label, { exact: true }) });

    // Everyone: the boss, three early people, the gift and the payer.
    await expect.poll(() => figure('People').locator('dd').first().textContent()).toBe('6');
    expect(await figure('Sign-ups, last 30 days').locator('dd').textContent()).toBe('6');
    // Ana and Bo, the payer (their payment requests) and the boss (this page), each once.
    expect(await figure('Active people, last 30 days').locator('dd').allTextContents()).toEqual(['4', '2 today']);
    expect(await figure('Pro members').locator('dd').allTextContents()).toEqual(['2', '1 paid, 1 complimentary']);
    expect(await figure('Monthly recurring revenue').locator('dd').allTextContents()).toEqual([
      '$9.99',
      '1 monthly, 0 yearly',
    ]);
    expect(await figure('Free to Pro').locator('dd').allTextContents()).toEqual(['16.7%', '1 of 6 sign-ups paid']);

    // Free: four members, no revenue, a dollar of replies. Pro: 30 days of 9.99 a month, less a dollar.
    const margins = panel.getByRole('region', { name: 'Margins by plan, last 30 days' });
    const planRow = (plan: string) => margins.getByRole('row', { name: new RegExp(`^${plan} `) }).locator('th, td');
    expect(await planRow('Free').allTextContents()).toEqual(['Free', '4', '$0.00', '$1.00', '-$1.00']);
    expect(await planRow('Pro').allTextContents()).toEqual(['Pro', '2', '$9.85', '$1.00', '$8.85']);

    for (const title of [
      'Sign-ups per day',
      'Active people per day',
      'Active people per week',
      'New paying people per day',
      'Cancellations per day',
    ]) {
      await panel.getByRole('heading', { name: title, level: 3 }).waitFor();
      await panel.getByRole('img', { name: `Bar chart: ${title.toLowerCase()}` }).waitFor();
    }
    await panel.getByText('Show the numbers: Sign-ups per day').click();
    const signUps = panel.getByRole('region', { name: 'The numbers: Sign-ups per day' });
    expect(await signUps.getByRole('row', { name: new RegExp(`^${isoDay(3)} `) }).textContent()).toBe(`${isoDay(3)}3`);
    await panel.getByText('Show the numbers: Active people per day').click();
    const active = panel.getByRole('region', { name: 'The numbers: Active people per day' });
    expect(await active.getByRole('row', { name: new RegExp(`^${isoDay(2)} `) }).textContent()).toBe(`${isoDay(2)}2`);
    await page.screenshot({ path: 'screenshots/admin-business-1280.png', fullPage: true });
    await expectNoSeriousA11yViolations(page, '/admin business at 1280 px, numbers open');

    await panel.getByLabel('Period').selectOption('7');
    await figure('Sign-ups, last 7 days').waitFor();
    expect(app.pageErrors).toEqual([]);
  });

  it('fits a phone', async () => {
    const page = await bossPage(PHONE);
    await page.goto('/admin');
    const panel = page.locator('section[aria-labelledby="business-heading"]');
    await panel.getByRole('img', { name: 'Bar chart: sign-ups per day' }).waitFor();
    await panel.getByText('Show the numbers: New paying people per day').click();
    // Nothing wider than the screen: the page does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: 'screenshots/admin-business-390.png', fullPage: true });
    await expectNoSeriousA11yViolations(page, '/admin business at 390 px');
    expect(app.pageErrors).toEqual([]);
  });
});
