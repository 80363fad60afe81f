// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Membership } from '@turtle/shared/membership';
import { formatExpiry } from '../lib/membership-view';
import { MembershipCard } from './membership-card';

const NOW = Date.UTC(2026, 0, 15, 12);
const NEXT_MONTH = Date.UTC(2026, 1, 15, 12);

function renderCard(membership: Membership, payments: 'demo' | 'stripe' = 'demo', renews: boolean | null = true) {
  return render(
    <MemoryRouter>
      <MembershipCard membership={membership} payments={payments} now={NOW} renews={renews} />
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('MembershipCard', () => {
  it('Free: "Free Membership", a Free badge, no expiry, "Upgrade to Pro" to /pricing', () => {
    renderCard({ plan: 0, subscription: 3, expireAt: -1 });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Free Membership');
    expect(screen.getByText('Free', { selector: 'span' })).toBeTruthy();
    expect(screen.queryByText('Expires On')).toBeNull();
    expect(screen.getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).toBe('/pricing');
    expect(screen.queryByRole('link', { name: 'Change Plan' })).toBeNull();
  });

  it('Pro monthly: "Pro Membership", Pro and Monthly badges, "Expires On" its date and that it renews then, "Change Plan"', () => {
    renderCard({ plan: 1, subscription: 1, expireAt: NEXT_MONTH });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pro Membership');
    expect(screen.getByText('Monthly')).toBeTruthy();
    // product.md §2 "Expires On", with whether it renews said beside it (decision 018).
    expect(screen.getByText('Expires On')).toBeTruthy();
    expect(screen.getByText(formatExpiry(NEXT_MONTH)!).getAttribute('datetime')).toBe('2026-02-15');
    expect(screen.getByText('It renews on that day.')).toBeTruthy();
    expect(screen.queryByText('It ends on that day and will not renew.')).toBeNull();
    expect(screen.queryByText('Renews on')).toBeNull();
    expect(screen.getByRole('link', { name: 'Change Plan' }).getAttribute('href')).toBe('/pricing');
    expect(screen.queryByRole('link', { name: 'Upgrade to Pro' })).toBeNull();
  });

  it('a cancelled Pro "Expires On" its date and "will not renew"; before the plan is known only the date is shown', () => {
    renderCard({ plan: 1, subscription: 1, expireAt: NEXT_MONTH }, 'demo', false);
    expect(screen.getByText('Expires On')).toBeTruthy();
    expect(screen.getByText(formatExpiry(NEXT_MONTH)!).getAttribute('datetime')).toBe('2026-02-15');
    expect(screen.getByText('It ends on that day and will not renew.')).toBeTruthy();
    expect(screen.queryByText('It renews on that day.')).toBeNull();
    expect(screen.queryByText('Ends on')).toBeNull();
    cleanup();
    renderCard({ plan: 1, subscription: 1, expireAt: NEXT_MONTH }, 'demo', null);
    expect(screen.getByText('Expires On')).toBeTruthy();
    expect(screen.getByText(formatExpiry(NEXT_MONTH)!).getAttribute('datetime')).toBe('2026-02-15');
    expect(screen.queryByText('It renews on that day.')).toBeNull();
    expect(screen.queryByText('It ends on that day and will not renew.')).toBeNull();
  });

  it('Pro yearly shows the Yearly badge', () => {
    renderCard({ plan: 1, subscription: 2, expireAt: NEXT_MONTH });
    expect(screen.getByText('Yearly')).toBeTruthy();
  });

  it('lifetime Pro: a Lifetime badge and no expiry date', () => {
    renderCard({ plan: 1, subscription: 3, expireAt: -1 });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pro Membership');
    expect(screen.getByText('Lifetime')).toBeTruthy();
    expect(screen.queryByText('Expires On')).toBeNull();
  });

  it('an expired Pro is Free again, upgradable, and told when Pro ended', () => {
    renderCard({ plan: 1, subscription: 1, expireAt: NOW - 1000 });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Free Membership');
    expect(screen.queryByText('Expires On')).toBeNull();
    expect(screen.getByText(/Your Pro membership ended on/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade to Pro' })).toBeTruthy();
  });

  it('"Manage billing" only for a Stripe-backed Pro member', () => {
    renderCard({ plan: 1, subscription: 1, expireAt: NEXT_MONTH }, 'stripe');
    expect(screen.getByRole('button', { name: 'Manage billing' })).toBeTruthy();
    cleanup();
    renderCard({ plan: 1, subscription: 1, expireAt: NEXT_MONTH }, 'demo');
    expect(screen.queryByRole('button', { name: 'Manage billing' })).toBeNull();
    cleanup();
    renderCard({ plan: 0, subscription: 3, expireAt: -1 }, 'stripe');
    expect(screen.queryByRole('button', { name: 'Manage billing' })).toBeNull();
  });
});
