import { createEmptyCard, default_w } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { CardSettingsSchema } from '@turtle/shared/cards-review';
import { DEFAULT_CARD_SETTINGS } from '../settings.repository';
import { fromFsrsCard, intervalLabel, previewIntervals, schedulerParameters, toFsrsCard } from './scheduler';

describe('FSRS settings', () => {
  it('are FSRS-6 with fuzz on, learning steps, and the desired retention (0.90 by default)', () => {
    expect(DEFAULT_CARD_SETTINGS).toMatchObject({ desiredRetention: 0.9, newPerDay: 20, reviewsPerDay: 200 });
    const parameters = schedulerParameters(DEFAULT_CARD_SETTINGS);
    expect(parameters.request_retention).toBe(0.9);
    expect(parameters.enable_fuzz).toBe(true);
    expect(parameters.enable_short_term).toBe(true);
    expect(parameters.w).toHaveLength(21); // FSRS-6 has 21 weights (FSRS-5 had 19)
    expect([...parameters.w]).toEqual([...default_w]);
    expect(parameters.learning_steps).toEqual(['1m', '10m']);
    expect(parameters.relearning_steps).toEqual(['10m']);
    expect(schedulerParameters({ desiredRetention: 0.8 }).request_retention).toBe(0.8);
  });

  it('desired retention is settable from 0.70 to 0.97, and limits a day from 0 to 9999', () => {
    const parse = (value: Record<string, unknown>) =>
      CardSettingsSchema.safeParse({ ...DEFAULT_CARD_SETTINGS, ...value }).success;
    expect(parse({ desiredRetention: 0.7 })).toBe(true);
    expect(parse({ desiredRetention: 0.97 })).toBe(true);
    expect(parse({ desiredRetention: 0.69 })).toBe(false);
    expect(parse({ desiredRetention: 0.98 })).toBe(false);
    expect(parse({ newPerDay: -1 })).toBe(false);
    expect(parse({ reviewsPerDay: 10_000 })).toBe(false);
    expect(parse({ newPerDay: 2.5 })).toBe(false);
  });

  it('a higher retention gives shorter intervals', () => {
    const now = Date.UTC(2026, 0, 1);
    const card = fromFsrsCard(createEmptyCard(new Date(now)));
    const easy = (retention: number) => previewIntervals(card, { desiredRetention: retention }, now)[4].due;
    expect(easy(0.97)).toBeLessThan(easy(0.9));
    expect(easy(0.9)).toBeLessThan(easy(0.7));
  });

  it('keeps a card exactly through the row mapping', () => {
    const card = { ...createEmptyCard(new Date(1000)), last_review: new Date(500), stability: 3.2, difficulty: 5.1 };
    expect(toFsrsCard(fromFsrsCard(card))).toEqual(card);
  });

  it('names intervals as a review app does', () => {
    expect(intervalLabel(30_000)).toBe('1m');
    expect(intervalLabel(10 * 60_000)).toBe('10m');
    expect(intervalLabel(5 * 3_600_000)).toBe('5h');
    expect(intervalLabel(3 * 86_400_000)).toBe('3d');
    expect(intervalLabel(75 * 86_400_000)).toBe('2.5mo');
    expect(intervalLabel(400 * 86_400_000)).toBe('1.1y');
  });
});
