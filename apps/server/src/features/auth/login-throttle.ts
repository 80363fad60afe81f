import type { FastifyInstance } from 'fastify';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { DAY_MS, MINUTE_MS } from '@turtle/shared/constants';
import { createLimiter } from '../../plugins/rate-limit';

/**
 * Progressive throttling of failed logins per account (docs/decisions/016-login-throttling.md).
 * Failures are counted over 15 minutes and over a day; past a few, each failure makes the next attempt wait longer.
 * A fixed 10 a minute allowed about 14,400 guesses a day per account; this allows under a hundred.
 */
export const LOGIN_THROTTLE = {
  /** Failures within 15 minutes before any wait. */
  freeFailures: 4,
  /** The wait doubles with each failure beyond those, up to this. */
  maxShortWaitSeconds: 15 * 60,
  /** After this many failures in a day, every attempt waits 15 minutes; after the second, an hour. */
  dayFailuresSlow: 20,
  dayFailuresSlowest: 50,
} as const;

/** Seconds the next attempt must wait after the `inWindow`th failure in 15 minutes and the `inDay`th in a day. */
export function waitAfterFailure(inWindow: number, inDay: number): number {
  const beyond = inWindow - LOGIN_THROTTLE.freeFailures;
  const short = beyond <= 0 ? 0 : Math.min(2 ** (beyond - 1), LOGIN_THROTTLE.maxShortWaitSeconds);
  const long =
    inDay >= LOGIN_THROTTLE.dayFailuresSlowest ? 60 * 60 : inDay >= LOGIN_THROTTLE.dayFailuresSlow ? 15 * 60 : 0;
  return Math.max(short, long);
}

export interface LoginThrottle {
  /** Milliseconds before `key` may try again; 0 when it may now. */
  waitMs(key: string): Promise<number>;
  /** Counts a failure for `key` and sets the wait before its next attempt. */
  recordFailure(key: string): Promise<void>;
  /** A success: `key` starts afresh. */
  reset(key: string): Promise<void>;
}

/** Counted in Redis (shared by every process) or in this process, through the rate-limit plugin's counters. */
export function createLoginThrottle(app: FastifyInstance): LoginThrottle {
  const unlimited = Number.MAX_SAFE_INTEGER;
  const window = createLimiter(app, { name: 'login-failures-15m', points: unlimited, windowMs: 15 * MINUTE_MS });
  const day = createLimiter(app, { name: 'login-failures-day', points: unlimited, windowMs: DAY_MS });
  // One point: `block` puts it over, for exactly the wait.
  const wait = createLimiter(app, { name: 'login-wait', points: 1, windowMs: 1000 });
  return {
    async waitMs(key) {
      const state = await wait.get(key);
      return state && state.consumedPoints > 1 ? state.msBeforeNext : 0;
    },
    async recordFailure(key) {
      const [inWindow, inDay] = await Promise.all([window.consume(key), day.consume(key)]).catch((error: unknown) => {
        // Never over: `unlimited` points. Anything else is a store failure the insurance could not absorb.
        if (error instanceof RateLimiterRes) return [error, error];
        throw error;
      });
      const seconds = waitAfterFailure(inWindow.consumedPoints, inDay.consumedPoints);
      if (seconds > 0) await wait.block(key, seconds);
    },
    async reset(key) {
      await Promise.all([window.delete(key), day.delete(key), wait.delete(key)]);
    },
  };
}
