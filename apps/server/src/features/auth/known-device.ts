import type { FastifyReply, FastifyRequest } from 'fastify';
import { DAY_MS } from '@turtle/shared/constants';
import type { Db } from '../../db/database';
import { hashSessionToken, newSessionToken } from '../../core/identity/session-token';
import { findKnownDevice, rememberKnownDevice } from './known-devices.repository';

/** A random token, HttpOnly, sent only to the login route; the database keeps its SHA-256 (docs/decisions/016). */
export const DEVICE_COOKIE = 'sid_device';
const DEVICE_COOKIE_PATH = '/api/user/login';
const DEVICE_TTL_MS = 365 * DAY_MS;

/** The id of this browser's known device when it signed in to `userId` before; otherwise undefined. */
export async function knownDeviceOf(db: Db, request: FastifyRequest, userId: string): Promise<string | undefined> {
  const token = request.cookies[DEVICE_COOKIE];
  if (!token || token.length > 100) return undefined;
  const device = await findKnownDevice(db, hashSessionToken(token));
  return device?.userId === userId ? device.id : undefined;
}

/** After a successful sign-in: this browser is known to `userId` from now on (its token kept, or a new one). */
export async function rememberDevice(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  secureCookies: boolean,
): Promise<void> {
  const current = request.cookies[DEVICE_COOKIE];
  const token = current && /^[\w-]{43}$/.test(current) ? current : newSessionToken();
  await rememberKnownDevice(db, { id: hashSessionToken(token), userId, now: new Date(), forgetAfterMs: DEVICE_TTL_MS });
  reply.setCookie(DEVICE_COOKIE, token, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: secureCookies || request.protocol === 'https',
    maxAge: DEVICE_TTL_MS / 1000,
  });
}
