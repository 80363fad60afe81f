// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cardDeckEndpoints } from '@turtle/shared/endpoints/cards/decks';
import { useAlertStore } from '../../../../lib/alert-store';
import { ApiError } from '../../../../lib/api-client';
import { fakeApi } from '../../../../test/fake-api';
import { RenameDeck } from './rename-deck';

const server = fakeApi();
const rename = server.of(cardDeckEndpoints.renameDeck);

function renameTo(name: string) {
  const onRenamed = vi.fn();
  render(<RenameDeck deck={{ id: 'd1', name: 'Latin' }} onRenamed={onRenamed} />);
  fireEvent.click(screen.getByRole('button', { name: 'Rename deck' }));
  fireEvent.change(screen.getByRole('textbox', { name: 'Deck name' }), { target: { value: name } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  return onRenamed;
}

beforeEach(() => useAlertStore.setState({ alert: null }));
afterEach(cleanup);

describe('RenameDeck', () => {
  it('renames the deck with the name as typed, trimmed, then shows the title again', async () => {
    rename.mockResolvedValue({ deck: { id: 'd1', name: 'Latin II' } });
    const onRenamed = renameTo('  Latin II  ');
    await waitFor(() => expect(onRenamed).toHaveBeenCalledOnce());
    expect(rename).toHaveBeenCalledWith({ body: { id: 'd1', name: 'Latin II' } });
    expect(screen.queryByRole('textbox', { name: 'Deck name' })).toBeNull();
  });

  it('a refused name keeps the field and shows the server’s message in the alert bar', async () => {
    const taken = 'You already have a deck with that name.';
    rename.mockRejectedValue(new ApiError(409, { code: 'conflict', message: taken }));
    const onRenamed = renameTo('Greek');
    await waitFor(() => expect(useAlertStore.getState().alert?.message).toBe(taken));
    expect(onRenamed).not.toHaveBeenCalled();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Deck name' }).value).toBe('Greek');
  });
});
