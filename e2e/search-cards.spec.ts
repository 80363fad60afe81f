import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { createCardViaApi } from './support/cards';
import { PHONE, useE2eApp } from './support/e2e-app';
import { saveNoteViaApi, sidewaysOverflow } from './support/notes';
import { openSearch, searchBox } from './support/search-box';
import { shot } from './support/shots';

// docs/decisions/044-cards-in-the-index.md: Ctrl/Cmd+K finds a card by its back, under "Cards", named by its front,
// and opens it; a search in Chinese finds a note by the words inside an unbroken sentence (the trigram fallback).
const app = useE2eApp();

describe('searching cards and text without word breaks', () => {
  it('finds a card by its back and opens it; finds Chinese words inside a sentence', async () => {
    const { page, sessionToken } = await app.newPage({ signedIn: true });
    const { card } = await createCardViaApi(app.url, sessionToken!, 'Investing', {
      kind: 'basic',
      front: 'What is an index fund?',
      back: 'A fund that follows a whole market, like a kestrel follows the wind.',
    });
    const note = await saveNoteViaApi(app.url, sessionToken!, {
      name: '语言',
      content: '我每天都喜欢学习中文和日语。',
    });
    await page.goto('/notes');
    await page.getByRole('list', { name: 'Notes' }).waitFor();

    await openSearch(page, 'kestrel');
    const cardOption = searchBox(page)
      .getByRole('group', { name: 'Cards' })
      .getByRole('option', { name: /What is an index fund\?/ });
    await cardOption.waitFor();
    expect(await cardOption.locator('mark').allInnerTexts()).toEqual(['kestrel']);
    await shot(page, 'search-card-1280');
    await expectNoSeriousA11yViolations(page, 'the search box with a card found at 1280 px');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/cards/edit/${card.id}`);

    await openSearch(page, '学习中文');
    const noteOption = searchBox(page).getByRole('group', { name: 'Notes' }).getByRole('option', { name: /语言/ });
    await noteOption.waitFor();
    expect(await noteOption.locator('mark').allInnerTexts()).toEqual(['学习中文']);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/note/${note.id}`);
    expect(app.pageErrors).toEqual([]);
  });

  it('fits a 390 px phone', async () => {
    const { page, sessionToken } = await app.newPage({ signedIn: true, viewport: PHONE });
    await createCardViaApi(app.url, sessionToken!, 'Investing', {
      kind: 'basic',
      front: 'What is an index fund?',
      back: 'A fund that follows a whole market, like a kestrel follows the wind.',
    });
    // A note, so the notes screen draws its list (the search box opens over any screen).
    await saveNoteViaApi(app.url, sessionToken!, { name: 'Birds', content: 'Falcons and owls.' });
    await page.goto('/notes');
    await page.getByRole('list', { name: 'Notes' }).waitFor();
    await openSearch(page, 'kestrel');
    await searchBox(page).getByRole('group', { name: 'Cards' }).getByRole('option').first().waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'search-card-390');
    await expectNoSeriousA11yViolations(page, 'the search box with a card found at 390 px');
  });
});
