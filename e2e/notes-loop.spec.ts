import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, useE2eApp } from './support/e2e-app';
import { editor, expectTitles, notesPage, saveNoteViaApi } from './support/notes';

const app = useE2eApp({ env: { TRUST_PROXY: 'true' } });

async function openNotes(viewport: typeof DESKTOP, notes: { name: string; content: string }[] = []) {
  const { page, sessionToken } = await app.newPage({ signedIn: true, viewport });
  const saved = [];
  for (const note of notes) saved.push(await saveNoteViaApi(app.url, sessionToken!, note));
  await page.goto('/notes');
  await page.getByRole('heading', { name: 'Your Notes', level: 1 }).waitFor();
  return { page, sessionToken: sessionToken!, saved };
}

describe.each([
  ['1280 px', DESKTOP],
  ['390 px', PHONE],
])('notes at %s', (_width, viewport) => {
  it('an existing note is saved only by "Save Note", based on the version it opened; typing sends nothing', async () => {
    const { page, saved } = await openNotes(viewport, [{ name: 'Plan', content: 'Step one.' }]);
    const state = page.getByTestId('save-state');
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/note/save')) saves.push(request.postData() ?? '');
    });
    await page.goto(`/note/${saved[0]!.id}`);
    await expect.poll(() => editor.content(page).inputValue()).toBe('Step one.');
    await editor.content(page).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Step two.', { delay: 20 });
    await expect.poll(() => state.getAttribute('title')).toBe('Unsaved changes');
    // product.md §2: nothing saves by itself (Back leaves without saving).
    await page.waitForTimeout(1_200);
    expect(saves).toEqual([]);

    await editor.save(page).click();
    await page.waitForURL(`${app.url}/notes`);
    expect(saves).toHaveLength(1);
    expect(JSON.parse(saves[0]!)).toMatchObject({
      note: { id: saved[0]!.id, content: 'Step one. Step two.', baseUpdatedAt: saved[0]!.updatedAt },
    });
    await page.reload();
    await notesPage.card(page, 'Plan').getByText('Step one. Step two.').waitFor();
    expect(app.pageErrors).toEqual([]);
  });

  it('a failed save says so and keeps the text and the unsaved-changes prompt; an edit made elsewhere is not overwritten', async () => {
    const { page, sessionToken, saved } = await openNotes(viewport, [{ name: 'Shared', content: 'v1' }]);
    const state = page.getByTestId('save-state');
    await page.goto(`/note/${saved[0]!.id}`);
    await expect.poll(() => editor.content(page).inputValue()).toBe('v1');

    await page.route('**/api/note/save', (route) => route.abort('internetdisconnected'));
    await editor.content(page).fill('v1 offline edit');
    await editor.save(page).click();
    await expect.poll(() => state.getAttribute('title')).toMatch(/^Not saved: Cannot reach Turtle/);
    expect(page.url()).toBe(`${app.url}/note/${saved[0]!.id}`);
    await editor.back(page).click();
    const dialog = page.getByRole('alertdialog', { name: 'Discard changes?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    // Until the dialog has gone it traps the focus, and typing would not reach the note.
    await dialog.waitFor({ state: 'detached' });
    await page.unroute('**/api/note/save');

    // Another window saved the note meanwhile: this editor's save is refused, its text kept.
    await saveNoteViaApi(app.url, sessionToken, { id: saved[0]!.id, name: 'Shared', content: 'v2 from elsewhere' });
    await editor.content(page).fill('v1 offline edit, more');
    await editor.save(page).click();
    await expect.poll(() => state.getAttribute('title')).toMatch(/^Not saved: This note was changed somewhere else/);
    expect(await editor.content(page).inputValue()).toBe('v1 offline edit, more');
    page.on('dialog', (question) => void question.accept());
    await page.goto('/notes');
    await notesPage.card(page, 'Shared').getByText('v2 from elsewhere').waitFor();
  });

  it('a new note is made only by "Create Note", and its draft survives a reload', async () => {
    const { page } = await openNotes(viewport);
    await notesPage.newNote(page).click();
    await editor.title(page).fill('Half written');
    await editor.content(page).fill('Kept on this device.');
    await page.getByText('Draft kept on this device').waitFor();
    page.on('dialog', (question) => void question.accept());
    await page.reload();
    await expect.poll(() => editor.title(page).inputValue()).toBe('Half written');
    expect(await editor.content(page).inputValue()).toBe('Kept on this device.');
    // Nothing was created by typing.
    const list = await page.evaluate(() => fetch('/api/note/list').then((response) => response.json()));
    expect(list).toEqual({ notes: [] });
    await editor.create(page).click();
    await page.waitForURL(`${app.url}/notes`);
    await expectTitles(page, ['Half written']);
    // Created: the next new note starts empty.
    await notesPage.newNote(page).click();
    expect(await editor.title(page).inputValue()).toBe('');
    expect(await editor.content(page).inputValue()).toBe('');
  });

  it('delete is for good, as its dialog says: no Undo is offered and the note stays gone', async () => {
    const { page, saved } = await openNotes(viewport, [
      { name: 'Keep me', content: 'stays' },
      { name: 'Oops', content: 'deleted on purpose' },
    ]);
    await page.getByRole('button', { name: 'Delete Oops' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Note' });
    await dialog.getByText('This action cannot be undone.').waitFor();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectTitles(page, ['Keep me']);
    await page.getByText('“Oops” deleted.').waitFor();
    expect(await page.getByRole('button', { name: 'Undo' }).count()).toBe(0);
    await page.reload();
    await expectTitles(page, ['Keep me']);
    await page.goto(`/note/${saved[1]!.id}`);
    await page.getByText('This note does not exist', { exact: false }).first().waitFor();
    expect(app.pageErrors).toEqual([]);
  });
});
