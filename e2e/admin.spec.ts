import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ROLE_ADMINISTRATOR } from '@turtle/shared/roles';
import { replyUsage } from '../apps/server/src/core/assistant/assistant.tables';
import { applyAdminEmails } from '../apps/server/src/core/identity/administrators';
import { sessions } from '../apps/server/src/core/identity/identity.tables';
import { hashSessionToken } from '../apps/server/src/core/identity/session-token';
import { hashPassword } from '../apps/server/src/features/auth/password';
import { createSessionToken, createUser } from '../apps/server/test/support/factories';
import { call } from '../apps/server/test/support/http';
import { createPasswordAccount, logIn, uniqueEmail, userButton } from './support/accounts';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DESKTOP, PHONE, useE2eApp } from './support/e2e-app';

// The operator console (docs/decisions/037-administrators.md): an administrator named by ADMIN_EMAILS finds a person,
// signs them out everywhere and reads it in the audit log; a member sees no "Admin" and no console.
const BOSS = uniqueEmail('boss');
// The offline assistant priced as if it cost something, so the console has a cost to show.
const app = useE2eApp({ env: { ADMIN_EMAILS: BOSS, MODEL_PRICES: 'offline=100/400' } });
let bossId: string;

beforeAll(async () => {
  bossId = (await createUser(app.server.database.db, { name: 'Boss', email: BOSS })).id;
  // As the server does at every start (server.ts): the listed account becomes an administrator.
  expect(await applyAdminEmails(app.server.database.db, app.server.config.adminEmails)).toBe(1);
});

/** A page whose browser holds this session token. */
async function pageWithSession(token: string, viewport = DESKTOP) {
  const { page, context } = await app.newPage({ viewport });
  await context.addCookies([{ name: 'sid', value: token, url: app.url, httpOnly: true, sameSite: 'Lax' }]);
  return page;
}

/** A page signed in as the administrator. */
async function bossPage(viewport = DESKTOP) {
  return pageWithSession(await createSessionToken(app.server.database.db, bossId), viewport);
}

const auditLog = (page: Awaited<ReturnType<typeof bossPage>>) =>
  page.locator('section[aria-labelledby="audit-heading"]');

