import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Note } from '@turtle/shared/note';
import { call } from '../apps/server/test/support/http';
import { DESKTOP, PHONE, useE2eApp } from './support/e2e-app';
import { editor, expectCount, expectTitles, notesPage, saveNoteViaApi } from './support/notes';

// product.md §2 "Note editor": "A "Back" button returns to /notes without saving" (docs/spec-conformance.md). Leaving with
// unsaved changes may ask first (decision 008's "Discard changes?"); whatever it asks, nothing is saved.
const app = useE2eApp({ env: { TRUST_PROXY: 'true' } });

/** Back, then Discard if the editor asks; waits for the notes list. */
async function goBack(page: Page) {
  await editor.back(page).click();
  const dialog = page.getByRole('alertdialog', { name: 'Discard changes?' });
  const shown = await Promise.race([
    dialog.waitFor().then(() => true),
    page.waitForURL(`${app.url}/notes`).then(() => false),
  ]);
  if (shown) await dialog.getByRole('button', { name: 'Discard' }).click();
  await page.waitForURL(`${app.url}/notes`);
  await page.getByRole('heading', { name: 'Your Notes', level: 1 }).waitFor();
}

const listNotes = async (sessionToken: string) =>
  ((await call(app.url, '/api/note/list', { cookie: sessionToken })).data as { notes: Note[] }).notes;

for (const viewport of [DESKTOP, PHONE]) {
  describe(`the note editor at ${viewport.width} px`, () => {
    it('Back from a new note returns to /notes and creates nothing', async () => {
      const { page, sessionToken } = await app.newPage({ signedIn: true, viewport });
      await page.goto('/notes');
      await notesPage.newNote(page).click();
      await page.waitForURL(`${app.url}/note/new`);
      await editor.title(page).fill('Not to be kept');
      await editor.content(page).fill('Typed, then left with Back.');
      await goBack(page);
      await expectCount(page, '0 notes');
      expect(await listNotes(sessionToken!)).toEqual([]);
    });

    it('Back from an existing note returns to /notes without saving the edit', async () => {
      const { page, sessionToken } = await app.newPage({ signedIn: true, viewport });
      const note = await saveNoteViaApi(app.url, sessionToken!, { name: 'Plan', content: 'Step one.' });
      await page.goto(`/note/${note.id}`);
      await expect.poll(() => editor.content(page).inputValue()).toBe('Step one.');
      await editor.title(page).fill('Plan, renamed');
      await editor.content(page).fill('Step one. Not to be kept.');
      await goBack(page);
      await expectTitles(page, ['Plan']);
      // Given time for any save that might still be on its way.
      await page.waitForTimeout(1_500);
      const [kept] = await listNotes(sessionToken!);
      expect(kept).toMatchObject({ id: note.id, name: 'Plan', content: 'Step one.', updatedAt: note.updatedAt });
    });
  });
}
