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

  it('signed in on Free: the Free card is marked current and its button is Get Started to /chats, Choose Pro is a checkout button', () => {
    useTurtleStore.setState({ user: { ...EMPTY_USER, id: 'u1', name: 'Ada' } });
    renderPricing();
    expect(within(card('Free')).getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/chats');
    expect(within(card('Free')).queryByRole('button')).toBeNull();
    const choosePro = within(card('Pro')).getByRole('button', { name: 'Choose Pro' }) as HTMLButtonElement;
    expect(choosePro.disabled).toBe(false);
    expect(within(card('Pro')).queryByText('You have Pro already.')).toBeNull();
    expect(within(card('Free')).getByText('Your plan')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Current plan' })).toBeNull();
  });

  it('a Pro monthly member is never offered Pro again: a disabled Choose Pro, "You have Pro already.", Manage plan, and yearly is a switch with the saving', () => {
    const expireAt = Date.now() + 20 * 86_400_000;
    useTurtleStore.setState({
      user: { ...EMPTY_USER, id: 'u1', name: 'Ada', membership: { plan: 1, subscription: 1, expireAt } },
    });
    renderPricing();
    expect(within(card('Pro')).getByText('Your plan')).toBeTruthy();
    const choosePro = within(card('Pro')).getByRole('button', { name: 'Choose Pro' }) as HTMLButtonElement;
    expect(choosePro.disabled).toBe(true);
    const why = within(card('Pro')).getByText('You have Pro already.');
    expect(choosePro.getAttribute('aria-describedby')).toBe(why.id);
    expect(within(card('Pro')).getByRole('link', { name: 'Manage plan' }).getAttribute('href')).toBe(
      '/account/billing',
    );
    expect(within(card('Pro')).queryByRole('button', { name: /^Switch to/ })).toBeNull();
    expect(within(card('Free')).getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/chats');
    expect(within(card('Free')).queryByRole('link', { name: 'Manage plan' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Current plan' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Yearly' }));
    expect((within(card('Pro')).getByRole('button', { name: 'Choose Pro' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(card('Pro')).getByText('You have Pro already.')).toBeTruthy();
    // 12 × $9.99 − $99 = $20.88, from the shared prices.
    expect(within(card('Pro')).getByRole('button', { name: 'Switch to yearly — save $20.88' })).toBeTruthy();
    expect(within(card('Pro')).queryByRole('link', { name: 'Manage plan' })).toBeNull();
  });

  it('a Pro yearly member sees "Switch to monthly" on the monthly view', () => {
    const expireAt = Date.now() + 200 * 86_400_000;
    useTurtleStore.setState({
      user: { ...EMPTY_USER, id: 'u1', name: 'Ada', membership: { plan: 1, subscription: 2, expireAt } },
    });
    renderPricing('/pricing?period=monthly');
    expect((within(card('Pro')).getByRole('button', { name: 'Choose Pro' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(card('Pro')).getByText('You have Pro already.')).toBeTruthy();
    expect(within(card('Pro')).getByRole('button', { name: 'Switch to monthly' })).toBeTruthy();
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
