// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, it, expect } from 'vitest';
import { EMPTY_USER, useTurtleStore } from '../../lib/turtle-store';
import { Header } from './header';

function renderHeader(path = '/notes') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Header />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
  useTurtleStore.setState({ user: EMPTY_USER });
});
afterEach(() => {
  cleanup();
});

describe('Header', () => {
  it('shows a Login link to /login and no user button when signed out', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('makes the current page bold in the navigation', () => {
    renderHeader('/notes');
    expect(screen.getByRole('link', { name: 'Notes' }).className).toContain('font-bold');
    expect(screen.getByRole('link', { name: 'Chats' }).className).not.toContain('font-bold');
  });

  it('moves the bold to Chats on /chats', () => {
    renderHeader('/chats');
    expect(screen.getByRole('link', { name: 'Chats' }).className).toContain('font-bold');
    expect(screen.getByRole('link', { name: 'Notes' }).className).not.toContain('font-bold');
  });

  it("shows the signed-in user's name on a button and no Login link", async () => {
    useTurtleStore.setState({ user: { ...EMPTY_USER, id: 'u1', name: 'Ada Lovelace', email: 'ada@turtle.test' } });
    renderHeader();
    expect(await screen.findByRole('button', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
  });
});
