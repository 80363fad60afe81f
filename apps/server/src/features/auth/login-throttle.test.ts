import { describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE, waitAfterFailure } from './login-throttle';

describe('waitAfterFailure', () => {
  it('lets the first few failures in 15 minutes through without a wait', () => {
    for (let failure = 1; failure <= LOGIN_THROTTLE.freeFailures; failure++)
      expect(waitAfterFailure(failure, failure)).toBe(0);
  });

  it('then doubles the wait with each failure, up to 15 minutes', () => {
    const waits = [5, 6, 7, 8, 9, 10, 14, 15, 30].map((failure) => waitAfterFailure(failure, 0));
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 512, 900, 900]);
  });

  it('makes every attempt wait 15 minutes after 20 failures in a day, and an hour after 50', () => {
    expect(waitAfterFailure(1, 19)).toBe(0);
    expect(waitAfterFailure(1, 20)).toBe(15 * 60);
    expect(waitAfterFailure(1, 50)).toBe(60 * 60);
  });

  it('allows fewer than a hundred guesses a day per account against the old 14,400', () => {
    // An attacker who always waits exactly as long as told, with the 15-minute window restarting when it ends.
    let time = 0;
    let windowStart = 0;
    let inWindow = 0;
    let guesses = 0;
    while (time < 24 * 60 * 60) {
      if (time - windowStart >= 15 * 60) {
        windowStart = time;
        inWindow = 0;
      }
      inWindow += 1;
      guesses += 1;
      time += Math.max(1, waitAfterFailure(inWindow, guesses));
    }
    expect(guesses).toBeLessThan(100);
  });
});
