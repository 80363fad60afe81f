import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export type Period = 'Monthly' | 'Yearly';

/** The pricing page, located the way a visitor finds it (by role and name). */
export const pricingPage = {
  card: (page: Page, plan: 'Free' | 'Pro') => page.getByRole('article', { name: plan }),
  period: (page: Page, period: Period) => page.getByRole('radio', { name: period }),
  choosePro: (page: Page) => pricingPage.card(page, 'Pro').getByRole('button', { name: 'Choose Pro' }),
  chooseProLink: (page: Page) => pricingPage.card(page, 'Pro').getByRole('link', { name: 'Choose Pro' }),
  getStarted: (page: Page) => pricingPage.card(page, 'Free').getByRole('link', { name: 'Get Started' }),
  table: (page: Page) => page.getByRole('table', { name: /Features included/ }),
};

/** The demo provider's checkout page. */
export const demoCheckout = {
  label: (page: Page) => page.getByText('Demo checkout — no real payment is taken'),
  pay: (page: Page) => page.getByRole('button', { name: 'Pay', exact: true }),
  cancel: (page: Page) => page.getByRole('button', { name: 'Cancel', exact: true }),
};

export const membershipPage = {
  heading: (page: Page) => page.getByRole('heading', { level: 1 }),
  badges: (page: Page) => page.getByLabel('Plan details').locator('span').allInnerTexts(),
  expiry: (page: Page) => page.locator('time'),
  upgrade: (page: Page) => page.getByRole('link', { name: 'Upgrade to Pro' }),
  changePlan: (page: Page) => page.getByRole('link', { name: 'Change Plan' }),
};

/** Waits for the membership page to say `heading` ("Free Membership" / "Pro Membership"). */
export async function expectMembership(page: Page, appUrl: string, heading: string) {
  await page.waitForURL(`${appUrl}/membership`);
  await expect.poll(() => membershipPage.heading(page).innerText(), { timeout: 10_000 }).toBe(heading);
}

/** From the pricing page: choose the period, Choose Pro, and wait for the demo checkout to show its order. */
export async function startCheckout(page: Page, appUrl: string, period: Period) {
  await page.goto('/pricing');
  await pricingPage.period(page, period).check();
  await pricingPage.choosePro(page).click();
  await page.waitForURL(new RegExp(`^${appUrl}/checkout/demo\\?session=cs_demo_\\w+$`));
  await demoCheckout.label(page).waitFor();
}

/** Days from now until the membership page's renewal date. */
export async function daysUntilExpiry(page: Page): Promise<number> {
  const dateTime = await membershipPage.expiry(page).getAttribute('datetime');
  expect(dateTime).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  return Math.round((Date.parse(`${dateTime}T12:00:00Z`) - Date.now()) / 86_400_000);
}
