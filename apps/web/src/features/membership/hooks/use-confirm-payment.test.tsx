// @vitest-environment jsdom
import { cleanup, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_USER } from '../../../lib/turtle-store';
import { useToastQueue } from '../../../lib/toast';
import { handlePaymentSuccess } from '../api/handle-payment-success';
import { THANK_YOU, useConfirmPayment } from './use-confirm-payment';

vi.mock('../api/handle-payment-success', () => ({
  handlePaymentSuccess: vi.fn(() => Promise.resolve({ user: { ...EMPTY_USER, id: 'u1', name: 'Ada' }, notice: null })),
}));

function Confirm({ csId }: { csId: string }) {
  useConfirmPayment(csId);
  return null;
}

const renderAt = (csId: string) =>
  render(
    <RouterProvider
      router={createMemoryRouter(
        [
          { path: '/payment/success', element: <Confirm csId={csId} /> },
          { path: '/membership', element: <p>membership</p> },
        ],
        { initialEntries: ['/payment/success'] },
      )}
    />,
  );

afterEach(cleanup);

describe('useConfirmPayment', () => {
  it('confirms a checkout session and thanks the member once, even when the screen mounts again', async () => {
    renderAt('cs_once');
    cleanup();
    renderAt('cs_once');
    await waitFor(() => expect(useToastQueue.getState().enabled).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(vi.mocked(handlePaymentSuccess).mock.calls).toEqual([['cs_once']]);
    expect(useToastQueue.getState().queue.filter((pending) => pending.message === THANK_YOU)).toHaveLength(1);
  });
});
