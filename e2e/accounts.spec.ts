import { describe, expect, it } from 'vitest';
import {
  createPasswordAccount,
  expectFieldError,
  field,
  logIn,
  loginLink,
  uniqueEmail,
  userButton,
} from './support/accounts';
import { PHONE, useE2eApp } from './support/e2e-app';

// Each browser context claims its own address (X-Forwarded-For), so the per-IP rate limits stay per test.
const app = useE2eApp({ env: { TRUST_PROXY: 'true' } });

const PASSWORD = 'correct horse';

describe('signing up', () => {
  it('shows each rule under its field, then creates the account, signs in and lands on /', async () => {
    const { page } = await app.newPage();
    const signups: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/user/signup')) signups.push(request.url());
    });
    await page.goto('/');
    await page.getByRole('link', { name: 'Get started free' }).first().click();
    await page.getByRole('heading', { name: 'Join Turtle today', level: 1 }).waitFor();
    const signUp = page.getByRole('button', { name: 'Sign up', exact: true });

    await signUp.click();
    await expectFieldError(page, 'Name', 'Enter name');
    await expectFieldError(page, 'Email', 'Enter email');
    await expectFieldError(page, 'Password', 'Enter password');
    // The first wrong field gets the focus.
    expect(await field(page, 'Name').evaluate((input) => input === document.activeElement)).toBe(true);

    // After the first try, each field re-checks as it is typed in.
    await field(page, 'Name').fill('A');
    await expectFieldError(page, 'Name', 'Name must have 2 characters or more');
    await field(page, 'Name').fill('A'.repeat(31));
    await expectFieldError(page, 'Name', 'Name must have 30 characters or less');
    await field(page, 'Email').fill('nope');
    await expectFieldError(page, 'Email', "Doesn't look like email");
    await field(page, 'Password').fill('12345');
    await expectFieldError(page, 'Password', 'Password must have 6 characters or more');
    expect(signups).toEqual([]);

    const email = uniqueEmail('ada');
    await field(page, 'Name').fill('Ada Lovelace');
    await field(page, 'Email').fill(email);
    await field(page, 'Password').fill(PASSWORD);
    await expectFieldError(page, 'Name', null);
    await expectFieldError(page, 'Email', null);
    await expectFieldError(page, 'Password', null);
    await signUp.click();

    await page.getByText('Account created').waitFor();
    await page.waitForURL(`${app.url}/`);
    await userButton(page, 'Ada Lovelace').waitFor();
    expect(signups).toHaveLength(1);

    // Logging out from the user menu, on a screen that needs a user: back home with the Login button.
    await page.goto('/notes');
    await page.getByRole('heading', { name: 'Your Notes' }).waitFor();
    await userButton(page, 'Ada Lovelace').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(`${app.url}/`);
    await loginLink(page).waitFor();
    expect(app.pageErrors).toEqual([]);
  });

  it('says "Email already in use" under Email for an email that has an account, whatever its case', async () => {
    const email = uniqueEmail('grace');
    await createPasswordAccount(app.url, { name: 'Grace Hopper', email, password: PASSWORD });
    const { page } = await app.newPage();
    await page.goto('/signup');
    await field(page, 'Name').fill('Another Grace');
    await field(page, 'Email').fill(email.toUpperCase());
    await field(page, 'Password').fill('another password');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expectFieldError(page, 'Email', 'Email already in use');
    expect(page.url()).toBe(`${app.url}/signup`);
    await loginLink(page).waitFor();

    // The way to the login screen instead.
    await page.getByRole('link', { name: 'Log in now' }).click();
    await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();
    expect(page.url()).toBe(`${app.url}/login`);
  });
});

