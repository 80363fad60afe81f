import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { call } from '../../apps/server/test/support/http';
import { randomClientIp } from './e2e-app';

/** An address no other test uses (emails are unique in the database, and rate-limited per email). */
export function uniqueEmail(who = 'user'): string {
  return `${who}-${randomUUID().slice(0, 8)}@turtle.test`;
}

/** A password account made through the real signup endpoint, from an address of its own. */
export async function createPasswordAccount(
  appUrl: string,
  account: { name: string; email: string; password: string },
) {
  const response = await call(appUrl, '/api/user/signup', {
    form: account,
    headers: { 'x-forwarded-for': randomClientIp() },
  });
  expect(response.status, JSON.stringify(response.data)).toBe(200);
  return response.data as { id: string; name: string; email: string };
}

/** The input labelled exactly `label` ("Password" must not also match the "Show password" button). */
export function field(page: Page, label: string): Locator {
  return page.getByLabel(label, { exact: true });
}

/** The message linked to the field by `aria-describedby`, or null when it has none. */
export function fieldError(page: Page, label: string): Promise<string | null> {
  return field(page, label).evaluate((input) => {
    const id = input.getAttribute('aria-describedby');
    return id ? (document.getElementById(id)?.textContent ?? null) : null;
  });
}

/** Waits until the field shows `message` (and is marked invalid), or shows nothing when `message` is null. */
export async function expectFieldError(page: Page, label: string, message: string | null) {
  await expect.poll(() => fieldError(page, label), { timeout: 5_000 }).toBe(message);
  expect(await field(page, label).getAttribute('aria-invalid')).toBe(message === null ? null : 'true');
}

/** The header's user button, which carries the signed-in user's name. */
export function userButton(page: Page, name: string): Locator {
  return page.getByRole('banner').getByRole('button', { name });
}

export function loginLink(page: Page): Locator {
  return page.getByRole('banner').getByRole('link', { name: 'Login' });
}

export async function logIn(page: Page, email: string, password: string) {
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}
