// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, it, expect, vi } from 'vitest';
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
  vi.unstubAllGlobals();
});

/** A window `width` px wide, as `matchMedia` answers the header's min-width query. */
function windowWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: width >= Number(/min-width: (\d+)px/.exec(query)?.[1] ?? Infinity),
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

const main = () => screen.getByRole('navigation', { name: 'Main' });
const signIn = () =>
  useTurtleStore.setState({ user: { ...EMPTY_USER, id: 'u1', name: 'Ada Lovelace', email: 'ada@turtle.test' } });

describe('Header', () => {
  it('signed out: Chats and Notes (product.md §2), Features, Pricing and Lessons, Login to /login, Sign up to /signup, no user button', () => {
    renderHeader('/');
    const links = Array.from(main().querySelectorAll('a')).map((link) => link.textContent);
    expect(links).toEqual(['Chats', 'Notes', 'Features', 'Pricing', 'Lessons']);
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
    expect(screen.queryByRole('button', { name: /Ada/ })).toBeNull();
  });

  it('signed out, Login to /login is on every page, the login page too (product.md §2); no Sign up link on the signup page', () => {
    renderHeader('/login');
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Sign up' })).toBeTruthy();
    cleanup();
    renderHeader('/signup');
    expect(screen.queryByRole('link', { name: 'Sign up' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
  });

  it('signed out, the phone menu has Login on the login page too, and no Sign up on the signup page', () => {
    const menuEntries = () =>
      within(screen.getByRole('navigation', { name: 'Menu' }))
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]);
    const sections = [
      ['Chats', '/chats'],
      ['Notes', '/notes'],
      ['Features', '/features'],
      ['Pricing', '/pricing'],
      ['Lessons', '/lessons'],
    ];
    renderHeader('/login');
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(menuEntries()).toEqual([...sections, ['Login', '/login'], ['Sign up', '/signup']]);
    cleanup();
    renderHeader('/signup');
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(menuEntries()).toEqual([...sections, ['Login', '/login']]);
  });

  it('signed in: the product sections Chats, Notes, Lessons and Cards', () => {
    signIn();
    renderHeader('/notes');
    const links = Array.from(main().querySelectorAll('a')).map((link) => link.textContent);
    expect(links).toEqual(['Chats', 'Notes', 'Lessons', 'Cards']);
  });

  it('makes the current page bold in the navigation', () => {
    signIn();
    renderHeader('/notes');
    expect(screen.getByRole('link', { name: 'Notes' }).className).toContain('font-bold');
    expect(screen.getByRole('link', { name: 'Chats' }).className).not.toContain('font-bold');
  });

  it('moves the bold to Chats on /chats', () => {
    signIn();
    renderHeader('/chats');
    expect(screen.getByRole('link', { name: 'Chats' }).className).toContain('font-bold');
    expect(screen.getByRole('link', { name: 'Notes' }).className).not.toContain('font-bold');
  });

  it("shows the signed-in user's name on a button and no Login link", async () => {
    windowWidth(1280);
    signIn();
    renderHeader();
    expect(await screen.findByRole('button', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('on a phone, leaves out the wide header’s user menu (the Menu disclosure reaches its entries)', () => {
    windowWidth(390);
    signIn();
    renderHeader();
    expect(screen.queryByRole('button', { name: 'Ada Lovelace' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Menu' })).toBeTruthy();
  });

  it('the phone menu is a disclosure: closed, then open with every place, closed again by Escape', () => {
    signIn();
    renderHeader('/notes');
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Menu' })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('navigation', { name: 'Menu' });
    expect(toggle.getAttribute('aria-controls')).toBe(menu.id);
    const entries = within(menu)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(entries).toEqual([
      'Chats',
      'Notes',
      'Lessons',
      'Cards',
      'Account',
      'Plan & billing',
      'Test',
      'Demo: Chat Input',
      'Demo: Markdown',
    ]);
    expect(within(menu).getByRole('button', { name: 'Logout' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });
});
