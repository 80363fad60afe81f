import { describe, expect, it } from 'vitest';
import { createPasswordAccount, logIn, uniqueEmail } from './support/accounts';
import { PHONE, useE2eApp } from './support/e2e-app';
import {
  daysUntilExpiry,
  demoCheckout,
  expectMembership,
  membershipPage,
  pricingPage,
  startCheckout,
} from './support/membership';
import { expectWithinWidth, sidewaysOverflow } from './support/notes';

// The demo payment provider (no STRIPE_* variables): its checkout page stands in for Stripe's.
const app = useE2eApp({ env: { TRUST_PROXY: 'true' } });

const THANK_YOU = 'Thank you for subscribing!';

describe('the membership page', () => {
  it('shows a new user "Free Membership", a Free badge and "Upgrade to Pro" to /pricing', async () => {
    const { page } = await app.newPage({ signedIn: true });
    await page.goto('/membership');
    await expectMembership(page, app.url, 'Free Membership');
    expect(await membershipPage.badges(page)).toEqual(['Free']);
    expect(await membershipPage.expiry(page).count()).toBe(0);
    expect(await membershipPage.changePlan(page).count()).toBe(0);
    await membershipPage.upgrade(page).click();
    await page.waitForURL(`${app.url}/pricing`);
    await pricingPage.card(page, 'Free').getByText('Your plan').waitFor();
    // product.md §2 "Get Started" (rules.md: to /chats when signed in) and "Choose Pro", a checkout button.
    expect(await pricingPage.getStarted(page).getAttribute('href')).toBe('/chats');
    expect(await pricingPage.choosePro(page).isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Current plan' }).count()).toBe(0);
    expect(app.pageErrors).toEqual([]);
  });
});

describe('demo checkout', () => {
  it('monthly: Pay ends on /membership as Pro, Monthly, expiring in about a month, with the thank-you toast', async () => {
    const { page } = await app.newPage({ signedIn: true });
    const confirmations: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/stripe/handle_payment_success')) confirmations.push(request.postData() ?? '');
    });
    await startCheckout(page, app.url, 'Monthly');
    const order = page.getByRole('region', { name: 'Checkout' });
    expect(await order.innerText()).toContain('Monthly');
    expect(await order.innerText()).toContain('$9.99/month');
    await demoCheckout.pay(page).click();
    await expectMembership(page, app.url, 'Pro Membership');
    await page.getByText(THANK_YOU).waitFor();
    expect(await membershipPage.badges(page)).toEqual(['Pro', 'Monthly']);
    // Confirmed once, form-encoded, with the demo session's id.
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]).toMatch(/^csId=cs_demo_\w+$/);
    // product.md §2 "Expires On" with the date, and beside it that the plan renews then (decision 018).
    await page.getByText('Expires On', { exact: true }).waitFor();
    await page.getByText('It renews on that day.', { exact: true }).waitFor();
    expect(await daysUntilExpiry(page)).toBeGreaterThanOrEqual(27);
    expect(await daysUntilExpiry(page)).toBeLessThanOrEqual(32);
    await membershipPage.changePlan(page).waitFor();
    expect(await membershipPage.upgrade(page).count()).toBe(0);
    // The server agrees after a reload, and the success page is not in the history.
    await page.reload();
    await expectMembership(page, app.url, 'Pro Membership');
    await page.goBack();
    await page.waitForURL(/\/checkout\/demo\?session=/);
    await page.getByRole('heading', { name: 'This checkout is already paid' }).waitFor();
    expect(app.pageErrors).toEqual([]);
  });

  it('yearly: Pay ends on /membership as Pro, Yearly, expiring in about a year, with the toast', async () => {
    const { page } = await app.newPage({ signedIn: true });
    await startCheckout(page, app.url, 'Yearly');
    const order = page.getByRole('region', { name: 'Checkout' });
    expect(await order.innerText()).toContain('Yearly');
    expect(await order.innerText()).toContain('$99/year');
    await demoCheckout.pay(page).click();
    await expectMembership(page, app.url, 'Pro Membership');
    await page.getByText(THANK_YOU).waitFor();
    expect(await membershipPage.badges(page)).toEqual(['Pro', 'Yearly']);
    await page.getByText('Expires On', { exact: true }).waitFor();
    await page.getByText('It renews on that day.', { exact: true }).waitFor();
    expect(await daysUntilExpiry(page)).toBeGreaterThanOrEqual(364);
    expect(await daysUntilExpiry(page)).toBeLessThanOrEqual(367);
    expect(app.pageErrors).toEqual([]);
  });

  it('right after paying, the cards page shows the Pro allowance, not the Free one it read before', async () => {
    const { page } = await app.newPage({ signedIn: true });
    await page.goto('/cards');
    const meter = page.getByTestId('card-meter');
    await meter.getByText('0 of 100 cards').waitFor();
    // Within the page from here on, so the decks read above stays in the client's cache.
    await meter.getByRole('link', { name: 'Upgrade for unlimited' }).click();
    await pricingPage.period(page, 'Monthly').check();
    await pricingPage.choosePro(page).click();
    await demoCheckout.pay(page).click();
    await expectMembership(page, app.url, 'Pro Membership');
    // A slow answer would leave time to show a cached Free meter first.
    await page.route('**/api/cards/decks?*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page
      .getByRole('banner')
      .getByRole('link', { name: /^Cards/ })
      .click();
    await meter.waitFor();
    expect(await meter.innerText()).toContain('0 cards · Pro: no limit');
    expect(app.pageErrors).toEqual([]);
  });

  it('Cancel returns to /pricing and the user stays Free', async () => {
    const { page } = await app.newPage({ signedIn: true });
    await startCheckout(page, app.url, 'Monthly');
    await demoCheckout.cancel(page).click();
    await page.waitForURL(`${app.url}/pricing`);
    await pricingPage.choosePro(page).waitFor();
    await page.goto('/membership');
    await expectMembership(page, app.url, 'Free Membership');
    await membershipPage.upgrade(page).waitFor();
    expect(app.pageErrors).toEqual([]);
  });

  it('a made-up cs_id on /payment/success is only logged (product.md §8) and still ends on /membership, as Free, without the toast or an alert', async () => {
    const { page } = await app.newPage({ signedIn: true });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/payment/success?cs_id=cs_test_madeUp123');
    await expectMembership(page, app.url, 'Free Membership');
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.getByText(THANK_YOU).count()).toBe(0);
    expect(errors.some((text) => text.includes('Payment confirmation failed'))).toBe(true);
    expect(app.pageErrors).toEqual([]);
  });
});

