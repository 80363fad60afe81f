// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Plan } from '@turtle/shared/plans';
import { queryClient } from '../../../lib/query/query-client';
import { EMPTY_USER, useTurtleStore } from '../../../lib/turtle-store';
import { refreshStoredUser } from './use-refresh-user';

const ada = { ...EMPTY_USER, id: 'ada', name: 'Ada' };

beforeEach(() => {
  queryClient.clear();
  useTurtleStore.setState({ user: ada });
});
afterEach(() => vi.unstubAllGlobals());

function serverSays(status: object) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', (path: string) => {
    calls.push(path);
    return Promise.resolve(new Response(JSON.stringify(status), { headers: { 'content-type': 'application/json' } }));
  });
  return calls;
}

describe('refreshStoredUser', () => {
  it('stores the server’s answer, one call for two asking at once, and asks again the next time', async () => {
    const pro = { ...ada, membership: { ...ada.membership, plan: Plan.PRO } };
    const calls = serverSays(pro);
    await Promise.all([refreshStoredUser(), refreshStoredUser()]);
    expect(calls).toEqual(['/api/user/status']);
    expect(useTurtleStore.getState().user.membership.plan).toBe(Plan.PRO);
    await refreshStoredUser();
    expect(calls).toHaveLength(2);
  });

  it('signs the device out when the server no longer knows the session', async () => {
    serverSays({});
    await refreshStoredUser();
    expect(useTurtleStore.getState().user.id).toBe('');
  });

  it('drops the answer when the caller has gone away', async () => {
    serverSays({});
    await refreshStoredUser(() => false);
    expect(useTurtleStore.getState().user.id).toBe('ada');
  });
});
