import { describe, expect, it } from 'vitest';
import { NOTE_CONTENT_MAX_LENGTH } from '@turtle/shared/constants';
import { createSessionToken, createUser } from '../apps/server/test/support/factories';
import { createPasswordAccount, logIn, uniqueEmail, userButton } from './support/accounts';
import { PHONE, useE2eApp } from './support/e2e-app';
import {
  createNoteInUi,
  deleteNoteViaApi,
  editor,
  expectCount,
  expectTitles,
  expectWithinWidth,
  notesPage,
  saveNoteViaApi,
  sidewaysOverflow,
} from './support/notes';

const app = useE2eApp({ env: { TRUST_PROXY: 'true' } });

/** A signed-in page on /notes, with notes saved through the API first (the last one most recently opened). */
async function openNotes(notes: { name: string; content: string }[] = [], viewport?: typeof PHONE) {
  const { page, sessionToken, user } = await app.newPage({ signedIn: true, viewport });
  const saved = [];
  for (const note of notes) saved.push(await saveNoteViaApi(app.url, sessionToken!, note));
  await page.goto('/notes');
  await page.getByRole('heading', { name: 'Your Notes', level: 1 }).waitFor();
  return { page, sessionToken: sessionToken!, user: user!, saved };
}

describe('the notes list', () => {
  it('invites a new user to create a first note', async () => {
    const { page } = await openNotes();
    await page.getByText('No notes yet. Create your first note!').waitFor();
    await expectCount(page, '0 notes');
    expect(await notesPage.search(page).count()).toBe(0);
    await page.getByRole('link', { name: 'Create Note' }).click();
    await page.waitForURL(`${app.url}/note/new`);
    await page.getByRole('heading', { name: 'New note', level: 1 }).waitFor();
    expect(app.pageErrors).toEqual([]);
  });

  it('lists two new notes as "2 notes", the last one created on top, each opened "Just now"', async () => {
    const { page } = await openNotes();
    await createNoteInUi(page, app.url, 'First note', 'Written first.');
    await expectCount(page, '1 note');
    await expectTitles(page, ['First note']);
    await createNoteInUi(page, app.url, 'Second note', 'Written second.');
    await expectCount(page, '2 notes');
    await expectTitles(page, ['Second note', 'First note']);
    for (const name of ['First note', 'Second note']) {
      const card = notesPage.card(page, name);
      expect(await card.getByRole('time').innerText()).toBe('Just now');
      await card.getByRole('link', { name: `Edit ${name}` }).waitFor();
      await card.getByRole('button', { name: `Delete ${name}` }).waitFor();
    }
    // The server agrees: the same order after a reload.
    await page.reload();
    await expectTitles(page, ['Second note', 'First note']);
  });

  it('opening a note (a click anywhere on its card) moves it to the top', async () => {
    const { page } = await openNotes([
      { name: 'Alpha', content: 'a' },
      { name: 'Bravo', content: 'b' },
      { name: 'Charlie', content: 'c' },
    ]);
    await expectTitles(page, ['Charlie', 'Bravo', 'Alpha']);
    await notesPage.card(page, 'Alpha').click();
    await page.waitForURL(/\/note\/[\w-]+$/);
    await expect.poll(() => editor.title(page).inputValue()).toBe('Alpha');
    // Nothing changed: Back leaves without asking.
    await editor.back(page).click();
    await page.waitForURL(`${app.url}/notes`);
    await expectTitles(page, ['Alpha', 'Charlie', 'Bravo']);
    await page.reload();
    await expectTitles(page, ['Alpha', 'Charlie', 'Bravo']);
  });

  it('asks before deleting: Cancel and a click outside keep the note, Delete removes it', async () => {
    const { page } = await openNotes([
      { name: 'Keep me', content: 'stays' },
      { name: 'Old idea', content: 'goes' },
    ]);
    await expectCount(page, '2 notes');
    const dialog = page.getByRole('alertdialog', { name: 'Delete Note' });
    const askToDelete = () => page.getByRole('button', { name: 'Delete Old idea' }).click();

    await askToDelete();
    await dialog.waitFor();
    expect(
      await dialog.getByText('Are you sure you want to delete this note? This action cannot be undone.').count(),
    ).toBe(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expectTitles(page, ['Old idea', 'Keep me']);

    await askToDelete();
    await dialog.waitFor();
    await page.mouse.click(5, 400);
    await page.waitForTimeout(300);
    expect(await dialog.isVisible()).toBe(true);

    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expectTitles(page, ['Keep me']);
    await expectCount(page, '1 note');
    await page.reload();
    await expectTitles(page, ['Keep me']);
    expect(app.pageErrors).toEqual([]);
  });

  it('searches titles and contents as the user types, whatever the case', async () => {
    const { page } = await openNotes([
      { name: 'Groceries', content: 'Milk, eggs and bread' },
      { name: 'Investing basics', content: 'Index funds spread the risk.' },
      { name: 'Kitchen', content: 'Fix the BREAD maker' },
    ]);
    await expectTitles(page, ['Kitchen', 'Investing basics', 'Groceries']);
    const search = notesPage.search(page);
    expect(await search.getAttribute('placeholder')).toBe('Search notes');

    await search.pressSequentially('GROC');
    await expectTitles(page, ['Groceries']);
    await search.fill('index funds');
    await expectTitles(page, ['Investing basics']);
    await search.fill('bread');
    await expectTitles(page, ['Kitchen', 'Groceries']);
    // The count is of all notes, not of the matches.
    await expectCount(page, '3 notes');

    await search.fill('zebra');
    await page.getByText('No notes match “zebra”').waitFor();
    expect(await notesPage.list(page).count()).toBe(0);
    await page.getByRole('button', { name: 'Clear search' }).first().click();
    await expectTitles(page, ['Kitchen', 'Investing basics', 'Groceries']);
  });
});

describe('the notes list after the network drops', () => {
  it('reads the list again when the network comes back, showing a note saved elsewhere meanwhile', async () => {
    const { page, sessionToken } = await openNotes([{ name: 'Before', content: 'kept' }]);
    await expectTitles(page, ['Before']);
    await page.context().setOffline(true);
    await saveNoteViaApi(app.url, sessionToken, { name: 'From my phone', content: 'written while this was offline' });
    // Offline longer than a read counts as just made (JUST_READ_MS, 3 s): the list is stale when the network returns.
    await page.waitForTimeout(3_500);
    await page.context().setOffline(false);
    await expectTitles(page, ['From my phone', 'Before']);
    expect(app.pageErrors).toEqual([]);
  });
});

describe('the note editor', () => {
  it('saves a note with a blank title as "Untitled Note", and enables saving only with something in it', async () => {
    const { page } = await openNotes();
    await notesPage.newNote(page).click();
    const create = editor.create(page);
    expect(await create.isDisabled()).toBe(true);
    expect(await editor.title(page).getAttribute('placeholder')).toBe('Note title');
    expect(await editor.content(page).getAttribute('placeholder')).toBe('Start typing your note...');
    await editor.title(page).fill('   ');
    await editor.content(page).fill(' \n ');
    expect(await create.isDisabled()).toBe(true);
    await editor.content(page).fill('Just a thought.');
    expect(await create.isEnabled()).toBe(true);
    await create.click();
    await page.waitForURL(`${app.url}/notes`);
    await expectTitles(page, ['Untitled Note']);
    expect(await notesPage.card(page, 'Untitled Note').getByText('Just a thought.').count()).toBe(1);
  });

  it('fills the fields of an existing note, shows "Save Note", and saving updates its card', async () => {
    const { page, saved } = await openNotes([{ name: 'Groceries', content: 'Milk' }]);
    await page.getByRole('link', { name: 'Edit Groceries' }).click();
    await page.waitForURL(`${app.url}/note/${saved[0]!.id}`);
    await page.getByRole('heading', { name: 'Edit note', level: 1 }).waitFor();
    expect(await editor.title(page).inputValue()).toBe('Groceries');
    expect(await editor.content(page).inputValue()).toBe('Milk');
    expect(await editor.create(page).count()).toBe(0);

    await editor.title(page).fill('  Shopping  ');
    await editor.content(page).fill('Milk\nEggs  ');
    await editor.save(page).click();
    await page.waitForURL(`${app.url}/notes`);
    await expectTitles(page, ['Shopping']);
    await expectCount(page, '1 note');

    // Title trimmed, content kept as typed (product.md §5), on the server too.
    await page.goto(`/note/${saved[0]!.id}`);
    await expect.poll(() => editor.title(page).inputValue()).toBe('Shopping');
    expect(await editor.content(page).inputValue()).toBe('Milk\nEggs  ');
  });

  it('keeps the text and shows the error when a save fails, and explains the length limit', async () => {
    const { page, sessionToken, saved } = await openNotes([{ name: 'Draft', content: 'v1' }]);
    await page.goto(`/note/${saved[0]!.id}`);
    await expect.poll(() => editor.content(page).inputValue()).toBe('v1');
    await editor.content(page).fill('v2, not saved yet');
    // Deleted on another device meanwhile: the save answers 404.
    await deleteNoteViaApi(app.url, sessionToken, saved[0]!.id);
    await editor.save(page).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe('That note does not exist.');
    expect(page.url()).toBe(`${app.url}/note/${saved[0]!.id}`);
    expect(await editor.content(page).inputValue()).toBe('v2, not saved yet');
    expect(await editor.save(page).isEnabled()).toBe(true);

    // Past the server's limit: said plainly, and nothing is sent.
    await page.goto('/note/new');
    await editor.content(page).fill('x'.repeat(NOTE_CONTENT_MAX_LENGTH + 1));
    await page.getByText('Note is too long: at most 200,000 characters.').waitFor();
    expect(await editor.create(page).isDisabled()).toBe(true);
    await editor.content(page).press('Backspace');
    expect(await editor.create(page).isEnabled()).toBe(true);
    expect(await page.getByText(/^Note is too long/).count()).toBe(0);
    expect(await editor.title(page).getAttribute('maxlength')).toBe('200');
  });

  // Decision 017: the server saved the note but the answer was lost; saving again must not make a second one.
  it('creates a note once when its first answer is lost and Create is pressed again', async () => {
    const { page } = await openNotes();
    const keys: (string | undefined)[] = [];
    let answers = 0;
    await page.route('**/api/note/save', async (route) => {
      keys.push(route.request().headers()['idempotency-key']);
      const response = await route.fetch();
      answers += 1;
      if (answers === 1) await route.abort('connectionreset');
      else await route.fulfill({ response });
    });
    await page.goto('/note/new');
    await editor.title(page).fill('Once');
    await editor.content(page).fill('Saved a single time.');
    await editor.create(page).click();
    await page.getByRole('alert').waitFor();
    await editor.create(page).click();
    await page.waitForURL(`${app.url}/notes`);
    await expectCount(page, '1 note');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('asks before leaving with unsaved changes: Back, a link, the browser back button, closing the tab', async () => {
    const { page } = await openNotes();
    const dialog = page.getByRole('alertdialog', { name: 'Discard changes?' });
    await notesPage.newNote(page).click();
    await editor.title(page).fill('Half a thought');

    // Back: "Keep editing" stays with the text.
    await editor.back(page).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(page.url()).toBe(`${app.url}/note/new`);
    expect(await editor.title(page).inputValue()).toBe('Half a thought');

    // The browser's back button asks too.
    await page.goBack();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(page.url()).toBe(`${app.url}/note/new`);

    // Another link in the app: "Discard" leaves.
    await page.getByRole('banner').getByRole('link', { name: 'Chats' }).click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await page.waitForURL(`${app.url}/chats`);

    // Closing the tab asks the browser's own question.
    await page.goto('/note/new');
    await editor.content(page).click();
    await editor.content(page).pressSequentially('typed');
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (question) => {
        resolve(question.type());
        void question.accept();
      }),
    );
    const closed = new Promise((resolve) => page.once('close', resolve));
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    await closed;
  });

  it('does not ask after saving, nor when nothing changed', async () => {
    const { page } = await openNotes();
    const questions: string[] = [];
    page.on('dialog', (question) => {
      questions.push(question.type());
      void question.dismiss();
    });
    const dialog = page.getByRole('alertdialog');
    await notesPage.newNote(page).click();
    await editor.title(page).fill('Saved');
    await editor.content(page).fill('safe');
    await editor.create(page).click();
    await page.waitForURL(`${app.url}/notes`);
    await expectTitles(page, ['Saved']);

    await notesPage.card(page, 'Saved').click();
    await expect.poll(() => editor.content(page).inputValue()).toBe('safe');
    await editor.content(page).fill('safe, edited');
    await editor.save(page).click();
    await page.waitForURL(`${app.url}/notes`);

    await notesPage.card(page, 'Saved').click();
    await expect.poll(() => editor.content(page).inputValue()).toBe('safe, edited');
    await page.getByRole('banner').getByRole('link', { name: 'Chats' }).click();
    await page.waitForURL(`${app.url}/chats`);
    await page.goBack();
    await expect.poll(() => editor.content(page).inputValue()).toBe('safe, edited');
    await page.reload();
    await expect.poll(() => editor.content(page).inputValue()).toBe('safe, edited');
    expect(await dialog.count()).toBe(0);
    expect(questions).toEqual([]);
  });

  it('shows "This note does not exist." for another user\'s note or an unknown id, never its text', async () => {
    const other = await createUser(app.server.database.db, { name: 'Mallory' });
    const otherToken = await createSessionToken(app.server.database.db, other.id);
    const secret = await saveNoteViaApi(app.url, otherToken, { name: 'Secret plans', content: 'Do not share' });

    const { page } = await openNotes([{ name: 'Mine', content: 'mine' }]);
    await expectTitles(page, ['Mine']);
    for (const id of [secret.id, 'no-such-note']) {
      await page.goto(`/note/${id}`);
      await page.getByRole('heading', { name: 'Note not found', level: 1 }).waitFor();
      expect(await page.getByText('This note does not exist.', { exact: false }).count()).toBe(1);
      expect(await page.getByText('Secret plans').count()).toBe(0);
      expect(await editor.title(page).count()).toBe(0);
    }
    await page.getByRole('link', { name: 'Back to your notes' }).click();
    await page.waitForURL(`${app.url}/notes`);
    await expectTitles(page, ['Mine']);
    expect(app.pageErrors).toEqual([]);
  });
});

describe('notes are kept on the server', () => {
  it('survive a reload, and a log out and log in', async () => {
    const email = uniqueEmail('notes');
    await createPasswordAccount(app.url, { name: 'Nora', email, password: 'correct horse' });
    const { page } = await app.newPage();
    await page.goto('/login?next=%2Fnotes');
    await logIn(page, email, 'correct horse');
    await page.waitForURL(`${app.url}/notes`);
    await createNoteInUi(page, app.url, 'Remember me', 'across sessions');
    await expectTitles(page, ['Remember me']);

    await page.reload();
    await expectTitles(page, ['Remember me']);

    await userButton(page, 'Nora').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(`${app.url}/`);
    // Nothing of the user's notes stays on the device.
    const cached = await page.evaluate(() => JSON.parse(localStorage.getItem('turtle-store') ?? '{}').state?.noteMap);
    expect(cached).toEqual({});

    await page.goto('/login?next=%2Fnotes');
    await logIn(page, email, 'correct horse');
    await page.waitForURL(`${app.url}/notes`);
    await expectTitles(page, ['Remember me']);
    await expectCount(page, '1 note');
  });
});

describe('on a 390 px phone', () => {
  it('the list and the editor fit the screen and work', async () => {
    const longWord = 'Supercalifragilisticexpialidocious'.repeat(5);
    const { page } = await openNotes(
      [
        { name: 'Short', content: 'A short note.' },
        { name: longWord, content: `${longWord} ${longWord}` },
      ],
      PHONE,
    );
    await expectTitles(page, [longWord, 'Short']);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await expectWithinWidth(notesPage.search(page), PHONE.width, 'search');
    await expectWithinWidth(notesPage.newNote(page), PHONE.width, 'New Note');
    await expectWithinWidth(page.getByRole('button', { name: `Delete ${longWord}` }), PHONE.width, 'delete button');

    await page.getByRole('button', { name: 'Delete Short' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Note' });
    await dialog.waitFor();
    await expectWithinWidth(dialog, PHONE.width, 'dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await notesPage.card(page, longWord).click();
    await expect.poll(() => editor.title(page).inputValue()).toBe(longWord);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    for (const [what, locator] of [
      ['title', editor.title(page)],
      ['content', editor.content(page)],
      ['save', editor.save(page)],
      ['back', editor.back(page)],
    ] as const) {
      await expectWithinWidth(locator, PHONE.width, what);
    }
    expect((await editor.content(page).boundingBox())!.width).toBeGreaterThan(PHONE.width * 0.8);
    await editor.content(page).fill('Edited on the phone.');
    await editor.save(page).click();
    await page.waitForURL(`${app.url}/notes`);
    await expectTitles(page, [longWord, 'Short']);
    expect(app.pageErrors).toEqual([]);
  });
});
