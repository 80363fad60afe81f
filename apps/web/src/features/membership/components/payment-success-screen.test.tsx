// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@turtle/shared/user';
import { useAlertStore } from '../../../lib/alert-store';
import { ApiError } from '../../../lib/api-client';
import { useToastQueue } from '../../../lib/toast';
import { EMPTY_USER, useTurtleStore } from '../../../lib/turtle-store';
import { billingEndpoints } from '@turtle/shared/endpoints/billing';
import { fakeApi } from '../../../test/fake-api';
import { PAYMENT_NOTICE_HEADER } from '../api/handle-payment-success';
import { PaymentSuccessScreen } from './payment-success-screen';

// The one endpoint is faked; what the user sees and what the store keeps are real.
const server = fakeApi();
const confirm = server.of(billingEndpoints.paymentSuccess);

const PRO_USER: User = {
  id: 'u1',
  name: 'Ada',
  email: 'ada@example.test',
  role: 0,
  membership: { plan: 1, subscription: 2, expireAt: Date.UTC(2027, 0, 1) },
};

function renderAt(path: string) {
  return render(
    <StrictMode>
      <MemoryRouter initialEntries={['/pricing', path]} initialIndex={1}>
        <Routes>
          <Route path="/payment/success" element={<PaymentSuccessScreen />} />
          <Route path="/membership" element={<h1>Membership page</h1>} />
        </Routes>
      </MemoryRouter>
    </StrictMode>,
  );
}

beforeEach(() => {
  localStorage.clear();
  useTurtleStore.setState({ user: { ...EMPTY_USER, id: 'u1', name: 'Ada' } });
  useToastQueue.setState({ enabled: false, queue: [] });
  useAlertStore.getState().dismissAlert();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('PaymentSuccessScreen', () => {
  it('shows a spinner, confirms once (even in StrictMode), stores the user, thanks them and ends on /membership', async () => {
    let answer!: (user: User) => void;
    confirm.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderAt('/payment/success?cs_id=cs_demo_abc');
    expect(screen.getByRole('status').textContent).toContain('Confirming your payment');
    answer(PRO_USER);
    await screen.findByText('Membership page');
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm).toHaveBeenCalledWith({ body: { csId: 'cs_demo_abc' } });
    expect(useTurtleStore.getState().user.membership).toEqual(PRO_USER.membership);
    expect(useToastQueue.getState().queue).toEqual([
      { id: expect.any(String), kind: 'success', message: 'Thank you for subscribing!' },
    ]);
  });

  it('a second payment the server refunded: the same thanks and /membership, and a toast that says so', async () => {
    const refunded = 'You already had Pro, so this second payment was refunded.';
    confirm.mockResolvedValue(PRO_USER);
    server.answerHeaders({ [PAYMENT_NOTICE_HEADER]: refunded });
    renderAt('/payment/success?cs_id=cs_test_second');
    await screen.findByText('Membership page');
    expect(useTurtleStore.getState().user.membership).toEqual(PRO_USER.membership);
    expect(useToastQueue.getState().queue).toEqual([
      { id: expect.any(String), kind: 'success', message: 'Thank you for subscribing!' },
      { id: expect.any(String), kind: 'info', message: refunded },
    ]);
    expect(useAlertStore.getState().alert).toBeNull();
  });

  it('on failure only logs it (product.md §8): no alert, keeps the user and still ends on /membership', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = new ApiError(404, { code: 'notFound', message: 'That checkout does not exist.' });
    confirm.mockRejectedValue(failure);
    renderAt('/payment/success?cs_id=cs_test_madeUp');
    await screen.findByText('Membership page');
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledWith('Payment confirmation failed', failure);
    expect(useAlertStore.getState().alert).toBeNull();
    expect(useTurtleStore.getState().user.membership.plan).toBe(0);
    expect(useToastQueue.getState().queue).toEqual([]);
  });

  it('without a cs_id asks nothing, only logs it (no alert) and goes to /membership', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/payment/success');
    await screen.findByText('Membership page');
    expect(confirm).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledWith(
      'Payment confirmation failed',
      expect.objectContaining({ message: 'The payment link has no checkout session.' }),
    );
    expect(useAlertStore.getState().alert).toBeNull();
    expect(useToastQueue.getState().queue).toEqual([]);
  });
});
