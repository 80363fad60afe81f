import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { HOUR_MS, MINUTE_MS } from '@turtle/shared/constants';
import type { RateLimitRule } from '../../plugins/rate-limit';

const clientIp = (request: FastifyRequest) => request.ip;

/** A counter key for a (normalised) email: its SHA-256, so no address is written to Redis. */
export const emailKey = (email: string) => `email:${createHash('sha256').update(email).digest('hex')}`;

/**
 * rules.md "Security controls": login 10 a minute per IP, and per account the progressive throttle of
 * login-throttle.ts (this, not vague messages, is what stands against guessing and enumeration); signup 5 a minute
 * per IP and 5 an hour per email; third-party sign-in as login.
 */
export const LOGIN_LIMITS: RateLimitRule[] = [{ name: 'login-ip', max: 10, windowMs: MINUTE_MS, key: clientIp }];
export const SIGNUP_LIMITS: RateLimitRule[] = [{ name: 'signup-ip', max: 5, windowMs: MINUTE_MS, key: clientIp }];
/** Counted in the handler, once the body is valid: a malformed form reveals nothing about the address. */
export const SIGNUP_EMAIL_LIMIT = { name: 'signup-email', points: 5, windowMs: HOUR_MS };
export const THIRD_PARTY_LOGIN_LIMITS: RateLimitRule[] = [
  { name: 'login-3rd-party-ip', max: 10, windowMs: MINUTE_MS, key: clientIp },
];
