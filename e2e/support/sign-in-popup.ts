import type { Page } from 'playwright-core';

/**
 * Clicks "Continue with {provider}" and signs in on the provider's page in the popup (the development provider's
 * form: Name, Email, Continue). Resolves once the popup has closed itself.
 */
export async function continueWith(page: Page, provider: string, account: { name: string; email: string }) {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: `Continue with ${provider}` }).click();
  const popup = await popupOpened;
  await popup.getByRole('heading', { name: 'Dev Sign-in' }).waitFor();
  await popup.getByLabel('Name', { exact: true }).fill(account.name);
  await popup.getByLabel('Email', { exact: true }).fill(account.email);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await closed;
  return popup;
}
