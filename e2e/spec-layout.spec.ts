import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, useE2eApp } from './support/e2e-app';
import { sidewaysOverflow } from './support/notes';

// product.md §2 "Shared layout and header": "The main area is at most 4xl wide" (docs/spec-conformance.md). The landing,
// features, login and signup pages draw full-width coloured bands (decisions 005 and 007), so there the content is
// measured: every heading, paragraph, link, button and picture lies in the centred 4xl column.
const app = useE2eApp({ env: { TRUST_PROXY: 'true' } });

/** 4xl in Tailwind: 56rem. */
const MAX_4XL_PX = 56 * 16;

const SIGNED_OUT = ['/pricing', '/lessons', '/no/such/page'];
const SIGNED_IN = ['/notes', '/note/new', '/membership', '/test', '/demo/lexical_mentions', '/demo/markdown'];

for (const viewport of [DESKTOP, PHONE]) {
  describe(`the main layout at ${viewport.width} px`, () => {
    it('keeps its main area at most 4xl wide, centred, within the screen', async () => {
      const signedOut = (await app.newPage({ viewport })).page;
      const signedIn = (await app.newPage({ signedIn: true, viewport })).page;
      for (const [page, path] of [
        ...SIGNED_OUT.map((path) => [signedOut, path] as const),
        ...SIGNED_IN.map((path) => [signedIn, path] as const),
      ]) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        // The layout with the footer.
        expect(await page.getByRole('contentinfo').count(), path).toBe(1);
        const main = (await page.getByRole('main').boundingBox())!;
        expect(main.width, path).toBeLessThanOrEqual(Math.min(MAX_4XL_PX, viewport.width));
        const left = main.x;
        const right = viewport.width - (main.x + main.width);
        expect(Math.abs(left - right), `${path} centred`).toBeLessThanOrEqual(1);
        expect(await sidewaysOverflow(page), path).toBeLessThanOrEqual(0);
      }
      expect(app.pageErrors).toEqual([]);
    }, 120_000);
  });
}

/** The widest left and right edges of what a person reads or uses inside <main>. */
const contentEdges = () => {
  const boxes = [...document.querySelectorAll('main :is(h1, h2, h3, p, a, button, li, img, svg, input, form)')]
    .map((element) => element.getBoundingClientRect())
    .filter((box) => box.width > 0 && box.height > 0);
  return { left: Math.min(...boxes.map((box) => box.left)), right: Math.max(...boxes.map((box) => box.right)) };
};

describe('the full-width pages at 1280 px', () => {
  it('keep their content in the centred 4xl column, signed out and (/) signed in', async () => {
    const signedOut = (await app.newPage({ viewport: DESKTOP })).page;
    const signedIn = (await app.newPage({ signedIn: true, viewport: DESKTOP })).page;
    for (const [page, path] of [
      [signedOut, '/'],
      [signedOut, '/features'],
      [signedOut, '/login'],
      [signedOut, '/signup'],
      [signedIn, '/'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      if (page === signedIn) await page.getByRole('region', { name: 'Recent notes' }).waitFor();
      await page.waitForLoadState('networkidle');
      const { left, right } = await page.evaluate(contentEdges);
      const column = { left: (DESKTOP.width - MAX_4XL_PX) / 2, right: (DESKTOP.width + MAX_4XL_PX) / 2 };
      expect(left, `${path} left edge`).toBeGreaterThanOrEqual(column.left - 1);
      expect(right, `${path} right edge`).toBeLessThanOrEqual(column.right + 1);
    }
    expect(app.pageErrors).toEqual([]);
  }, 120_000);
});
