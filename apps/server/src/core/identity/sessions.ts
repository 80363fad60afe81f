import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DAY_MS, SESSION_COOKIE_NAME, SESSION_MAX_AGE_MS, SESSION_TTL_MS } from '@turtle/shared/constants';
import type { Db } from '../../db/database';
import { isApiUrl } from '../../lib/api-path';
import { BatchWhileBusy } from '../../lib/batch-while-busy';
import { unauthorized } from '../../lib/http-error';
import type { UserRow } from './users.repository';
import { ActiveDayRecorder } from './active-days';
import { sessionCache } from './session-cache';
import { hashSessionToken, newSessionToken } from './session-token';
import {
  deleteSession,
  extendSession,
  insertSession,
  sessionsWithUsersReader,
  setSessionVerifiedAt,
} from './sessions.repository';

export interface RequestAuth {
  sessionId: string;
  user: UserRow;
  /** When the person last proved who they are in this session (ms): the sign-in or a password entered again. */
  verifiedAt: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Resolved from the `sid` cookie before each API handler. */
    auth: RequestAuth | null;
  }
}

/** Extending at most once a day keeps the expiry sliding without a write on every request. */
const EXTEND_AFTER_MS = DAY_MS;

export function registerSessions(app: FastifyInstance, db: Db, secureCookies: boolean): void {
  app.decorateRequest('auth', null);
  // A burst of requests (200 people sending at once) reads its sessions in a few queries, not one each.
  const sessionsById = new BatchWhileBusy(sessionsWithUsersReader(db));
  const activeDays = new ActiveDayRecorder(db);
  app.addHook('preHandler', async (request, reply) => {
    // Pages and assets never need the user: no database query for them.
    if (!isApiUrl(request.url)) return;
    const token = request.cookies[SESSION_COOKIE_NAME];
    if (!token) return;
    const id = hashSessionToken(token);
    const now = Date.now();
    const cacheable = request.routeOptions.config.cachedSession === true;
    const cached = cacheable ? sessionCache.get(id, now) : undefined;
    if (cached) {
      request.auth = cached;
      await activeDays.record(cached.user.id, request.log, now);
      return;
    }
    const found = await sessionsById.load(id);
    // The expiry slides with use, but never past SESSION_MAX_AGE_MS after the login that made the session.
    const lastMoment = found ? found.session.createdAt.getTime() + SESSION_MAX_AGE_MS : 0;
    // A suspension ends the person's sessions; one a sign-in made in the same moment ends here.
    if (!found || found.session.expiresAt.getTime() <= now || lastMoment <= now || found.user.suspendedAt !== null) {
      if (found) await deleteSession(db, id);
      clearSessionCookie(reply, secureCookies);
      return;
    }
    const expiresAt = found.session.expiresAt.getTime();
    const slidTo = Math.min(now + SESSION_TTL_MS, lastMoment);
    if (expiresAt - now < SESSION_TTL_MS - EXTEND_AFTER_MS && slidTo > expiresAt) {
      await extendSession(db, id, new Date(slidTo));
      setSessionCookie(request, reply, token, secureCookies, slidTo - now);
    }
    request.auth = { sessionId: id, user: found.user, verifiedAt: found.session.verifiedAt.getTime() };
    sessionCache.set(request.auth, Math.min(found.session.expiresAt.getTime(), lastMoment), now);
    await activeDays.record(found.user.id, request.log, now);
  });
}

/**
 * Signs `userId` in with a brand-new token (ASVS 7.2.4: no session fixation). The session the request came with,
 * valid or not, is deleted in the same transaction, so a login never leaves two live sessions for one browser.
 */
export async function startSession(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  secureCookies: boolean,
) {
  const token = newSessionToken();
  const previous = request.cookies[SESSION_COOKIE_NAME];
  if (previous) sessionCache.forget(hashSessionToken(previous));
  await db.transaction(async (tx) => {
    if (previous) await deleteSession(tx, hashSessionToken(previous));
    await insertSession(tx, { id: hashSessionToken(token), userId, expiresAt: new Date(Date.now() + SESSION_TTL_MS) });
  });
  setSessionCookie(request, reply, token, secureCookies);
}

/** Records that the person proved who they are in this session just now (the password entered again). */
export async function markSessionVerified(db: Db, request: FastifyRequest): Promise<void> {
  if (!request.auth) return;
  const now = Date.now();
  await setSessionVerifiedAt(db, request.auth.sessionId, new Date(now));
  sessionCache.forget(request.auth.sessionId);
  request.auth = { ...request.auth, verifiedAt: now };
}

/** Revokes the request's session on the server and clears the cookie. */
export async function endSession(db: Db, request: FastifyRequest, reply: FastifyReply, secureCookies: boolean) {
  if (request.auth) {
    sessionCache.forget(request.auth.sessionId);
    await deleteSession(db, request.auth.sessionId);
  }
  request.auth = null;
  clearSessionCookie(reply, secureCookies);
}

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.auth) throw unauthorized();
  return request.auth.user;
}

function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  secureCookies: boolean,
  lifetimeMs = SESSION_TTL_MS,
) {
  reply.setCookie(SESSION_COOKIE_NAME, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies || request.protocol === 'https',
    maxAge: Math.floor(lifetimeMs / 1000),
  });
}

function clearSessionCookie(reply: FastifyReply, secureCookies: boolean) {
  reply.clearCookie(SESSION_COOKIE_NAME, { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookies });
}
