import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call } from '../apps/server/test/support/http';
import { DESKTOP, PHONE, useE2eApp } from './support/e2e-app';
import { demoCheckout, expectMembership, pricingPage, startCheckout } from './support/membership';
import { sidewaysOverflow } from './support/notes';

// Decision 018: plans that know what the member holds, and the Plan & billing page (demo provider).
const app = useE2eApp({ env: { TRUST_PROXY: 'true' } });

const billing = {
  plan: (page: Page) => page.getByTestId('plan-name'),
  section: (page: Page, name: string) => page.getByRole('region', { name }),
  dialog: (page: Page) => page.getByRole('alertdialog'),
};

async function becomePro(page: Page, period: 'Monthly' | 'Yearly') {
  await startCheckout(page, app.url, period);
  await demoCheckout.pay(page).click();
  await expectMembership(page, app.url, 'Pro Membership');
}

/** Opens Plan & billing from the header: the user menu when wide, the Menu disclosure on a phone. */
async function openPlanAndBilling(page: Page, name: string, phone: boolean) {
  const banner = page.getByRole('banner');
  if (phone) {
    // On a phone a toast ("Thank you for subscribing!") lies over the header while it shows; one sliding in as the
    // tap lands takes the tap (seen once in CI under load). Tap Menu again until the menu is open, at most 3 times.
    const menu = banner.getByRole('navigation', { name: 'Menu' });
    for (let tap = 1; !(await menu.isVisible()); tap += 1) {
      if (tap > 3) throw new Error('the Menu disclosure did not open after 3 taps');
      await banner.getByRole('button', { name: 'Menu' }).click();
      await menu.waitFor({ timeout: 2_000 }).catch(() => undefined);
    }
    await menu.getByRole('link', { name: 'Plan & billing' }).click();
  } else {
    await banner.getByRole('button', { name }).click();
    await page.getByRole('menuitem', { name: 'Plan & billing' }).click();
  }
  await page.waitForURL(`${app.url}/account/billing`);
  await page.getByRole('heading', { name: 'Plan & billing', level: 1 }).waitFor();
}

describe.each([
  ['1280 px', DESKTOP],
  ['390 px', PHONE],
] as const)('plans and billing at %s', (_width, viewport) => {
  const phone = viewport === PHONE;

  it('a Pro member is not sold Pro again: a disabled "Choose Pro" with "You have Pro already.", Manage plan or a switch with the real saving, and the server refuses', async () => {
    const { page, sessionToken } = await app.newPage({ signedIn: { name: 'Grace' }, viewport });
    await becomePro(page, 'Monthly');
    await page.goto('/pricing');
    const pro = pricingPage.card(page, 'Pro');
    await pro.getByText('Your plan').waitFor();
    // product.md §2: the buttons stay "Get Started" and "Choose Pro"; a Pro member's "Choose Pro" is disabled, and says why.
    const choosePro = pricingPage.choosePro(page);
    expect(await choosePro.isDisabled()).toBe(true);
    const why = await choosePro.getAttribute('aria-describedby');
    expect(await pro.locator(`[id="${why}"]`).innerText()).toBe('You have Pro already.');
    expect(await pro.getByRole('link', { name: 'Manage plan' }).getAttribute('href')).toBe('/account/billing');
    expect(await pro.getByRole('button', { name: /^Switch to/ }).count()).toBe(0);
    expect(await pricingPage.getStarted(page).getAttribute('href')).toBe('/chats');
    expect(await page.getByRole('button', { name: 'Current plan' }).count()).toBe(0);
    await pricingPage.period(page, 'Yearly').check();
    // $9.99 × 12 − $99, from the shared prices.
    await pro.getByRole('button', { name: 'Switch to yearly — save $20.88' }).waitFor();
    expect(await choosePro.isDisabled()).toBe(true);
    await pro.getByText('You have Pro already.', { exact: true }).waitFor();
    expect(await pro.getByRole('link', { name: 'Manage plan' }).count()).toBe(0);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    // Whatever the page shows, the server refuses a second purchase.
    const again = await call(app.url, '/api/billing/checkout', { json: { period: 'monthly' }, cookie: sessionToken });
    expect(again.status).toBe(409);
    expect((again.data as { message: string }).message).toBe(
      'You already have Pro, billed monthly. Manage it from Plan & billing instead of buying it again.',
    );
    expect(app.pageErrors).toEqual([]);
  });

  it('Plan & billing: renews on, cancel at period end (ends on), resume, switch to yearly, and the demo payments', async () => {
    const { page } = await app.newPage({ signedIn: { name: 'Hopper' }, viewport });
    await becomePro(page, 'Monthly');
    // The membership card says product.md's "Expires On", and beside it that the plan renews then (decision 018).
    await page.getByText('Expires On', { exact: true }).waitFor();
    await page.getByText('It renews on that day.', { exact: true }).waitFor();
    expect(await page.getByText('Renews on', { exact: true }).count()).toBe(0);

    await openPlanAndBilling(page, 'Hopper', phone);
    expect(await billing.plan(page).innerText()).toMatch(/^Pro\s*Monthly, \$9\.99\/month$/);
    const renews = page.getByText('Renews on');
    await renews.waitFor();
    const date = await page.locator('time').first().innerText();

    await page.getByRole('button', { name: 'Cancel plan' }).click();
    const dialog = billing.dialog(page);
    expect(await dialog.innerText()).toContain(`You keep Pro until ${date}`);
    await dialog.getByRole('button', { name: 'Cancel at period end' }).click();
    await page.getByText('Ends on').waitFor();
    expect(await page.locator('time').first().innerText()).toBe(date);
    expect(await renews.count()).toBe(0);
    await page.getByText('Your plan is cancelled: it becomes Free after that day.').waitFor();
    // Still Pro until then.
    expect(await billing.plan(page).innerText()).toMatch(/^Pro/);

    await page.getByRole('button', { name: 'Resume plan' }).click();
    await page.getByText('Renews on').waitFor();

    await page.getByRole('button', { name: 'Switch to yearly — save $20.88' }).click();
    expect(await dialog.innerText()).toContain('Demo: Pro becomes $99/year, starting today. No money moves.');
    await dialog.getByRole('button', { name: 'Switch to yearly' }).click();
    await expect.poll(() => billing.plan(page).innerText()).toMatch(/^Pro\s*Yearly, \$99\/year$/);
    await page.getByRole('button', { name: 'Switch to monthly' }).waitFor();
    const payments = billing.section(page, 'Invoices and payment method');
    expect(await payments.getByRole('row').count()).toBe(3);
    expect(await payments.innerText()).toContain('Payment method: none');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    // The rest of the app agrees: the membership page shows Yearly, renewing.
    await page.goto('/membership');
    await page.getByText('Yearly', { exact: true }).waitFor();
    await page.getByText('Expires On', { exact: true }).waitFor();
    await page.getByText('It renews on that day.', { exact: true }).waitFor();
    expect(app.pageErrors).toEqual([]);
  });
});
