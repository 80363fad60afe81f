import { describe, expect, it } from 'vitest';
import type { UserRow } from './users.repository';
import { SESSION_CACHE_MS, SessionCache } from './session-cache';
import type { RequestAuth } from './sessions';

const auth = (sessionId: string, userId: string): RequestAuth => ({
  sessionId,
  user: { id: userId } as UserRow,
  verifiedAt: 0,
});

describe('SessionCache', () => {
  it('keeps a session for SESSION_CACHE_MS, never past its own expiry', () => {
    const cache = new SessionCache();
    cache.set(auth('s1', 'u1'), 10_000_000, 0);
    expect(cache.get('s1', SESSION_CACHE_MS - 1)?.user.id).toBe('u1');
    expect(cache.get('s1', SESSION_CACHE_MS)).toBeUndefined();
    cache.set(auth('s2', 'u1'), 1000, 0);
    expect(cache.get('s2', 999)).toBeDefined();
    expect(cache.get('s2', 1000)).toBeUndefined();
  });

  it('forgets one session (logout) or every session of a user (revocation) at once', () => {
    const cache = new SessionCache();
    cache.set(auth('s1', 'u1'), 10_000_000, 0);
    cache.set(auth('s2', 'u1'), 10_000_000, 0);
    cache.set(auth('s3', 'u2'), 10_000_000, 0);
    cache.forget('s1');
    expect(cache.get('s1', 1)).toBeUndefined();
    cache.forgetUser('u1');
    expect(cache.get('s2', 1)).toBeUndefined();
    expect(cache.get('s3', 1)?.user.id).toBe('u2');
  });
});
