import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './axe';
import { composer, typeText } from './chat-composer';
import { createCardViaApi } from './cards';
import { DESKTOP, PHONE, useE2eApp } from './e2e-app';
import { saveNoteViaApi } from './notes';
import { startCheckout } from './membership';
import { Plan } from '@turtle/shared/plans';
import { seedReviewHistory } from '../../apps/server/test/support/review-seed';

// Screens in small groups, so each test stays well inside its time on a busy machine.
const SIGNED_OUT = [
  ['/', '/features', '/pricing', '/lessons'],
  ['/login', '/signup', '/contact', '/no/such/page'],
];

/** The account screens and the analytics differ by plan (Free sees sample charts, Pro its own), so both are checked. */
const ACCOUNT_SCREENS = ['/account', '/account/billing', '/cards/analytics'];
const PLANS = [
  { name: 'Free', signedIn: { name: 'Ada' } },
  { name: 'Pro', signedIn: { name: 'Ada', plan: Plan.PRO, expireAt: -1 } },
] as const;

const SIGNED_IN = [
  ['/', '/chats', '/notes', '/note/new', '/note/:note'],
  ['/cards', '/cards/new', '/cards/review', '/cards/drafts', '/cards/import', '/cards/decks/:deck'],
  ['/lessons', '/learn/1', '/pricing', '/membership'],
  ['/test', '/demo/lexical_mentions', '/demo/lexical_mentions_v2', '/demo/markdown'],
];

/** Time for a group of screens, each opened and checked (axe takes a second or two per page here). */
const GROUP_TIMEOUT_MS = 150_000;

/** Opens `path` and waits until the screen has drawn itself: its heading, no skeleton, the network quiet. */
async function open(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'networkidle' });
  await settled(page);
}

async function settled(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.getByTestId('screen-skeleton').waitFor({ state: 'detached' });
  // Let entrance animations (150-200 ms) end, so colours are measured as they finally are.
  await page.waitForTimeout(300);
}

export const VIEWPORTS = {
  desktop: { name: '1280 px', viewport: DESKTOP },
  phone: { name: '390 px', viewport: PHONE },
} as const;

/**
 * axe-core finds no serious or critical violation on any screen or open state, signed out and signed in, at one
 * width. Each width is a spec file of its own (accessibility-desktop, accessibility-phone), so the two run side by
 * side and neither holds up the end of the layer.
 */
