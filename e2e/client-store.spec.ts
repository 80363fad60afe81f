import { describe, expect, it } from 'vitest';
import { useE2eApp } from './support/e2e-app';

const app = useE2eApp();

const readStore = () => JSON.parse(localStorage.getItem('turtle-store') ?? 'null');

describe('client store', () => {
  it('persists under turtle-store version 0 and survives a reload', async () => {
    const { page, user } = await app.newPage({ signedIn: { name: 'Barbara' } });
    await page.goto('/');
    await page.getByRole('button', { name: 'Barbara' }).waitFor();

    const stored = await page.evaluate(readStore);
    expect(stored.version).toBe(0);
    expect(Object.keys(stored.state).sort()).toEqual(['clientId', 'counter', 'noteMap', 'user']);
    expect(stored.state.counter).toBe(0);
    expect(stored.state.noteMap).toEqual({});
    expect(stored.state.clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(stored.state.user).toEqual({
      id: user!.id,
      name: 'Barbara',
      email: user!.email,
      role: 0,
      membership: { plan: 0, subscription: 3, expireAt: -1 },
    });

    // The status call is held back: the name must come from the persisted store alone.
    await page.route('**/api/user/status', () => {});
    await page.reload();
    await page.getByRole('button', { name: 'Barbara' }).waitFor();
    const reloaded = await page.evaluate(readStore);
    expect(reloaded.state.clientId).toBe(stored.state.clientId);
  });

  it('signs the visitor out when the server no longer knows the session', async () => {
    const { page, context } = await app.newPage({ signedIn: { name: 'Frances' } });
    await page.goto('/');
    await page.getByRole('button', { name: 'Frances' }).waitFor();
    await context.clearCookies();
    await page.reload();
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).waitFor();
    expect((await page.evaluate(readStore)).state.user.id).toBe('');
  });
});
