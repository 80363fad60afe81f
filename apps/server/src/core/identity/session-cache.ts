import type { RequestAuth } from './sessions';

/** How long a session read from the database is trusted by this process without asking again. */
export const SESSION_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route may use a session this process read in the last SESSION_CACHE_MS (the assistant's routes: their
     * first byte should not wait for the database). A logout or revocation here takes effect at once; one in
     * another process within SESSION_CACHE_MS.
     */
    cachedSession?: boolean;
  }
}

interface Entry {
  auth: RequestAuth;
  expiresAt: number;
  cachedUntil: number;
}

/**
 * Sessions recently read, by session id (the token's hash). Only routes that opt in read it; every other route reads
 * the database, so a change to the user (a new plan, a new name) shows everywhere else at once.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();

  get(id: string, now: number): RequestAuth | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (entry.cachedUntil <= now || entry.expiresAt <= now) {
      this.entries.delete(id);
      return undefined;
    }
    return entry.auth;
  }

  set(auth: RequestAuth, expiresAt: number, now: number): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(auth.sessionId, { auth, expiresAt, cachedUntil: now + SESSION_CACHE_MS });
  }

  forget(id: string): void {
    this.entries.delete(id);
  }

  /** Every session of the user (their sessions were revoked, or the user changed). */
  forgetUser(userId: string): void {
    for (const [id, entry] of this.entries) if (entry.auth.user.id === userId) this.entries.delete(id);
  }
}

/** One per process: logout in any app instance of this process clears it for all. */
export const sessionCache = new SessionCache();
