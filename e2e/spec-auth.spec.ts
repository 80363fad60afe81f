import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { field, uniqueEmail } from './support/accounts';
import { DESKTOP, PHONE, useE2eApp } from './support/e2e-app';

// product.md §2 "Login screen" and "Signup screen", §4 "Login and signup", points no other story proves
// (docs/spec-conformance.md). The development provider answers "Continue with Dev Sign-in".
const SUPPORT_EMAIL = 'help@turtle.test';
const app = useE2eApp({ env: { TRUST_PROXY: 'true', SUPPORT_EMAIL } });

const PROVIDER_BUTTON = 'Continue with Dev Sign-in';

/** Holds the next POST to `path` until the returned function is called. */
async function hold(page: Page, path: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${path}`, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Answers the message of the next browser dialog (an alert), dismissing it. */
function nextDialog(page: Page): Promise<{ type: string; message: string }> {
  return new Promise((resolve) =>
    page.once('dialog', (dialog) => {
      resolve({ type: dialog.type(), message: dialog.message() });
      void dialog.dismiss();
    }),
  );
}

for (const viewport of [DESKTOP, PHONE]) {
  describe(`at ${viewport.width} px`, () => {
    it('login: its title, "Continue with", an OR divider, Email and Password, "Log in", and "Sign up now" to /signup', async () => {
      const { page } = await app.newPage({ viewport });
      const config = page.waitForResponse((response) => response.url().endsWith('/api/config'));
      await page.goto('/login');
      await config;
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();
      const provider = main.getByRole('button', { name: PROVIDER_BUTTON });
      await provider.waitFor();
      const or = main.getByText('OR', { exact: true });
      expect(await or.isVisible()).toBe(true);
      // The divider sits between the provider's button and the form.
      const email = field(page, 'Email');
      const [providerBox, orBox, emailBox] = await Promise.all([
        provider.boundingBox(),
        or.boundingBox(),
        email.boundingBox(),
      ]);
      expect(orBox!.y).toBeGreaterThan(providerBox!.y);
      expect(emailBox!.y).toBeGreaterThan(orBox!.y);
      expect(await email.isVisible()).toBe(true);
      expect(await field(page, 'Password').getAttribute('type')).toBe('password');
      await main.getByRole('button', { name: 'Log in', exact: true }).waitFor();

      await main.getByRole('link', { name: 'Sign up now' }).click();
      await page.waitForURL(`${app.url}/signup`);
      await page.getByRole('heading', { name: 'Join Turtle today', level: 1 }).waitFor();
      expect(app.pageErrors).toEqual([]);
    });

    it('login: the hidden "Forgot your password?" link alerts the support address when clicked', async () => {
      const { page } = await app.newPage({ viewport });
      const config = page.waitForResponse((response) => response.url().endsWith('/api/config'));
      await page.goto('/login');
      await config;
      const forgot = page.locator('a', { hasText: 'Forgot your password?' });
      await forgot.waitFor({ state: 'attached' });
      expect(await forgot.isVisible()).toBe(false);
      // Hidden, so no one can click it; a script can, and it alerts instead of navigating.
      const dialog = nextDialog(page);
      await forgot.dispatchEvent('click');
      expect(await dialog).toEqual({ type: 'alert', message: `Please contact us at ${SUPPORT_EMAIL}` });
      expect(page.url()).toBe(`${app.url}/login`);
    });

    it('signup: Name, Email and Password with a show/hide toggle, "Sign up" busy while it runs, "Log in now" to /login', async () => {
      const { page } = await app.newPage({ viewport });
      await page.goto('/signup');
      const main = page.getByRole('main');
      await main.getByRole('heading', { name: 'Join Turtle today', level: 1 }).waitFor();
      await main.getByRole('button', { name: PROVIDER_BUTTON }).waitFor();

      await field(page, 'Name').fill('Mary Jackson');
      await field(page, 'Email').fill(uniqueEmail('mary'));
      const password = field(page, 'Password');
      await password.fill('a good password');
      expect(await password.getAttribute('type')).toBe('password');
      await main.getByRole('button', { name: 'Show password' }).click();
      expect(await password.getAttribute('type')).toBe('text');
      await main.getByRole('button', { name: 'Hide password' }).click();
      expect(await password.getAttribute('type')).toBe('password');

      // The busy flag disables the submit button, with a spinner, while the signup call runs.
      const release = await hold(page, '/api/user/signup');
      const signUp = main.getByRole('button', { name: 'Sign up', exact: true });
      const answered = page.waitForResponse((response) => response.url().endsWith('/api/user/signup'));
      await signUp.click();
      await expect.poll(() => signUp.isDisabled()).toBe(true);
      expect(await signUp.getAttribute('aria-busy')).toBe('true');
      expect(await signUp.locator('.animate-spin').count()).toBe(1);
      release();
      expect((await answered).status()).toBe(200);

      // The way to the login screen, from a fresh signup screen.
      const other = (await app.newPage({ viewport })).page;
      await other.goto('/signup');
      await other.getByRole('main').getByRole('link', { name: 'Log in now' }).click();
      await other.waitForURL(`${app.url}/login`);
      await other.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();
      expect(app.pageErrors).toEqual([]);
    });

    it('"Continue with" opens a 500 by 600 popup, and its button is disabled with a spinner meanwhile', async () => {
      const { page } = await app.newPage({ viewport });
      await page.addInitScript(() => {
        const open = window.open.bind(window);
        window.open = (...args: Parameters<typeof window.open>) => {
          (window as unknown as { popupFeatures: string }).popupFeatures = String(args[2] ?? '');
          return open(...args);
        };
      });
      await page.goto('/login');
      const button = page.getByRole('main').getByRole('button', { name: PROVIDER_BUTTON });
      const popupOpened = page.waitForEvent('popup');
      await button.click();
      const popup = await popupOpened;
      const features = await page.evaluate(() => (window as unknown as { popupFeatures: string }).popupFeatures);
      expect(features).toMatch(/(^|,)width=500(,|$)/);
      expect(features).toMatch(/(^|,)height=600(,|$)/);
      expect(await button.isDisabled()).toBe(true);
      expect(await button.locator('.animate-spin').count()).toBe(1);

      // Closed without signing in: nothing returned, nothing shown, the button usable again.
      await popup.close();
      await expect.poll(() => button.isEnabled(), { timeout: 5_000 }).toBe(true);
      expect(await page.getByRole('alert').count()).toBe(0);
      expect(page.url()).toBe(`${app.url}/login`);
    });
  });
}
