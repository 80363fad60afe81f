import axe from 'axe-core';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The impacts that fail a test; moderate and minor ones are reported by axe but left to judgement. */
const FAILING = new Set(['serious', 'critical']);

/**
 * Runs axe-core (WCAG 2.2 A and AA, plus best practices) on the page as it is now and fails on any serious or critical
 * violation, listing each with the elements it found. axe is injected through the DevTools protocol, which the
 * page's CSP (no inline scripts) does not apply to, so the page is tested under its real policy.
 */
export async function expectNoSeriousA11yViolations(page: Page, state: string): Promise<void> {
  const violations = await axeViolations(page);
  const failing = violations.filter((violation) => FAILING.has(violation.impact ?? ''));
  expect(failing.map(describeViolation), `axe-core on ${state}`).toEqual([]);
}

export async function axeViolations(page: Page): Promise<Result[]> {
  // Colours are judged as they end up, not halfway through an entrance fade (endless ones, such as spinners, aside).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(axe.source);
  const results = await page.evaluate(
    () =>
      (window as unknown as { axe: typeof axe }).axe.run(document, {
        resultTypes: ['violations'],
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      }) as Promise<AxeResults>,
  );
  return results.violations;
}

function describeViolation(violation: Result): string {
  const nodes = violation.nodes
    .slice(0, 5)
    .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
    .join('\n');
  return `${violation.impact} ${violation.id}: ${violation.help}\n${nodes}`;
}
