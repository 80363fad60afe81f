import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { field, uniqueEmail } from './support/accounts';
import { DESKTOP, PHONE, useE2eApp } from './support/e2e-app';
import { sidewaysOverflow } from './support/notes';

// Decision 019: a header that reaches every section, at 1280 px and in the phone's Menu at 390 px.
const app = useE2eApp({ env: { TRUST_PROXY: 'true' } });

const banner = (page: Page) => page.getByRole('banner');
const mainNavLinks = (page: Page) => banner(page).getByRole('navigation', { name: 'Main' }).getByRole('link');
const menuButton = (page: Page) => banner(page).getByRole('button', { name: 'Menu' });
const menu = (page: Page) => banner(page).getByRole('navigation', { name: 'Menu' });
const texts = async (page: Page, links: ReturnType<typeof mainNavLinks>) =>
  (await links.allInnerTexts()).map((text) => text.trim());

describe('the header at 1280 px', () => {
  it('signed out: Chats, Notes, Features, Pricing, Lessons, Login and Sign up; Login on the login page too, no Sign up on the signup page', async () => {
    const { page } = await app.newPage();
    await page.goto('/');
    await mainNavLinks(page).first().waitFor();
    expect(await texts(page, mainNavLinks(page))).toEqual(['Chats', 'Notes', 'Features', 'Pricing', 'Lessons']);
    expect(await menuButton(page).isVisible()).toBe(false);
    await banner(page).getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL(`${app.url}/pricing`);
    await banner(page).getByRole('link', { name: 'Login' }).click();
    await page.waitForURL(`${app.url}/login`);
    await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();
    // product.md §2: signed out, a Login button to /login, on the login page itself too.
    expect(await banner(page).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    await banner(page).getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL(`${app.url}/signup`);
    expect(await banner(page).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(await banner(page).getByRole('link', { name: 'Sign up' }).count()).toBe(0);
    expect(app.pageErrors).toEqual([]);
  });

  it('after signup the new member lands on / (product.md §2), their home, which offers their work, not "Get started free"', async () => {
    const { page } = await app.newPage();
    await page.goto('/signup');
    await field(page, 'Name').fill('Lin');
    await field(page, 'Email').fill(uniqueEmail('lin'));
    await field(page, 'Password').fill('a good password');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.waitForURL(`${app.url}/`);
    expect(await texts(page, mainNavLinks(page))).toEqual(['Chats', 'Notes', 'Lessons', 'Cards']);
    await banner(page).getByRole('link', { name: 'Lessons' }).click();
    await page.waitForURL(`${app.url}/lessons`);

    await page.goto('/');
    const hero = page.getByRole('region', { name: 'An AI study partner that reads your notes' });
    await hero.getByRole('link', { name: 'Open your chats' }).waitFor();
    expect(await page.getByRole('link', { name: 'Get started free' }).count()).toBe(0);
    await hero.getByRole('link', { name: 'Open your chats' }).click();
    await page.waitForURL(`${app.url}/chats`);
    expect(app.pageErrors).toEqual([]);
  });

  it('a signed-in visitor of /login goes to / (rules.md)', async () => {
    const { page } = await app.newPage({ signedIn: true });
    await page.goto('/login');
    await page.waitForURL(`${app.url}/`);
  });
});

describe('the header on a 390 px phone', () => {
  it('signed out: one Menu disclosure reaches Chats, Notes, Features, Pricing, Lessons, Login (on the login page too) and Sign up', async () => {
    const { page } = await app.newPage({ viewport: PHONE });
    await page.goto('/');
    expect(await mainNavLinks(page).first().isVisible()).toBe(false);
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');
    await menuButton(page).click();
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('true');
    expect(await texts(page, menu(page).getByRole('link'))).toEqual([
      'Chats',
      'Notes',
      'Features',
      'Pricing',
      'Lessons',
      'Login',
      'Sign up',
    ]);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    // Escape closes it and gives focus back to the button.
    await page.keyboard.press('Escape');
    await menu(page).waitFor({ state: 'hidden' });
    expect(await menuButton(page).evaluate((button) => button === document.activeElement)).toBe(true);
    await menuButton(page).click();
    await menu(page).getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL(`${app.url}/pricing`);
    // Choosing closes the menu.
    await menu(page).waitFor({ state: 'hidden' });
    // Back on the page it was opened on, it is still closed (it once reopened there, covering the page).
    await banner(page).getByRole('link', { name: 'Turtle home' }).click();
    await page.waitForURL(`${app.url}/`);
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('false');
    expect(await menu(page).isVisible()).toBe(false);
    await menuButton(page).click();
    await menu(page).getByRole('link', { name: 'Login' }).click();
    await page.waitForURL(`${app.url}/login`);
    await menuButton(page).click();
    // product.md §2: the Login entry is there on the login page itself too.
    expect(await texts(page, menu(page).getByRole('link'))).toEqual([
      'Chats',
      'Notes',
      'Features',
      'Pricing',
      'Lessons',
      'Login',
      'Sign up',
    ]);
    expect(await menu(page).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    await menu(page).getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL(`${app.url}/signup`);
    await menu(page).waitFor({ state: 'hidden' });
    await menuButton(page).click();
    // No Sign up entry on the signup page.
    expect(await texts(page, menu(page).getByRole('link'))).toEqual([
      'Chats',
      'Notes',
      'Features',
      'Pricing',
      'Lessons',
      'Login',
    ]);
    expect(app.pageErrors).toEqual([]);
  });

  it('signed in: the Menu reaches every section, the account pages, the spec entries and Logout', async () => {
    const { page } = await app.newPage({ signedIn: { name: 'Kim' }, viewport: PHONE });
    await page.goto('/chats');
    await menuButton(page).click();
    expect(await texts(page, menu(page).getByRole('link'))).toEqual([
      'Chats',
      'Notes',
      'Lessons',
      'Cards',
      'Account',
      'Plan & billing',
      'Test',
      'Demo: Chat Input',
      'Demo: Markdown',
    ]);
    await menu(page).getByRole('group', { name: 'Kim' }).waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    for (const [name, path] of [
      ['Notes', '/notes'],
      ['Lessons', '/lessons'],
      ['Cards', '/cards'],
    ] as const) {
      if (!(await menu(page).isVisible())) await menuButton(page).click();
      await menu(page)
        .getByRole('link', { name: new RegExp(`^${name}`) })
        .click();
      await page.waitForURL(`${app.url}${path}`);
      await menu(page).waitFor({ state: 'hidden' });
      // The header has drawn the new page (its link is current): a Menu opened before that would close with it. The
      // header's main links (hidden on a phone) tell it.
      await page
        .locator('nav[aria-label="Main"] a[aria-current="page"]')
        .filter({ hasText: name })
        .waitFor({ state: 'attached' });
    }
    // A click outside closes it (on the header's own bar, away from the button).
    await menuButton(page).click();
    await menu(page).waitFor();
    await page.mouse.click(150, 30);
    await menu(page).waitFor({ state: 'hidden' });
    await menuButton(page).click();
    await menu(page).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${app.url}/`);
    await menuButton(page).click();
    await menu(page).getByRole('link', { name: 'Sign up' }).waitFor();
    expect(app.pageErrors).toEqual([]);
  });
});

describe.each([
  ['1280 px', DESKTOP],
  ['390 px', PHONE],
] as const)('the chat at %s', (_width, viewport) => {
  it('keeps the header and its way to Lessons', async () => {
    const { page } = await app.newPage({ signedIn: true, viewport });
    await page.goto('/chats');
    if (viewport === PHONE) await menuButton(page).click();
    const lessons =
      viewport === PHONE
        ? menu(page).getByRole('link', { name: 'Lessons' })
        : mainNavLinks(page).filter({ hasText: 'Lessons' });
    await lessons.click();
    await page.waitForURL(`${app.url}/lessons`);
  });
});