describe('the pricing page', () => {
  it('toggles between $9.99/month and $99/year with "Save 17% with yearly billing"', async () => {
    const { page } = await app.newPage();
    await page.goto('/pricing');
    const pro = pricingPage.card(page, 'Pro');
    expect(await pricingPage.card(page, 'Free').innerText()).toMatch(/\$0\s*\/month/);
    expect(await pricingPage.card(page, 'Free').innerText()).toContain('Max 100 cards');
    expect(await pro.innerText()).toMatch(/\$9\.99\s*\/month/);
    expect(await page.getByText('Save 17% with yearly billing').count()).toBe(0);
    await pricingPage.period(page, 'Yearly').check();
    await expect.poll(() => pro.innerText()).toMatch(/\$99\s*\/year/);
    await page.getByText(/Save 17% with yearly billing/).waitFor();
    await pricingPage.period(page, 'Monthly').check();
    await expect.poll(() => pro.innerText()).toMatch(/\$9\.99\s*\/month/);
    const table = pricingPage.table(page);
    expect(await table.getByRole('row', { name: /Assistant replies/ }).innerText()).toMatch(/50 a day.*2,000 a day/s);
    await table
      .getByRole('row', { name: /Advanced Analytics/ })
      .getByText('Not included')
      .waitFor();
    expect(app.pageErrors).toEqual([]);
  });

  it('signed out: Get Started goes to /signup; Choose Pro goes to login and back to the pricing page', async () => {
    const email = uniqueEmail('pro');
    await createPasswordAccount(app.url, { name: 'Grace Hopper', email, password: 'correct horse' });
    const { page } = await app.newPage();
    await page.goto('/pricing');
    expect(await pricingPage.getStarted(page).getAttribute('href')).toBe('/signup');
    await pricingPage.period(page, 'Yearly').check();
    await pricingPage.chooseProLink(page).click();
    await page.waitForURL(`${app.url}/login?next=%2Fpricing%3Fperiod%3Dyearly`);
    await logIn(page, email, 'correct horse');
    await page.waitForURL(`${app.url}/pricing?period=yearly`);
    expect(await pricingPage.period(page, 'Yearly').isChecked()).toBe(true);
    await pricingPage.choosePro(page).click();
    await page.waitForURL(/\/checkout\/demo\?session=/);
    expect(await page.getByRole('region', { name: 'Checkout' }).innerText()).toContain('$99/year');
    expect(app.pageErrors).toEqual([]);
  });

  it('fits a 390 px phone: no sideways scrolling, the cards, toggle and table within the width', async () => {
    const { page } = await app.newPage({ viewport: PHONE });
    await page.goto('/pricing');
    await pricingPage.card(page, 'Pro').waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    await expectWithinWidth(page.getByRole('group', { name: 'Billing period' }), PHONE.width, 'the toggle');
    await expectWithinWidth(pricingPage.card(page, 'Free'), PHONE.width, 'the Free card');
    await expectWithinWidth(pricingPage.card(page, 'Pro'), PHONE.width, 'the Pro card');
    await expectWithinWidth(pricingPage.table(page), PHONE.width, 'the feature table');
    await pricingPage.period(page, 'Yearly').check();
    await expect.poll(() => pricingPage.card(page, 'Pro').innerText()).toMatch(/\$99\s*\/year/);
    expect(await sidewaysOverflow(page)).toBe(0);
  });
});
