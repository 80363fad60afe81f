// @vitest-environment jsdom
import { cleanup, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_USER } from '../../../lib/turtle-store';
import { useToastQueue } from '../../../lib/toast';
import { billingEndpoints } from '@turtle/shared/endpoints/billing';
import { fakeApi } from '../../../test/fake-api';
import { THANK_YOU, useConfirmPayment } from './use-confirm-payment';

const server = fakeApi();
const confirm = server.of(billingEndpoints.paymentSuccess);
beforeEach(() => confirm.mockImplementation(() => Promise.resolve({ ...EMPTY_USER, id: 'u1', name: 'Ada' })));

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
    expect(confirm.mock.calls).toEqual([[{ body: { csId: 'cs_once' } }]]);
    expect(useToastQueue.getState().queue.filter((pending) => pending.message === THANK_YOU)).toHaveLength(1);
  });
});
