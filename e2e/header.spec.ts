import { describe, expect, it } from 'vitest';
import { call } from '../apps/server/test/support/http';
import { useE2eApp } from './support/e2e-app';

const app = useE2eApp();

const fontWeight = (element: Element) => getComputedStyle(element).fontWeight;

describe('header', () => {
  it('shows the logo and a Login button to /login when signed out', async () => {
    const { page } = await app.newPage();
    await page.goto('/features');
    await page.getByRole('link', { name: 'Turtle home' }).click();
    await page.waitForURL(`${app.url}/`);
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
    await page.waitForURL(`${app.url}/login`);
  });

  it('offers keyboard users a "Skip to content" link first', async () => {
    const { page } = await app.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    expect(await focused.innerText()).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(new URL(page.url()).hash).toBe('#main');
  });

  it('links to Chats and Notes and shows the current one in bold', async () => {
    const { page } = await app.newPage({ signedIn: true });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const chats = nav.getByRole('link', { name: 'Chats' });
    const notes = nav.getByRole('link', { name: 'Notes' });
    expect(await chats.evaluate(fontWeight)).not.toBe('700');

    // The header is drawn again as the new screen arrives: its style is read once it has settled.
    await chats.click();
    await page.waitForURL(`${app.url}/chats`);
    await expect.poll(() => chats.evaluate(fontWeight)).toBe('700');
    expect(await notes.evaluate(fontWeight)).not.toBe('700');

    await notes.click();
    await page.waitForURL(`${app.url}/notes`);
    await expect.poll(() => notes.evaluate(fontWeight)).toBe('700');
    expect(await chats.evaluate(fontWeight)).not.toBe('700');
  });

  it("shows the signed-in user's name with a menu of Account, Plan & billing, Test, Demo: Chat Input, Demo: Markdown and Logout", async () => {
    const { page } = await app.newPage({ signedIn: { name: 'Margaret' } });
    await page.goto('/');
    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: 'Margaret' }).click();
    const items = await page.getByRole('menuitem').allInnerTexts();
    expect(items.map((item) => item.trim())).toEqual([
      'Account',
      'Plan & billing',
      'Test',
      'Demo: Chat Input',
      'Demo: Markdown',
      'Logout',
    ]);
    expect(await banner.getByRole('link', { name: 'Login' }).count()).toBe(0);

    await page.getByRole('menuitem', { name: 'Test' }).click();
    await page.waitForURL(`${app.url}/test`);
    await banner.getByRole('button', { name: 'Margaret' }).click();
    await page.getByRole('menuitem', { name: 'Demo: Chat Input' }).click();
    await page.waitForURL(`${app.url}/demo/lexical_mentions`);
    await banner.getByRole('button', { name: 'Margaret' }).click();
    await page.getByRole('menuitem', { name: 'Demo: Markdown' }).click();
    await page.waitForURL(`${app.url}/demo/markdown`);
  });

  it('closes the menu on a click outside it', async () => {
    const { page } = await app.newPage({ signedIn: { name: 'Katherine' } });
    await page.goto('/features');
    await page.getByRole('button', { name: 'Katherine' }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor({ state: 'visible' });
    await page.mouse.click(20, 400);
    await menu.waitFor({ state: 'detached' });
    expect(page.url()).toBe(`${app.url}/features`);
  });

  it('logs out: the server session ends, the user is emptied and the visitor lands on /', async () => {
    const { page, sessionToken } = await app.newPage({ signedIn: { name: 'Dorothy' } });
    await page.goto('/notes');
    await page.getByRole('button', { name: 'Dorothy' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(`${app.url}/`);
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('turtle-store') ?? '{}'));
    expect(stored.state.user.id).toBe('');
    const replay = await call(app.url, '/api/user/status', { cookie: sessionToken });
    expect(replay.data).toEqual({});
  });

  it('keeps the user signed in and shows the alert bar when logging out fails', async () => {
    const { page } = await app.newPage({ signedIn: { name: 'Hedy' } });
    await page.goto('/notes');
    await page.route('**/api/user/logout', (route) => route.abort());
    await page.getByRole('button', { name: 'Hedy' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Could not log out. Check your connection and try again.');
    expect(page.url()).toBe(`${app.url}/notes`);
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await alert.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Hedy' }).waitFor();
  });
});
