import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { measureLandingJs } from '../scripts/bench/landing-size.mjs';
import { PHONE, useE2eApp } from './support/e2e-app';

const app = useE2eApp();

/** Vite's build manifest: each source's chunk, and what it imports. */
const readManifest = () =>
  JSON.parse(fs.readFileSync(new URL('../apps/web/dist/.vite/manifest.json', import.meta.url), 'utf8')) as Record<
    string,
    { file: string; imports?: string[]; dynamicImports?: string[] }
  >;

describe('landing and features pages', () => {
  it('lead a visitor to sign up or try a lesson', async () => {
    const { page } = await app.newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Get started free' }).first().click();
    await page.waitForURL(`${app.url}/signup`);
    await page.goBack();
    await page.getByRole('link', { name: 'Try a lesson' }).click();
    await page.waitForURL(`${app.url}/lessons`);
  });

  it('load only what the landing page shows: no menu, toast, sign-in or other screens', async () => {
    const { page } = await app.newPage();
    const scripts: string[] = [];
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.some((src) => /index-.*\.js$/.test(src))).toBe(true);
    expect(scripts.some((src) => /landing-page-.*\.js$/.test(src))).toBe(true);
    // The sign-in screens (and the form and schema libraries only they use) stay out too.
    expect(
      scripts.filter((src) => /user-menu|toast-host|screens|features-page|login|signup|sign-in/.test(src)),
    ).toEqual([]);
    // The app's stylesheet is inside index.html (decision 023): no request for it, and the page is styled.
    expect(stylesheets).toEqual([]);
    expect(await page.locator('header').evaluate((header) => getComputedStyle(header).position)).toBe('sticky');
  });

  it('keep the JavaScript the landing page loads under its 120 KiB goal (gzip)', () => {
    // docs/decisions/004-landing-bundle-budget.md; `npm run bench` prints the same figure, chunk by chunk.
    const landing = measureLandingJs();
    expect(landing.gzip, JSON.stringify(landing.sizes)).toBeLessThan(landing.goal);
  });

  it("run React's production build, as a deployment serves it, whatever NODE_ENV built it", async () => {
    const { page } = await app.newPage();
    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.push(await response.text());
    });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(1);
    // A warning only React's development build carries (CI's tests once ran on one, built under Vitest's NODE_ENV).
    expect(scripts.filter((source) => source.includes('Each child in a list should have a unique'))).toEqual([]);
  });

  it('show the header and a skeleton from index.html alone while the app is still on its way', async () => {
    // Decisions 020 and 023: index.html holds the stylesheet and the shell, so they need no other file. Decision 026:
    // the entry paints that shell before it starts the app, so the app's chunk is held here, not the entry.
    const { page } = await app.newPage({ viewport: PHONE });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/start-app-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    const logo = page.getByRole('link', { name: 'Turtle home' });
    await logo.waitFor();
    expect(await logo.boundingBox()).toMatchObject({ height: 32 });
    expect(await page.getByRole('status').first().innerText()).toBe('Loading…');
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0);
    // Something with text is painted (the phone header's "Menu"), where the real button will be.
    const shellMenu = page.getByText('Menu', { exact: true });
    const shellBox = await shellMenu.boundingBox();
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length === 1);

    release();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'Menu' }).boundingBox()).toEqual(shellBox);
    // The entry imports the app only dynamically (after that paint), and the page preloads it at low priority.
    const manifest = readManifest();
    const entry = manifest['index.html']!;
    const appChunks = entry.dynamicImports!.map((key) => manifest[key]!.file);
    expect(appChunks).toEqual([expect.stringMatching(/^assets\/start-app-/)]);
    expect(entry.imports!.map((key) => manifest[key]!.file)).not.toContain(appChunks[0]);
    expect(await page.locator(`link[rel=modulepreload][href="/${appChunks[0]}"]`).getAttribute('fetchpriority')).toBe(
      'low',
    );
    expect(app.pageErrors).toEqual([]);
  });

  it("serve the chunks a page runs as it loads with Chromium's compile hint on their first line, and no others", async () => {
    const manifest = readManifest();
    const firstLine = async (key: string) => {
      // As a browser gets it: the server sends the precompressed copy, which fetch unpacks.
      const response = await fetch(`${app.url}/${manifest[key]!.file}`, { headers: { 'accept-encoding': 'br' } });
      expect(response.headers.get('content-encoding')).toBe('br');
      return (await response.text()).split('\n', 1)[0];
    };
    const hint = '//# allFunctionsCalledOnLoad';
    // The app chunk: the one the entry imports.
    expect(await firstLine(manifest['index.html']!.dynamicImports![0]!)).toBe(hint);
    expect(await firstLine('src/features/marketing/landing-page.tsx')).toBe(hint);
    expect(await firstLine('src/features/chat/components/chats-screen.tsx')).toBe(hint);
    expect(await firstLine('src/features/lessons/components/lesson-player-screen.tsx')).toBe(hint);
    // The composer loads after the chat screen has settled: its functions stay compiled as they are called.
    expect(await firstLine('src/features/chat/composer/composer.tsx')).not.toBe(hint);
  });

  it('fit a 390 px phone screen without sideways scrolling', async () => {
    const { page } = await app.newPage({ viewport: PHONE });
    for (const path of ['/', '/features']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    expect(app.pageErrors).toEqual([]);
  });
});
