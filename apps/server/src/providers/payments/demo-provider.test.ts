import { describe, expect, it } from 'vitest';
import { addPeriod } from './demo-provider';

const at = (iso: string) => Date.parse(iso);

describe('addPeriod', () => {
  it('adds one calendar month or year, keeping the time of day', () => {
    expect(addPeriod(at('2026-03-15T10:20:30.000Z'), 'monthly')).toBe(at('2026-04-15T10:20:30.000Z'));
    expect(addPeriod(at('2026-12-15T00:00:00.000Z'), 'monthly')).toBe(at('2027-01-15T00:00:00.000Z'));
    expect(addPeriod(at('2026-03-15T10:20:30.000Z'), 'yearly')).toBe(at('2027-03-15T10:20:30.000Z'));
  });

  it("clamps to the month's last day, as Stripe bills", () => {
    expect(addPeriod(at('2026-01-31T12:00:00.000Z'), 'monthly')).toBe(at('2026-02-28T12:00:00.000Z'));
    expect(addPeriod(at('2028-01-31T12:00:00.000Z'), 'monthly')).toBe(at('2028-02-29T12:00:00.000Z'));
    expect(addPeriod(at('2028-02-29T12:00:00.000Z'), 'yearly')).toBe(at('2029-02-28T12:00:00.000Z'));
  });
});
