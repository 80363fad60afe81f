// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { useAlertStore } from '../../lib/alert-store';
import { DeleteDialog } from './delete-dialog';

const item = { id: 'n1' };

function open(remove: () => Promise<unknown>) {
  const onDeleted = vi.fn();
  const onClose = vi.fn();
  render(
    <DeleteDialog
      item={item}
      title="Delete Thing"
      description="Sure?"
      remove={remove}
      onDeleted={onDeleted}
      onClose={onClose}
    />,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
  return { onDeleted, onClose };
}

beforeEach(() => useAlertStore.setState({ alert: null }));
afterEach(cleanup);

describe('DeleteDialog', () => {
  it('asks first, then deletes and closes', async () => {
    const remove = vi.fn(() => Promise.resolve());
    const { onDeleted, onClose } = open(remove);
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(remove).toHaveBeenCalledWith(item);
    expect(onDeleted).toHaveBeenCalledWith(item, false);
    expect(useAlertStore.getState().alert).toBeNull();
  });

  it('counts a 404 as deleted: it was already gone', async () => {
    const gone = new ApiError(404, { code: 'notFound', message: 'Not found.' });
    const { onDeleted, onClose } = open(() => Promise.reject(gone));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(onDeleted).toHaveBeenCalledWith(item, true);
  });

  it("keeps the item and shows the server's message on any other failure", async () => {
    const down = new ApiError(503, { code: 'unavailable', message: 'Try again soon.' });
    const { onDeleted, onClose } = open(() => Promise.reject(down));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(onDeleted).not.toHaveBeenCalled();
    expect(useAlertStore.getState().alert?.message).toBe('Try again soon.');
  });

  it('is busy while the server answers', async () => {
    let finish = () => {};
    open(() => new Promise<void>((resolve) => (finish = resolve)));
    const confirm = screen.getByRole('button', { name: 'Delete' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    finish();
    await waitFor(() => expect(confirm.hasAttribute('disabled')).toBe(false));
  });
});
