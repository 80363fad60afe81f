// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_USER, useTurtleStore } from '../../../lib/turtle-store';
import { useUserStatus } from '../../../lib/user-status-store';
import { RedirectIfSignedIn } from './redirect-if-signed-in';
import { RequireUser } from './require-user';

function Where() {
  const { pathname, search } = useLocation();
  return <p>at {pathname + search}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { element: <RequireUser />, children: [{ path: '/notes', element: <h1>Your Notes</h1> }] },
      { element: <RedirectIfSignedIn />, children: [{ path: '/login', element: <h1>Log in</h1> }] },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const signIn = () => useTurtleStore.setState({ user: { ...EMPTY_USER, id: 'u1', name: 'Ada' } });

beforeEach(() => {
  localStorage.clear();
  useTurtleStore.setState({ user: EMPTY_USER, loggedOut: false });
  useUserStatus.setState({ known: false });
});
afterEach(() => {
  cleanup();
});

describe('RequireUser', () => {
  it('waits for the status call before deciding, then shows the screen to a signed-in user', async () => {
    signIn();
    const router = renderAt('/notes');
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.queryByRole('heading')).toBeNull();
    act(() => useUserStatus.setState({ known: true }));
    expect(await screen.findByRole('heading', { name: 'Your Notes' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/notes');
  });

  it('sends a signed-out visitor to /login with where they were going', async () => {
    const router = renderAt('/notes?view=all');
    act(() => useUserStatus.setState({ known: true }));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe('/login?next=%2Fnotes%3Fview%3Dall');
    // Replaced, so Back does not return to the screen that sent them away.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends the visitor home, with nothing of where they were, after a logout on this screen', async () => {
    signIn();
    const router = renderAt('/notes?view=all');
    act(() => useUserStatus.setState({ known: true }));
    act(() => useTurtleStore.getState().logOut());
    expect(await screen.findByText('at /')).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('sends the visitor to /login when the status call finds the remembered session gone', async () => {
    signIn();
    const router = renderAt('/notes');
    act(() => {
      useTurtleStore.getState().clearUser();
      useUserStatus.setState({ known: true });
    });
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.search).toBe('?next=%2Fnotes');
  });
});

describe('RedirectIfSignedIn', () => {
  it('shows the login screen to a signed-out visitor once the status is known', async () => {
    renderAt('/login');
    expect(screen.queryByRole('heading')).toBeNull();
    act(() => useUserStatus.setState({ known: true }));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
  });

  it.each([
    // rules.md "Sessions and routes": to / (their home there, decision 019), or where `next` was going.
    ['/login', '/'],
    ['/login?next=%2Fnotes', '/notes'],
    ['/login?next=%2F%2Fevil.test', '/'],
  ])('sends a signed-in visitor of %s to %s', async (path, target) => {
    signIn();
    useUserStatus.setState({ known: true });
    const router = renderAt(path);
    await screen.findByText(/^at |Your Notes/);
    expect(router.state.location.pathname).toBe(target);
  });
});
