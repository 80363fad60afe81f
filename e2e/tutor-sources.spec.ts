import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { createCardViaApi } from './support/cards';
import { PHONE, useE2eApp } from './support/e2e-app';
import { openLesson, player } from './support/lessons';
import { saveNoteViaApi, sidewaysOverflow } from './support/notes';

// docs/decisions/044-cards-in-the-index.md: paused in a lesson, the learner asks the tutor; its answer lists the
// learner's own notes and cards it was given under "Sources", each opening in a new tab so the lesson stays put.
const app = useE2eApp();
const SHOTS = process.env.E2E_SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

async function askTheTutor(viewport?: typeof PHONE) {
  const { page, sessionToken } = await app.newPage({ signedIn: true, viewport });
  const note = await saveNoteViaApi(app.url, sessionToken!, {
    name: 'Compounding plan',
    content: 'Compounding: I reinvest every dividend so the interest earns interest.',
  });
  const { card } = await createCardViaApi(app.url, sessionToken!, 'Investing', {
    kind: 'basic',
    front: 'Why does compounding matter?',
    back: 'Growth on growth.',
  });
  await openLesson(page);
  await player.ask(page).click();
  await player.input(page).fill('Why does compounding matter?');
  await player.input(page).press('Enter');
  await player.send(page).waitFor({ timeout: 15_000 });
  return { page, note, card };
}

describe('the tutor answers with the learner’s notes and cards', () => {
  it('lists them under the answer, each opening its place in a new tab', async () => {
    const { page, note, card } = await askTheTutor();
    const sources = player.log(page).getByText('Sources:').locator('..');
    await sources.waitFor({ timeout: 15_000 });
    const cardLink = sources.getByRole('link', { name: /Why does compounding matter\? \(opens in a new tab\)$/ });
    const noteLink = sources.getByRole('link', { name: /Compounding plan \(opens in a new tab\)$/ });
    expect(await cardLink.getAttribute('href')).toBe(`/cards/edit/${card.id}`);
    expect(await noteLink.getAttribute('href')).toBe(`/note/${note.id}?p=0`);
    expect(await noteLink.getAttribute('target')).toBe('_blank');
    // The offline tutor quotes them too, by the same numbers.
    expect(await player.log(page).innerText()).toMatch(/From your note “Compounding plan” \[\d\]:/);
    await shot(page, 'tutor-sources-1280');
    await expectNoSeriousA11yViolations(page, 'a tutor answer with sources at 1280 px');
    const opened = page.context().waitForEvent('page');
    await noteLink.click();
    const tab = await opened;
    await tab.waitForURL(`**/note/${note.id}?p=0`);
    expect(page.url()).toContain('/learn/1');
    expect(app.pageErrors).toEqual([]);
  });

  it('fits a 390 px phone', async () => {
    const { page } = await askTheTutor(PHONE);
    await player.log(page).getByText('Sources:').waitFor({ timeout: 15_000 });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'tutor-sources-390');
    await expectNoSeriousA11yViolations(page, 'a tutor answer with sources at 390 px');
  });
});
