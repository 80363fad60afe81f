import { describe, expect, it } from 'vitest';
import { createPasswordAccount, loginLink, uniqueEmail, userButton } from './support/accounts';
import { useE2eApp } from './support/e2e-app';
import { continueWith } from './support/sign-in-popup';

// The built-in development provider answers "Continue with Dev Sign-in" (on a loopback server with no configuration).
const app = useE2eApp({ env: { TRUST_PROXY: 'true' } });

const PROVIDER = 'Dev Sign-in';

describe('"Continue with" sign-in through the popup', () => {
  it('signs a new visitor in and takes them where they were going; next time it finds the same account', async () => {
    const { page } = await app.newPage();
    const email = uniqueEmail('ada');
    await page.goto('/notes');
    await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();
    expect(await page.getByText('OR', { exact: true }).isVisible()).toBe(true);

    const popupOpened = page.waitForEvent('popup');
    const button = page.getByRole('button', { name: `Continue with ${PROVIDER}` });
    await button.click();
    const popup = await popupOpened;
    // Busy while the popup is open.
    expect(await button.isDisabled()).toBe(true);
    await popup.getByRole('heading', { name: 'Dev Sign-in' }).waitFor();
    await popup.getByLabel('Name', { exact: true }).fill('Ada Lovelace');
    await popup.getByLabel('Email', { exact: true }).fill(email);
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Continue' }).click();
    await closed;

    await page.waitForURL(`${app.url}/notes`);
    await page.getByRole('heading', { name: 'Your Notes' }).waitFor();
    await userButton(page, 'Ada Lovelace').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await loginLink(page).waitFor();

    // Again, from the signup screen: the provider still knows the visitor, so the popup closes by itself; the
    // sign-in finds the same account and, with nowhere else to go, lands on / (product.md §2).
    await page.goto('/signup');
    const again = page.waitForEvent('popup');
    await page.getByRole('button', { name: `Continue with ${PROVIDER}` }).click();
    const second = await again;
    if (!second.isClosed()) await second.waitForEvent('close');
    await page.waitForURL(`${app.url}/`);
    await userButton(page, 'Ada Lovelace').waitFor();
    expect(app.pageErrors).toEqual([]);
  });

  it('leaves the page as it was when the popup is closed without signing in', async () => {
    const { page } = await app.newPage();
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/user/login_3rd_party')) calls.push(request.url());
    });
    await page.goto('/login');
    const button = page.getByRole('button', { name: `Continue with ${PROVIDER}` });
    const popupOpened = page.waitForEvent('popup');
    await button.click();
    const popup = await popupOpened;
    await popup.getByRole('heading', { name: 'Dev Sign-in' }).waitFor();
    await popup.close();

    await expect.poll(() => button.isEnabled(), { timeout: 5_000 }).toBe(true);
    expect(page.url()).toBe(`${app.url}/login`);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(calls).toEqual([]);
    // Still signed out: the login page's header offers Login (product.md §2, on every page) and Sign up.
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Sign up' }).waitFor();

    // And the button works again.
    await continueWith(page, PROVIDER, { name: 'Grace Hopper', email: uniqueEmail('grace') });
    await userButton(page, 'Grace Hopper').waitFor();
  });

  it('refuses an email that belongs to a password account, saying so in the alert bar', async () => {
    const email = uniqueEmail('katherine');
    await createPasswordAccount(app.url, { name: 'Katherine', email, password: 'correct horse' });
    const { page } = await app.newPage();
    await page.goto('/login');
    await continueWith(page, PROVIDER, { name: 'Not Katherine', email });

    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe('An account with this email already exists. Log in with your password.');
    expect(page.url()).toBe(`${app.url}/login`);
    await page.getByRole('banner').getByRole('link', { name: 'Sign up' }).waitFor();
    expect(await page.getByRole('button', { name: `Continue with ${PROVIDER}` }).isEnabled()).toBe(true);
    const status = await page.evaluate(() => fetch('/api/user/status').then((response) => response.json()));
    expect(status).toEqual({});
  });
});
