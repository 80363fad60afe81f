import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { notes, users } from '../apps/server/src/db/schema';
import { call } from '../apps/server/test/support/http';
import { createPasswordAccount, field, logIn, uniqueEmail } from './support/accounts';
import { DESKTOP, PHONE, useE2eApp } from './support/e2e-app';
import { sidewaysOverflow } from './support/notes';

// Decision 018: the Account page, reached from the user menu (or the phone's Menu).
const app = useE2eApp({ env: { TRUST_PROXY: 'true' } });

const PASSWORD = 'correct horse';

async function openAccount(page: Page, name: string, phone: boolean) {
  const banner = page.getByRole('banner');
  if (phone) {
    await banner.getByRole('button', { name: 'Menu' }).click();
    await banner.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Account' }).click();
  } else {
    await banner.getByRole('button', { name }).click();
    const entries = (await page.getByRole('menuitem').allInnerTexts()).map((entry) => entry.trim());
    // The new entries first, then the spec's own, kept.
    expect(entries).toEqual(['Account', 'Plan & billing', 'Test', 'Demo: Chat Input', 'Demo: Markdown', 'Logout']);
    await page.getByRole('menuitem', { name: 'Account' }).click();
  }
  await page.waitForURL(`${app.url}/account`);
  await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
}

/** Signs in through the login screen (a real password account). */
async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await logIn(page, email, PASSWORD);
  await page.waitForURL(`${app.url}/`);
}

describe.each([
  ['1280 px', DESKTOP],
  ['390 px', PHONE],
] as const)('the Account page at %s', (_width, viewport) => {
  const phone = viewport === PHONE;

  it('shows name, email and sign-in method, and changes the password (other sessions end)', async () => {
    const email = uniqueEmail('ada');
    await createPasswordAccount(app.url, { name: 'Ada', email, password: PASSWORD });
    const elsewhere = await call(app.url, '/api/user/login', { form: { email, password: PASSWORD } });
    const otherCookie = elsewhere.headers.getSetCookie()[0]!.split(';')[0]!;
    const { page } = await app.newPage({ viewport });
    await signIn(page, email);
    await openAccount(page, 'Ada', phone);
    const profile = page.getByRole('region', { name: 'Profile' });
    expect(await profile.innerText()).toContain(email);
    expect(await profile.innerText()).toContain('Email and password');

    await field(page, 'Current password').fill('not my password');
    await field(page, 'New password').fill('battery staple');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your current password is not right').waitFor();
    await field(page, 'New password').fill('short');
    await field(page, 'Current password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password must have 6 characters or more').waitFor();
    await field(page, 'New password').fill('battery staple');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed. Other devices have been signed out.').waitFor();
    expect(await field(page, 'Current password').inputValue()).toBe('');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    // This browser stays signed in; the other session ended; the new password works.
    await page.reload();
    await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
    expect((await call(app.url, '/api/user/status', { cookie: otherCookie })).data).toEqual({});
    const relogin = await call(app.url, '/api/user/login', { form: { email, password: 'battery staple' } });
    expect(relogin.status).toBe(200);
    expect(app.pageErrors).toEqual([]);
  });

  it('deletes the account and its data only after the email is typed; lands on / signed out', async () => {
    const email = uniqueEmail('del');
    const account = await createPasswordAccount(app.url, { name: 'Bea', email, password: PASSWORD });
    const { page } = await app.newPage({ viewport });
    await signIn(page, email);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'sid')!.value;
    const saved = await call(app.url, '/api/note/save', { json: { note: { name: 'Mine', content: 'x' } }, cookie });
    expect(saved.status).toBe(200);

    await openAccount(page, 'Bea', phone);
    await page.getByRole('button', { name: 'Delete account…' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    const confirm = dialog.getByRole('button', { name: 'Delete account', exact: true });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Your email address').fill('someone@else.test');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Delete account…' }).click();
    await dialog.getByLabel('Your email address').fill(email.toUpperCase());
    await confirm.click();
    await page.waitForURL(`${app.url}/`);
    await page.getByText('Your account and all its data have been deleted.').waitFor();
    // The toast settles below the header: it covers nothing of it (on a phone, the Menu button).
    const header = (await page.getByRole('banner').boundingBox())!;
    const toastTop = async () => (await page.locator('[data-sonner-toast]').first().boundingBox())!.y;
    await expect.poll(toastTop).toBeGreaterThanOrEqual(header.y + header.height);
    // Signed out: the header offers Sign up again.
    if (phone) await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Sign up' }).waitFor();
    expect((await call(app.url, '/api/user/status', { cookie })).data).toEqual({});
    const login = await call(app.url, '/api/user/login', { form: { email, password: PASSWORD } });
    expect(login.status).toBe(401);
    const db = app.server.database.db;
    expect(await db.select().from(notes).where(eq(notes.userId, account.id))).toEqual([]);
    expect(await db.select().from(users).where(eq(users.id, account.id))).toEqual([]);
    expect(app.pageErrors).toEqual([]);
  });
});
