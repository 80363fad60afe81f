// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_USER, useTurtleStore } from '../../../lib/turtle-store';
import { PricingScreen } from './pricing-screen';

function renderPricing(path = '/pricing') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <PricingScreen />
    </MemoryRouter>,
  );
}

const card = (name: string) => screen.getByRole('article', { name });

beforeEach(() => {
  localStorage.clear();
  useTurtleStore.setState({ user: EMPTY_USER });
});
afterEach(cleanup);

describe('PricingScreen', () => {
  it('shows Free at $0/month with max 100 cards, and Pro monthly at $9.99/month', () => {
    renderPricing();
    expect(card('Free').textContent).toContain('$0/month');
    expect(card('Free').textContent).toContain('Max 100 cards');
    expect(card('Pro').textContent).toContain('$9.99/month');
    expect(screen.queryByText(/Save 17% with yearly billing/)).toBeNull();
  });

  it('the Yearly toggle shows $99/year and the 17% saving', () => {
    renderPricing();
    fireEvent.click(screen.getByRole('radio', { name: 'Yearly' }));
    expect(card('Pro').textContent).toContain('$99/year');
    expect(screen.getByText(/Save 17% with yearly billing/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(card('Pro').textContent).toContain('$9.99/month');
  });

  it('opens on yearly when the address asks for it', () => {
    renderPricing('/pricing?period=yearly');
    expect((screen.getByRole('radio', { name: 'Yearly' }) as HTMLInputElement).checked).toBe(true);
  });

  it('signed out: Get Started goes to /signup and Choose Pro to login, back to pricing', () => {
    renderPricing();
    expect(within(card('Free')).getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/signup');
    expect(within(card('Pro')).getByRole('link', { name: 'Choose Pro' }).getAttribute('href')).toBe(
      '/login?next=%2Fpricing',
    );
  });

  it('signed in: Get Started goes to /chats, Choose Pro is a checkout button, the Free card is marked', () => {
    useTurtleStore.setState({ user: { ...EMPTY_USER, id: 'u1', name: 'Ada' } });
    renderPricing();
    expect(within(card('Free')).getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/chats');
    expect(within(card('Pro')).getByRole('button', { name: 'Choose Pro' })).toBeTruthy();
    expect(within(card('Free')).getByText('Your plan')).toBeTruthy();
  });

  it('draws the feature table from the entitlements: 50 vs 2,000 replies, Analytics only in Pro', () => {
    renderPricing();
    const table = screen.getByRole('table');
    const replies = within(table).getByRole('row', { name: /Assistant replies/ });
    expect(replies.textContent).toContain('50 a day');
    expect(replies.textContent).toContain('2,000 a day');
    const analytics = within(table).getByRole('row', { name: /Advanced Analytics/ });
    expect(within(analytics).getByText('Not included')).toBeTruthy();
    expect(within(analytics).getByText('Included')).toBeTruthy();
  });
});
