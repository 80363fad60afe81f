import type { FastifyRequest } from 'fastify';
import { MINUTE_MS } from '@turtle/shared/constants';
import { normalizeEmail } from '@turtle/shared/auth';
import type { RateLimitRule } from '../../plugins/rate-limit';

/** The email a login is for, as the counter key; a body without one is only counted per IP. */
function bodyEmail(request: FastifyRequest): string | undefined {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() ? normalizeEmail(email).slice(0, 254) : undefined;
}

const clientIp = (request: FastifyRequest) => request.ip;

/**
 * DECISIONS.md "Security controls": login 10 a minute per IP and per email (this, not vague messages, is what
 * stands against guessing and enumeration); signup 5 a minute per IP; third-party sign-in as login.
 */
export const LOGIN_LIMITS: RateLimitRule[] = [
  { name: 'login-ip', max: 10, windowMs: MINUTE_MS, key: clientIp },
  { name: 'login-email', max: 10, windowMs: MINUTE_MS, key: bodyEmail },
];
export const SIGNUP_LIMITS: RateLimitRule[] = [{ name: 'signup-ip', max: 5, windowMs: MINUTE_MS, key: clientIp }];
export const THIRD_PARTY_LOGIN_LIMITS: RateLimitRule[] = [
  { name: 'login-3rd-party-ip', max: 10, windowMs: MINUTE_MS, key: clientIp },
];
