// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CardAllowance, ListDecksResponse } from '@turtle/shared/cards';
import { CARD_IMPORT_MAX_BYTES, IMPORT_TOO_LARGE_MESSAGE, type ImportPreview } from '@turtle/shared/cards-import';
import { cardDeckEndpoints } from '@turtle/shared/endpoints/cards/decks';
import { cardTransferEndpoints } from '@turtle/shared/endpoints/cards/transfer';
import { ApiError } from '../../../../lib/api-client';
import { queryClient } from '../../../../lib/query/query-client';
import { fakeApi } from '../../../../test/fake-api';
import { useToastQueue } from '../../../../lib/toast';
import { ImportScreen } from './import-screen';

const server = fakeApi();
const previewCsv = server.of(cardTransferEndpoints.previewCsv);
const allowance: CardAllowance = { used: 0, max: 100, plan: 0 };
const decks: ListDecksResponse = {
  decks: [{ id: 'd1', name: 'Latin' } as ListDecksResponse['decks'][number]],
  allowance,
  drafts: 0,
};
const preview = (cards: number): ImportPreview => ({
  totalRows: cards,
  rows: [],
  errors: [],
  newDecks: [],
  cards,
  allowance,
  keptNoteTypeNotes: 0,
  unknownNoteTypeNotes: 0,
});
const deferred = <T,>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((ok) => (resolve = ok));
  return { promise, resolve };
};

const open = () =>
  render(
    <MemoryRouter initialEntries={['/cards/import']}>
      <ImportScreen />
    </MemoryRouter>,
  );
const chooseFile = (file: File) =>
  act(async () => {
    fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });
    await file.text();
  });
const summary = () => screen.queryByTestId('import-summary')?.textContent ?? null;

beforeEach(() => server.of(cardDeckEndpoints.decks).mockResolvedValue(decks));
afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('CSV import', () => {
  it('previews the file, and only the newest preview counts when the options change while one is on its way', async () => {
    const first = deferred<ImportPreview>();
    const second = deferred<ImportPreview>();
    previewCsv.mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    open();
    await screen.findByRole('option', { name: 'Latin' });
    await chooseFile(new File(['front,back\nQ,A'], 'latin.csv', { type: 'text/csv' }));
    await waitFor(() => expect(previewCsv).toHaveBeenCalledTimes(1));
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'd1' } });
    await waitFor(() => expect(previewCsv).toHaveBeenCalledTimes(2));
    expect(previewCsv.mock.calls[1]![0].body).toEqual({
      csv: 'front,back\nQ,A',
      deckId: 'd1',
      createMissingDecks: false,
    });
    await act(async () => second.resolve(preview(2)));
    await act(async () => first.resolve(preview(1)));
    await waitFor(() => expect(summary()).toBe('latin.csv: 2 rows, 2 cards to add.'));
    expect(screen.getByRole('button', { name: 'Import 2 cards' })).toBeTruthy();
  });

  it('a file over 5 MB is refused without asking the server; a refused preview shows the server’s message', async () => {
    open();
    await screen.findByRole('option', { name: 'Latin' });
    const huge = new File(['x'], 'huge.csv', { type: 'text/csv' });
    Object.defineProperty(huge, 'size', { value: CARD_IMPORT_MAX_BYTES + 1 });
    await chooseFile(huge);
    expect(await screen.findByText(IMPORT_TOO_LARGE_MESSAGE)).toBeTruthy();
    expect(previewCsv).not.toHaveBeenCalled();

    previewCsv.mockRejectedValueOnce(new ApiError(400, { code: 'validation', message: 'The file has no rows.' }));
    await chooseFile(new File([''], 'empty.csv', { type: 'text/csv' }));
    expect(await screen.findByText('The file has no rows.')).toBeTruthy();
    expect(screen.queryByText(IMPORT_TOO_LARGE_MESSAGE)).toBeNull();
    expect(summary()).toBeNull();
  });

  it('says how many rows named an Anki note type the person does not have and came in as basic cards (decision 047)', async () => {
    previewCsv.mockResolvedValue({
      ...preview(2),
      rows: [{ row: 1, kind: 'basic', front: 'Q', back: 'A', deck: 'Latin', tags: [] }],
    });
    useToastQueue.setState({ enabled: false, queue: [] });
    server.of(cardTransferEndpoints.importCsv).mockResolvedValue({
      imported: 2,
      cards: 2,
      allowance,
      keptNoteTypeNotes: 0,
      unknownNoteTypeNotes: 1,
    });
    open();
    await screen.findByRole('option', { name: 'Latin' });
    await chooseFile(new File(['front,back\nQ,A'], 'latin.csv', { type: 'text/csv' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Import 2 cards' }));
    await waitFor(() =>
      expect(useToastQueue.getState().queue.map((toast) => toast.message)).toContain(
        'Imported 2 cards. 1 row names an Anki note type you do not have (or fields it cannot show), so it came in as a basic card from its front and back.',
      ),
    );
  });
});