describe('the operator console', () => {
  it('lets an administrator find a person, sign them out everywhere, and read it in the audit log', async () => {
    const db = app.server.database.db;
    const member = await createUser(db, { name: 'Mina Member', email: uniqueEmail('mina') });
    const memberSession = await createSessionToken(db, member.id);
    const page = await bossPage();

    await page.goto('/');
    await userButton(page, 'Boss').click();
    await page.getByRole('menuitem', { name: 'Admin' }).click();
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: 'Admin', level: 1 }).waitFor();
    // ADMIN_EMAILS made this administrator: the log says so.
    await auditLog(page).getByText('(ADMIN_EMAILS)').first().waitFor();

    await page.getByLabel('Search by name or email').fill(member.email);
    const row = page.getByRole('row', { name: /Mina Member/ });
    await row.waitFor();
    await expect.poll(() => page.locator('section[aria-labelledby="people-heading"]').getByRole('row').count()).toBe(2);
    page.once('dialog', (dialog) => void dialog.accept());
    await row.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByText('Mina Member is signed out everywhere (1 session).').waitFor();
    expect((await call(app.url, '/api/user/status', { cookie: memberSession })).data).toEqual({});
    await auditLog(page).getByText(member.email).waitFor();
    expect(await auditLog(page).getByText('sign out everywhere').count()).toBe(1);
    await expectNoSeriousA11yViolations(page, '/admin at 1280 px');
    expect(app.pageErrors).toEqual([]);
  });

  it('suspends a person, who is then told why at sign-in, and restores them, each action in the audit log', async () => {
    const email = uniqueEmail('sam');
    await createPasswordAccount(app.url, { name: 'Sam Suspended', email, password: 'secret12' });
    const page = await bossPage();
    await page.goto('/admin');
    await page.getByLabel('Search by name or email').fill(email);
    const row = page.getByRole('row', { name: /Sam Suspended/ });
    await row.getByRole('button', { name: 'Suspend…' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Suspend Sam Suspended?' });
    await dialog.getByLabel('Reason (shown to them when they try to sign in)').fill('Reselling access.');
    await expectNoSeriousA11yViolations(page, 'the suspend dialog');
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await page.getByText('Sam Suspended is suspended and signed out everywhere.').waitFor();
    await row.getByText('suspended', { exact: true }).waitFor();
    await auditLog(page).getByText('suspend', { exact: true }).waitFor();

    // The person, on their own browser, is told why and whom to write to; no session is made.
    const { page: theirs } = await app.newPage();
    await theirs.goto('/login');
    await logIn(theirs, email, 'secret12');
    await theirs
      .getByText(/^This account is suspended\. Reason: Reselling access\. Write to .+ if you think/)
      .waitFor();
    expect(new URL(theirs.url()).pathname).toBe('/login');

    await row.getByRole('button', { name: 'Restore' }).click();
    await page.getByText('Sam Suspended can sign in again.').waitFor();
    await auditLog(page).getByText('restore', { exact: true }).waitFor();
    await logIn(theirs, email, 'secret12');
    await userButton(theirs, 'Sam Suspended').waitFor();
    expect(app.pageErrors).toEqual([]);
  });

  it('makes a reset link that the person uses once to set a new password, signing out their other sessions', async () => {
    const email = uniqueEmail('lee');
    const account = await createPasswordAccount(app.url, { name: 'Lee Lost', email, password: 'old-secret' });
    const oldSession = await createSessionToken(app.server.database.db, account.id);
    const page = await bossPage();
    await page.goto('/admin');
    await page.getByLabel('Search by name or email').fill(email);
    const row = page.getByRole('row', { name: /Lee Lost/ });
    await row.getByRole('button', { name: 'Reset link' }).click();
    await page.getByRole('alertdialog', { name: 'Make a password reset link for Lee Lost?' }).waitFor();
    await page.getByRole('button', { name: 'Make link' }).click();
    const shown = page.getByRole('alertdialog', { name: 'Reset link for Lee Lost' });
    const url = await shown.getByLabel('Link').inputValue();
    expect(url).toMatch(new RegExp(`^${app.url}/reset-password#[\\w-]{43}$`));
    await expectNoSeriousA11yViolations(page, 'the reset link dialog');
    await shown.getByRole('button', { name: 'Close' }).click();
    await auditLog(page).getByText('password reset link', { exact: true }).waitFor();

    // The person opens it on a phone: the token leaves the address bar, the new password signs them in.
    const { page: theirs } = await app.newPage({ viewport: PHONE });
    await theirs.goto(url);
    await theirs.getByRole('heading', { name: 'Set a new password' }).waitFor();
    expect(new URL(theirs.url()).hash).toBe('');
    await expectNoSeriousA11yViolations(theirs, '/reset-password at 390 px');
    await theirs.getByLabel('New password', { exact: true }).fill('new-secret');
    await theirs.getByRole('button', { name: 'Set password' }).click();
    await theirs.getByText('Your new password is set. You are signed in.').waitFor();
    expect((await call(app.url, '/api/account', { cookie: oldSession })).status).toBe(401);

    // Used once: opened again, it says so.
    const { page: again } = await app.newPage();
    await again.goto(url);
    await again.getByLabel('New password', { exact: true }).fill('third-secret');
    await again.getByRole('button', { name: 'Set password' }).click();
    await again.getByText('This reset link has already been used. Ask support for a new one.').waitFor();
    expect(app.pageErrors).toEqual([]);
  });

  it('gives a person complimentary Pro until a day, which their membership page shows, and ends it', async () => {
    const db = app.server.database.db;
    const person = await createUser(db, { name: 'Gia Gift', email: uniqueEmail('gia') });
    const page = await bossPage();
    await page.goto('/admin');
    await page.getByLabel('Search by name or email').fill(person.email);
    const row = page.getByRole('row', { name: /Gia Gift/ });
    await row.getByRole('button', { name: 'Give Pro…' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Give Gia Gift Pro?' });
    await dialog.getByLabel('Pro until').fill('2030-06-15');
    await expectNoSeriousA11yViolations(page, 'the complimentary Pro dialog');
    await dialog.getByRole('button', { name: 'Give Pro' }).click();
    await page.getByText(/^Gia Gift has Pro until /).waitFor();
    await row.getByText('complimentary', { exact: true }).waitFor();
    await auditLog(page).getByText('grant complimentary pro', { exact: true }).waitFor();

    // The person's own membership page: Pro, its end date, and that it is a gift.
    const theirs = await pageWithSession(await createSessionToken(db, person.id));
    await theirs.goto('/membership');
    await theirs.getByRole('heading', { name: 'Pro Membership' }).waitFor();
    await theirs.getByText('Expires On').waitFor();
    await theirs.getByText('June 15, 2030').waitFor();
    await theirs.getByText('Complimentary Pro from the Turtle team: nothing is charged.').waitFor();

    page.once('dialog', (confirm) => void confirm.accept());
    await row.getByRole('button', { name: 'End complimentary Pro' }).click();
    await page.getByText('Gia Gift is on Free again.').waitFor();
    await theirs.reload();
    await theirs.getByRole('heading', { name: 'Free Membership' }).waitFor();
    expect(app.pageErrors).toEqual([]);
  });

  it('shows the replies, tokens and estimated cost of the assistant by model, plan, person and day', async () => {
    const { page: member, user } = await app.newPage({ signedIn: { name: 'Uma Usage' } });
    const asked = await call(app.url, '/api/chat/stream', {
      json: { messages: [{ role: 'user', content: 'What is an index fund?' }] },
      cookie: (await member.context().cookies()).find((cookie) => cookie.name === 'sid')!.value,
    });
    expect(asked.status).toBe(200);
    // A reply's usage is written within a quarter second of its end (docs/api.md "Administration").
    const db = app.server.database.db;
    await expect
      .poll(async () => (await db.select().from(replyUsage).where(eq(replyUsage.userId, user!.id))).length)
      .toBe(1);
    const page = await bossPage();
    await page.goto('/admin');
    const usage = page.locator('section[aria-labelledby="usage-heading"]');
    await usage.getByRole('heading', { name: 'Usage and cost' }).waitFor();
    await usage.getByText(/1 reply estimated from the text/).waitFor();
    const byModel = usage.getByRole('table', { name: 'By model' });
    const offline = byModel.getByRole('row', { name: /^offline/ });
    await offline.waitFor();
    expect(await offline.innerText()).toMatch(/\$\d/);
    await usage.getByRole('table', { name: 'Heaviest users' }).getByText(user!.email).waitFor();
    await usage.getByLabel('Period').selectOption('7');
    await usage.getByRole('table', { name: 'By day (UTC)' }).getByText(new Date().toISOString().slice(0, 10)).waitFor();
    await expectNoSeriousA11yViolations(page, 'usage and cost');
    expect(app.pageErrors).toEqual([]);
  });

  it('deletes a person only once their email is typed, and logs it', async () => {
    const db = app.server.database.db;
    const person = await createUser(db, { name: 'Del Gone', email: uniqueEmail('del') });
    const page = await bossPage();
    await page.goto('/admin');
    await page.getByLabel('Search by name or email').fill(person.email);
    const row = page.getByRole('row', { name: /Del Gone/ });
    await row.getByRole('button', { name: 'Delete…' }).click();
    const dialog = page.getByRole('alertdialog', { name: "Delete Del Gone's account?" });
    await dialog.getByLabel(`Type ${person.email} to confirm`).fill('not-their@email.test');
    await dialog.getByRole('button', { name: 'Delete for good' }).click();
    await page.getByText('That is not their email address, so nothing was deleted.').waitFor();
    await dialog.getByLabel(`Type ${person.email} to confirm`).fill(person.email);
    await expectNoSeriousA11yViolations(page, 'the delete dialog');
    await dialog.getByRole('button', { name: 'Delete for good' }).click();
    await page.getByText("Del Gone's account is deleted.").waitFor();
    await page.getByText('Nobody matches.').waitFor();
    await auditLog(page).getByText('delete account', { exact: true }).waitFor();
    expect(app.pageErrors).toEqual([]);
  });

  it('asks for the password again before a destructive action 15 minutes after it was entered', async () => {
    const db = app.server.database.db;
    const second = await createUser(db, {
      name: 'Sec Admin',
      email: uniqueEmail('sec'),
      role: ROLE_ADMINISTRATOR,
      passwordHash: await hashPassword('admin-secret'),
    });
    const token = await createSessionToken(db, second.id);
    await db
      .update(sessions)
      .set({ verifiedAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(sessions.id, hashSessionToken(token)));
    const person = await createUser(db, { name: 'Rex Reauth', email: uniqueEmail('rex') });
    const page = await pageWithSession(token);
    await page.goto('/admin');
    await page.getByLabel('Search by name or email').fill(person.email);
    const row = page.getByRole('row', { name: /Rex Reauth/ });
    const suspend = async () => {
      await row.getByRole('button', { name: 'Suspend…' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Suspend Rex Reauth?' });
      await dialog.getByLabel('Reason (shown to them when they try to sign in)').fill('Abuse.');
      await dialog.getByRole('button', { name: 'Suspend' }).click();
    };
    await suspend();
    const prompt = page.getByRole('alertdialog', { name: 'Confirm it is you' });
    await prompt.getByText('Enter your password again to do this: you last entered it over 15 minutes ago.').waitFor();
    await prompt.getByLabel('Your password').fill('admin-secret');
    await expectNoSeriousA11yViolations(page, 'the password prompt');
    await prompt.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Password confirmed. Do it again.').waitFor();
    await page.keyboard.press('Escape');
    await suspend();
    await page.getByText('Rex Reauth is suspended and signed out everywhere.').waitFor();
    expect(app.pageErrors).toEqual([]);
  });

  it('shows a member no "Admin" entry and no console at /admin', async () => {
    const { page } = await app.newPage({ signedIn: { name: 'Plain' } });
    await page.goto('/');
    await userButton(page, 'Plain').click();
    await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Admin' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Page not found.' }).waitFor();
    expect(await page.getByText('Audit log').count()).toBe(0);
  });

  it('fits a 390 px phone: "Admin" in the menu, the table scrolls inside its frame', async () => {
    const page = await bossPage(PHONE);
    await page.goto('/');
    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: 'Menu' }).click();
    await banner.getByRole('link', { name: 'Admin' }).click();
    await page.getByRole('heading', { name: 'Admin', level: 1 }).waitFor();
    await page.getByRole('row', { name: /Boss/ }).first().waitFor();
    const overflowX = await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
    expect(overflowX).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, '/admin at 390 px');
    // The table's far columns are reached by scrolling the table, not the page.
    const table = page.locator('section[aria-labelledby="people-heading"] table').locator('..');
    expect(await table.evaluate((frame) => frame.scrollWidth > frame.clientWidth)).toBe(true);
  });
});
