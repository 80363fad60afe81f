import { describe, expect, it } from 'vitest';
import type { CardSettings } from '@turtle/shared/cards-review';
import { call } from '../apps/server/test/support/http';
import { expectNoSeriousA11yViolations } from './support/axe';
import { DESKTOP, PHONE, useE2eApp } from './support/e2e-app';
import { sidewaysOverflow } from './support/notes';

// docs/decisions/043-daily-load.md: load balancing, easy days and the review order in the review settings.

const app = useE2eApp();

describe('daily load settings', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`set load balancing, easy days and the review order, saved and shown again (${viewport.width} px)`, async () => {
      const { page, sessionToken } = await app.newPage({ signedIn: true, viewport });
      await page.goto('/cards');
      await page.getByText('Review settings').click();
      const balancing = page.getByRole('checkbox', { name: /Load balancing/ });
      await balancing.waitFor();
      expect(await balancing.isChecked()).toBe(true);
      await page.getByRole('combobox', { name: 'Sunday' }).selectOption('Minimum');
      await page.getByRole('combobox', { name: 'Saturday' }).selectOption('Reduced');
      await page.getByRole('combobox', { name: 'Review order' }).selectOption('Retrievability ascending');
      await expectNoSeriousA11yViolations(page, `the daily load settings at ${viewport.width} px`);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `screenshots/cards-daily-load-${viewport.width}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Review settings saved.').waitFor();

      const saved = (await call(app.url, '/api/cards/settings', { cookie: sessionToken! })).data as {
        settings: CardSettings;
      };
      expect(saved.settings).toMatchObject({
        loadBalancing: true,
        easyDays: ['normal', 'normal', 'normal', 'normal', 'normal', 'reduced', 'minimum'],
        reviewOrder: 'retrievability',
      });

      await page.reload();
      await page.getByText('Review settings').click();
      expect(await page.getByRole('combobox', { name: 'Sunday' }).inputValue()).toBe('minimum');
      await page.getByRole('checkbox', { name: /Load balancing/ }).uncheck();
      // The easy days rest while balancing is off.
      expect(await page.getByRole('combobox', { name: 'Sunday' }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect
        .poll(
          async () =>
            ((await call(app.url, '/api/cards/settings', { cookie: sessionToken! })).data as { settings: CardSettings })
              .settings.loadBalancing,
        )
        .toBe(false);
      expect(app.pageErrors).toEqual([]);
    });
  }
});
