import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';

const SHOTS = process.env.E2E_SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

/** Saves a screenshot named `name` into E2E_SHOTS_DIR when it is set (to look at the screens), else does nothing. */
export async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}
