// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, it, expect, vi } from 'vitest';
import { usePublicConfig } from '../../lib/public-config-store';
import { contactAlertText, Footer } from './footer';

function renderFooter() {
  return render(
    <MemoryRouter>
      <Footer />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  usePublicConfig.setState({ supportEmail: 'support@example.com' });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('contactAlertText', () => {
  it('invites the visitor to write to the address', () => {
    expect(contactAlertText('a@b.c')).toBe('Please contact us at a@b.c');
  });
});

describe('Footer', () => {
  it('shows the current year and the product name', () => {
    renderFooter();
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()} Turtle`);
    expect(screen.getByText('Turtle')).toBeTruthy();
  });

  it('links to the features, lessons and pricing pages', () => {
    renderFooter();
    expect(screen.getByRole('link', { name: 'Features' }).getAttribute('href')).toBe('/features');
    expect(screen.getByRole('link', { name: 'Lessons' }).getAttribute('href')).toBe('/lessons');
    expect(screen.getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/pricing');
  });

  it('shows the default support address in an alert when Contact us is clicked, instead of navigating', () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    renderFooter();
    const notPrevented = fireEvent.click(screen.getByRole('link', { name: 'Contact us' }));
    expect(alert).toHaveBeenCalledExactlyOnceWith('Please contact us at support@example.com');
    expect(notPrevented).toBe(false);
  });

  it('uses the support address from the public config once it loads', () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    renderFooter();
    act(() => usePublicConfig.setState({ supportEmail: 'help@turtle.test' }));
    fireEvent.click(screen.getByRole('link', { name: 'Contact us' }));
    expect(alert).toHaveBeenCalledExactlyOnceWith('Please contact us at help@turtle.test');
  });
});
