import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestIssuer,
  TEST_ISSUER_CLIENT_ID,
  TEST_ISSUER_CLIENT_SECRET,
  type TestIssuer,
} from '../apps/server/test/support/test-issuer';
import { uniqueEmail, userButton } from './support/accounts';
import { useE2eApp } from './support/e2e-app';
import { continueWith } from './support/sign-in-popup';

/**
 * "Continue with" against an outside OpenID Connect issuer (its own origin and cookies), configured the way a
 * real provider is: OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_PROVIDER_NAME.
 */
let issuer: TestIssuer;
beforeAll(async () => {
  issuer = await startTestIssuer();
});
afterAll(async () => {
  await issuer?.close();
});

const app = useE2eApp({
  env: () => ({
    TRUST_PROXY: 'true',
    OIDC_ISSUER: issuer.issuer,
    OIDC_CLIENT_ID: TEST_ISSUER_CLIENT_ID,
    OIDC_CLIENT_SECRET: TEST_ISSUER_CLIENT_SECRET,
    OIDC_PROVIDER_NAME: 'Test IdP',
  }),
});

beforeAll(() => {
  issuer.allowRedirect(app.url);
});

describe('"Continue with" an outside provider', () => {
  it('signs the visitor in through the provider on its own origin', async () => {
    const { page } = await app.newPage();
    await page.goto('/signup');
    expect(await page.getByRole('button', { name: /^Continue with/ }).innerText()).toBe('Continue with Test IdP');

    await continueWith(page, 'Test IdP', { name: 'Hedy Lamarr', email: uniqueEmail('hedy') });
    // Signing in lands on / (product.md §2), the member's home.
    await page.waitForURL(`${app.url}/`);
    await userButton(page, 'Hedy Lamarr').waitFor();

    await page.reload();
    await userButton(page, 'Hedy Lamarr').waitFor();
    expect(app.pageErrors).toEqual([]);
  });

  it('leaves a visitor who closes the popup on the provider signed out, with nothing shown', async () => {
    const { page } = await app.newPage();
    await page.goto('/login');
    const button = page.getByRole('button', { name: 'Continue with Test IdP' });
    const popupOpened = page.waitForEvent('popup');
    await button.click();
    const popup = await popupOpened;
    await popup.getByRole('heading', { name: 'Dev Sign-in' }).waitFor();
    expect(new URL(popup.url()).origin).toBe(new URL(issuer.issuer).origin);
    await popup.close();
    await expect.poll(() => button.isEnabled(), { timeout: 5_000 }).toBe(true);
    expect(await page.getByRole('alert').count()).toBe(0);
    // Still signed out: the login page's header offers Login (product.md §2, on every page) and Sign up.
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Sign up' }).waitFor();
  });
});