describe('logging in', () => {
  it('names the wrong field, then signs in, and the session survives a reload', async () => {
    const email = uniqueEmail('katherine');
    await createPasswordAccount(app.url, { name: 'Katherine', email, password: PASSWORD });
    const { page } = await app.newPage();
    await page.goto('/');
    await loginLink(page).click();
    await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();

    // product.md §2: the "Forgot your password?" link exists but is hidden.
    const forgot = page.locator('a', { hasText: 'Forgot your password?' });
    expect(await forgot.count()).toBe(1);
    expect(await forgot.isVisible()).toBe(false);

    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expectFieldError(page, 'Email', 'Enter email');
    await expectFieldError(page, 'Password', 'Enter password');

    await logIn(page, uniqueEmail('nobody'), PASSWORD);
    await expectFieldError(page, 'Email', 'Email not found');
    await expectFieldError(page, 'Password', null);

    await logIn(page, email, 'wrong password');
    await expectFieldError(page, 'Password', 'Incorrect password');
    await expectFieldError(page, 'Email', null);

    // The eye button shows what was typed, and hides it again.
    const password = field(page, 'Password');
    await password.fill(PASSWORD);
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');

    // Emails are matched whatever their case.
    await logIn(page, email.toUpperCase(), PASSWORD);
    await page.waitForURL(`${app.url}/`);
    await userButton(page, 'Katherine').waitFor();

    // Listening before the reload: the app asks for its status as it starts, which may be before the reload resolves.
    const status = page.waitForResponse((response) => response.url().endsWith('/api/user/status'));
    await page.reload();
    await status;
    await userButton(page, 'Katherine').waitFor();
    await page.goto('/notes');
    await page.getByRole('heading', { name: 'Your Notes' }).waitFor();
    expect(app.pageErrors).toEqual([]);
  });

  it('disables the button and shows a spinner while the login call runs', async () => {
    const email = uniqueEmail('hedy');
    await createPasswordAccount(app.url, { name: 'Hedy', email, password: PASSWORD });
    const { page } = await app.newPage();
    await page.goto('/login');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/user/login', async (route) => {
      await held;
      await route.continue();
    });
    await logIn(page, email, PASSWORD);
    const button = page.getByRole('button', { name: 'Log in', exact: true });
    await expect.poll(() => button.isDisabled()).toBe(true);
    expect(await button.getAttribute('aria-busy')).toBe('true');
    release();
    await page.waitForURL(`${app.url}/`);
    await userButton(page, 'Hedy').waitFor();
  });

  it('shows the wait in the alert bar once failed tries for one account begin to be throttled', async () => {
    const { page } = await app.newPage();
    await page.goto('/login');
    const email = uniqueEmail('guesser');
    await field(page, 'Email').fill(email);
    const button = page.getByRole('button', { name: 'Log in', exact: true });
    // The first failures pass (docs/decisions/013); then each one makes the next attempt wait.
    for (let attempt = 1; attempt <= 5; attempt++) {
      await field(page, 'Password').fill(`guess ${attempt}`);
      const answer = page.waitForResponse((response) => response.url().endsWith('/api/user/login'));
      await button.click();
      expect((await answer).status(), `attempt ${attempt}`).toBe(401);
    }
    // The wait doubles with each failure: a slow page that misses one still meets the next.
    let status = 0;
    for (let attempt = 6; attempt <= 9 && status !== 429; attempt++) {
      await field(page, 'Password').fill(`guess ${attempt}`);
      const answer = page.waitForResponse((response) => response.url().endsWith('/api/user/login'));
      await button.click();
      status = (await answer).status();
    }
    expect(status).toBe(429);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/^Too many attempts\. Please wait \d+ seconds? and try again\.$/);
    expect(await page.getByRole('button', { name: 'Log in', exact: true }).isEnabled()).toBe(true);

    // Another visitor, from another address, is not held back.
    const other = uniqueEmail('other');
    await createPasswordAccount(app.url, { name: 'Other', email: other, password: PASSWORD });
    const second = (await app.newPage()).page;
    await second.goto('/login');
    await logIn(second, other, PASSWORD);
    await userButton(second, 'Other').waitFor();
  });
});

describe('screens that need a user', () => {
  it('send a signed-out visitor to log in, then back to where they were going', async () => {
    const email = uniqueEmail('margaret');
    await createPasswordAccount(app.url, { name: 'Margaret', email, password: PASSWORD });
    const { page } = await app.newPage();
    await page.goto('/notes');
    await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();
    expect(page.url()).toBe(`${app.url}/login?next=%2Fnotes`);
    // The way to sign up keeps the destination too.
    expect(await page.getByRole('link', { name: 'Sign up now' }).getAttribute('href')).toBe('/signup?next=%2Fnotes');

    await logIn(page, email, PASSWORD);
    await page.waitForURL(`${app.url}/notes`);
    await page.getByRole('heading', { name: 'Your Notes' }).waitFor();
    await userButton(page, 'Margaret').waitFor();
  });

  it('keep a signed-in visitor on the screen across a reload, and send them away from login and signup', async () => {
    const { page } = await app.newPage({ signedIn: { name: 'Barbara' } });
    await page.goto('/notes?view=all');
    await page.getByRole('heading', { name: 'Your Notes' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Your Notes' }).waitFor();
    expect(page.url()).toBe(`${app.url}/notes?view=all`);

    for (const path of ['/login', '/signup', '/login?next=%2Fnotes']) {
      await page.goto(path);
      const expected = path.includes('next') ? '/notes' : '/';
      await page.waitForURL(`${app.url}${expected}`);
    }
  });

  it('never follow a next address that leaves the site', async () => {
    const email = uniqueEmail('frances');
    await createPasswordAccount(app.url, { name: 'Frances', email, password: PASSWORD });
    const { page } = await app.newPage();
    await page.goto(`/login?next=${encodeURIComponent('//evil.test/notes')}`);
    await logIn(page, email, PASSWORD);
    await page.waitForURL(`${app.url}/`);
    await userButton(page, 'Frances').waitFor();
  });
});

describe('on a 390 px phone', () => {
  it('the login and signup forms fit the screen and work', async () => {
    const { page } = await app.newPage({ viewport: PHONE });
    for (const [path, heading] of [
      ['/login', 'Log in'],
      ['/signup', 'Join Turtle today'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      for (const label of ['Email', 'Password']) {
        const box = (await field(page, label).boundingBox())!;
        expect(box.x, `${path} ${label}`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${path} ${label}`).toBeLessThanOrEqual(PHONE.width);
        expect(box.width, `${path} ${label}`).toBeGreaterThan(PHONE.width * 0.7);
      }
    }

    const signUp = page.getByRole('button', { name: 'Sign up', exact: true });
    await field(page, 'Name').fill('Mary');
    await field(page, 'Email').fill(uniqueEmail('mary'));
    await field(page, 'Password').fill(PASSWORD);
    const box = (await signUp.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    await signUp.click();
    await page.waitForURL(`${app.url}/`);
    // On a phone the name heads the header's Menu (decision 019).
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('group', { name: 'Mary' }).waitFor();
    expect(app.pageErrors).toEqual([]);
  });
});
