import { describe, expect, it } from 'vitest';
import { useE2eApp } from './support/e2e-app';

// The support address comes from the server's configuration.
const app = useE2eApp({ env: { SUPPORT_EMAIL: 'help@turtle.test' } });

describe('footer', () => {
  it('shows the current year and Turtle', async () => {
    const { page } = await app.newPage();
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    expect(await footer.innerText()).toContain(`© ${new Date().getFullYear()} Turtle`);
  });

  it('"Contact us" shows an alert with the support address instead of navigating', async () => {
    const { page } = await app.newPage();
    // Listening before the navigation: the app asks for its configuration as it starts, which may be before goto resolves.
    const config = page.waitForResponse((response) => response.url().endsWith('/api/config'));
    await page.goto('/features');
    await config;
    const dialog = new Promise<string>((resolve) =>
      page.once('dialog', (d) => {
        resolve(d.message());
        void d.dismiss();
      }),
    );
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact us' }).click();
    expect(await dialog).toBe('Please contact us at help@turtle.test');
    expect(page.url()).toBe(`${app.url}/features`);
  });
});
