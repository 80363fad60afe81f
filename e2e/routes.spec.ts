import { describe, expect, it } from 'vitest';
import { useE2eApp } from './support/e2e-app';

const app = useE2eApp();

/**
 * product.md §2's route table: each route's screen and its layout.
 * `signedOut` screens are the ones a signed-in visitor is sent away from (rules.md "Sessions and routes").
 */
const ROUTES: { path: string; heading: string; title: string; layout: 'main' | 'bare'; signedOut?: true }[] = [
  { path: '/', heading: 'An AI study partner that reads your notes', title: '', layout: 'main', signedOut: true },
  // Signed in, / opens on the person's home above the pitch (decision 019).
  { path: '/', heading: 'Welcome back, Grace', title: '', layout: 'main' },
  { path: '/features', heading: 'Everything Turtle does', title: 'Features', layout: 'main' },
  { path: '/pricing', heading: 'Start free. Go Pro when you need more.', title: 'Pricing', layout: 'main' },
  { path: '/login', heading: 'Log in', title: 'Log in', layout: 'main', signedOut: true },
  { path: '/signup', heading: 'Join Turtle today', title: 'Sign up', layout: 'main', signedOut: true },
  { path: '/test', heading: 'Streaming test', title: 'Test', layout: 'main' },
  { path: '/demo/lexical_mentions', heading: 'Demo: Chat Input', title: 'Demo: Chat Input', layout: 'main' },
  { path: '/demo/lexical_mentions_v2', heading: 'Demo: Chat Input (v2)', title: 'Demo: Chat Input', layout: 'bare' },
  { path: '/demo/markdown', heading: 'Demo: Markdown', title: 'Demo: Markdown', layout: 'main' },
  { path: '/lessons', heading: 'Investing basics', title: 'Lessons', layout: 'main' },
  { path: '/learn/1', heading: 'Why invest? The power of compounding', title: 'Lesson', layout: 'bare' },
  // Without a checkout to confirm, the payment page ends on the membership page (product.md §8).
  { path: '/payment/success', heading: 'Free Membership', title: 'Membership', layout: 'main' },
  { path: '/membership', heading: 'Free Membership', title: 'Membership', layout: 'main' },
  // The chat fills the window under the header (product.md §2 "Chat screen"): the footer below it made the page scroll.
  { path: '/chats', heading: 'New chat', title: 'Chats', layout: 'bare' },
  { path: '/notes', heading: 'Your Notes', title: 'Notes', layout: 'main' },
  { path: '/note/new', heading: 'New note', title: 'New note', layout: 'main' },
  { path: '/note/some-id', heading: 'Note not found', title: 'Note', layout: 'main' },
  { path: '/cards', heading: 'Flashcards', title: 'Flashcards', layout: 'main' },
  { path: '/cards/review', heading: 'Review', title: 'Review', layout: 'main' },
  { path: '/cards/drafts', heading: 'Drafts', title: 'Drafts', layout: 'main' },
  { path: '/cards/new', heading: 'New card', title: 'New card', layout: 'main' },
  { path: '/cards/import', heading: 'Import cards', title: 'Import cards', layout: 'main' },
  { path: '/contact', heading: 'Contact us', title: 'Contact us', layout: 'main' },
  { path: '/no/such/page', heading: 'Page not found.', title: 'Page not found', layout: 'main' },
];

/** rules.md "Sessions and routes": the screens that need a signed-in user. */
const GUARDED = [
  '/chats',
  '/notes',
  '/note/new',
  '/note/some-id',
  '/membership',
  '/payment/success?cs_id=cs_1',
  '/learn/1',
  '/test',
  '/demo/lexical_mentions',
  '/demo/lexical_mentions_v2',
  '/demo/markdown',
  '/cards',
  '/cards/review',
  '/cards/drafts',
  '/cards/new',
  '/cards/import',
  '/cards/decks/some-id',
  '/cards/edit/some-id',
];

describe('the route table', () => {
  it('renders every route with its screen, layout and tab title', async () => {
    const signedIn = (await app.newPage({ signedIn: true })).page;
    const signedOut = (await app.newPage()).page;
    for (const route of ROUTES) {
      const page = route.signedOut ? signedOut : signedIn;
      await page.goto(route.path);
      const heading = page.getByRole('heading', { level: 1 });
      await heading.waitFor();
      expect(await heading.innerText(), route.path).toBe(route.heading);
      const title = route.title ? `${route.title} · Turtle` : 'Turtle: an AI study partner that reads your notes';
      await page.waitForFunction((expected) => document.title === expected, title);
      expect(await page.getByRole('banner').count(), `${route.path} header`).toBe(1);
      const footers = await page.getByRole('contentinfo').count();
      expect(footers, `${route.path} footer`).toBe(route.layout === 'main' ? 1 : 0);
    }
    expect(app.pageErrors).toEqual([]);
    // About 30 screens, each loaded cold: room for a busy machine; the speed of each lives in the bench.
  }, 180_000);

  it('sends a signed-out visitor of every screen that needs a user to the login page, remembering where to', async () => {
    const { page } = await app.newPage();
    for (const path of GUARDED) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'Log in', level: 1 }).waitFor();
      expect(page.url(), path).toBe(`${app.url}/login?${new URLSearchParams({ next: path })}`);
    }
    for (const path of ['/', '/features', '/pricing', '/lessons', '/login', '/signup']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(page.url(), path).toBe(`${app.url}${path}`);
    }
  });

  it('shows the not-found page with a way home for an unknown address', async () => {
    const { page } = await app.newPage();
    await page.goto('/definitely/not/here');
    await page.getByText('Page not found.').waitFor();
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await page.waitForURL(`${app.url}/`);
  });

  it('navigates between screens without reloading the page', async () => {
    const { page } = await app.newPage();
    await page.goto('/');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.getByRole('link', { name: 'See all features' }).click();
    await page.getByRole('heading', { name: 'Everything Turtle does' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
  });
});
