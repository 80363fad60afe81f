// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { DemoCheckoutSession } from '@turtle/shared/billing';
import { queryClient } from '../../../lib/query/query-client';
import { EMPTY_USER, useTurtleStore } from '../../../lib/turtle-store';
import { billingEndpoints } from '@turtle/shared/endpoints/billing';
import { fakeApi } from '../../../test/fake-api';
import { DemoCheckoutScreen, EXPIRED_BY_PRO } from './demo-checkout-screen';

const server = fakeApi();
const getDemoSession = server.of(billingEndpoints.demoSession);

const ID = `cs_demo_${'a'.repeat(32)}`;
const session = (status: DemoCheckoutSession['status']): DemoCheckoutSession => ({
  id: ID,
  period: 'yearly',
  amountUsd: 99,
  status,
});
const renderPage = () =>
  render(
    <MemoryRouter initialEntries={[`/checkout/demo?session=${ID}`]}>
      <Routes>
        <Route path="/checkout/demo" element={<DemoCheckoutScreen />} />
      </Routes>
    </MemoryRouter>,
  );
const asMember = (plan: 0 | 1) =>
  useTurtleStore.setState({
    user: {
      ...EMPTY_USER,
      id: 'u1',
      membership: { plan, subscription: plan ? 1 : 3, expireAt: plan ? Date.now() + 86_400_000 : -1 },
    },
  });

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('DemoCheckoutScreen', () => {
  it('a checkout that expired because Pro was bought in another tab says so, and leads to the membership', async () => {
    asMember(1);
    getDemoSession.mockResolvedValue(session('canceled'));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'This checkout has expired' })).toBeTruthy();
    expect(screen.getByText(`${EXPIRED_BY_PRO} Nothing was charged.`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to membership' }).getAttribute('href')).toBe('/membership');
  });

  it('for a Free member a canceled or expired checkout still reads as canceled', async () => {
    asMember(0);
    getDemoSession.mockResolvedValue(session('canceled'));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'This checkout was canceled' })).toBeTruthy();
    expect(screen.queryByText(/because Pro is already active/)).toBeNull();
  });
});