export function describeAccessibility({ name, viewport }: (typeof VIEWPORTS)[keyof typeof VIEWPORTS]) {
  const app = useE2eApp({ env: { TRUST_PROXY: 'true' } });
  describe(`accessibility at '${name}' (axe-core: no serious or critical violation)`, () => {
    it.each(SIGNED_OUT)(
      'signed-out screens %s and the rest of its group',
      async (...paths) => {
        const { page } = await app.newPage({ viewport });
        for (const path of paths) {
          await open(page, path);
          await expectNoSeriousA11yViolations(page, `${path} signed out`);
        }
      },
      GROUP_TIMEOUT_MS,
    );

    it.each(SIGNED_IN)(
      'signed-in screens %s and the rest of its group',
      async (...paths) => {
        const { page, sessionToken } = await app.newPage({ signedIn: true, viewport });
        const note = await saveNoteViaApi(app.url, sessionToken!, {
          name: 'Reading list',
          content: 'Thinking in Bets',
        });
        const { card } = await createCardViaApi(app.url, sessionToken!, 'Investing', {
          kind: 'basic',
          front: 'What is an index fund?',
          back: 'A fund that holds every stock of an index.',
        });
        for (const path of paths) {
          await open(page, path.replace(':note', note.id).replace(':deck', card.deckId));
          await expectNoSeriousA11yViolations(page, `${path} signed in`);
        }
      },
      GROUP_TIMEOUT_MS,
    );

    it.each(PLANS)(
      'the account, plan & billing and analytics screens as a $name member',
      async ({ name, signedIn }) => {
        const { page, user } = await app.newPage({ signedIn, viewport });
        // A review log, so the Pro member's charts draw their own figures (a Free member's show sample data).
        const day = Date.now() - 24 * 60 * 60 * 1000;
        await seedReviewHistory(app.server.database.db, user!.id, {
          deckName: 'Alpha',
          cards: [{ due: day + 2 * 24 * 60 * 60 * 1000, stability: 3, difficulty: 5 }],
          reviews: [{ card: 0, rating: 3, reviewedAt: day, durationMs: 30_000 }],
        });
        for (const path of ACCOUNT_SCREENS) {
          await open(page, path);
          await expectNoSeriousA11yViolations(page, `${path} as a ${name} member`);
        }
      },
      GROUP_TIMEOUT_MS,
    );

    it("the open user menu (on a phone, the header's Menu)", async () => {
      const { page } = await app.newPage({ signedIn: { name: 'Ada' }, viewport });
      await open(page, '/notes');
      const banner = page.getByRole('banner');
      if (viewport === PHONE) {
        await banner.getByRole('button', { name: 'Menu' }).click();
        await banner.getByRole('navigation', { name: 'Menu' }).waitFor();
        await expectNoSeriousA11yViolations(page, 'the phone menu');
      } else {
        await banner.getByRole('button', { name: 'Ada' }).click();
        await page.getByRole('menu').waitFor();
        await expectNoSeriousA11yViolations(page, 'the user menu');
      }
    });

    it('the chat: the @ menu, the conversation list on phones and the delete dialog', async () => {
      const { page, sessionToken } = await app.newPage({ signedIn: true, viewport });
      await saveNoteViaApi(app.url, sessionToken!, { name: 'Groceries', content: 'Milk, eggs' });
      await open(page, '/chats');
      await expectNoSeriousA11yViolations(page, 'the empty chat');

      await composer.editor(page).click();
      await typeText(page, '@Gro');
      await composer.options(page).first().waitFor();
      await expectNoSeriousA11yViolations(page, 'the @ menu');
      await page.keyboard.press('Escape');
      await composer.editor(page).fill('');

      await composer.editor(page).click();
      await typeText(page, 'What is on my list?');
      await composer.send(page).click();
      await page.getByRole('button', { name: 'Copy reply' }).waitFor({ timeout: 15_000 });
      await expectNoSeriousA11yViolations(page, 'a conversation with a reply');

      if (viewport === PHONE) {
        await page.getByRole('button', { name: 'Show conversations' }).click();
        await page.getByRole('dialog').waitFor();
        await expectNoSeriousA11yViolations(page, 'the conversation drawer');
      }
      await page
        .getByRole('button', { name: /^Delete "/ })
        .first()
        .click();
      await page.getByRole('alertdialog').waitFor();
      await expectNoSeriousA11yViolations(page, 'the delete-conversation dialog');
    });

    it('the delete-note dialog', async () => {
      // Edits to a note now save as they are typed, so the discard prompt shows only after a failed save
      // (notes-loop.spec.ts); the delete dialog is the note screen's one dialog.
      const { page, sessionToken } = await app.newPage({ signedIn: true, viewport });
      await saveNoteViaApi(app.url, sessionToken!, { name: 'Trip', content: 'Lisbon in May' });
      await open(page, '/notes');
      await page.getByRole('button', { name: 'Delete Trip' }).click();
      await page.getByRole('alertdialog').waitFor();
      await page.waitForTimeout(300);
      await expectNoSeriousA11yViolations(page, 'the delete-note dialog');
    });

    it('a success toast', async () => {
      const { page } = await app.newPage({ signedIn: true, viewport });
      await open(page, '/cards');
      await page.getByText('Review settings').click();
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.locator('[data-sonner-toast]').first().waitFor();
      await page.waitForTimeout(500);
      await expectNoSeriousA11yViolations(page, 'a success toast');
    });

    it('a card under review with its answer shown', async () => {
      const { page, sessionToken } = await app.newPage({ signedIn: true, viewport });
      await createCardViaApi(app.url, sessionToken!, 'Investing', {
        kind: 'basic',
        front: 'What is a bond?',
        back: 'A loan.',
      });
      await open(page, '/cards/review');
      await page.getByRole('button', { name: /Show answer/ }).click();
      await page.getByRole('group', { name: 'Grade' }).waitFor();
      await expectNoSeriousA11yViolations(page, 'the review with the answer shown');
    });

    it("the lesson player's Make cards menu", async () => {
      const { page } = await app.newPage({ signedIn: true, viewport });
      await open(page, '/learn/1');
      await page.getByRole('button', { name: 'Make cards' }).click();
      await page.getByRole('menu').waitFor();
      await expectNoSeriousA11yViolations(page, 'the Make cards menu');
    });

    it('the demo checkout', async () => {
      const { page } = await app.newPage({ signedIn: true, viewport });
      await startCheckout(page, app.url, 'Monthly');
      await expectNoSeriousA11yViolations(page, 'the demo checkout');
    });
  });
}
