import { default_w } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { parseChildMessage } from './optimizer-protocol';

const result = {
  reviews: 500,
  testedReviews: 80,
  before: { logLoss: 0.4, rmse: 0.1 },
  after: { logLoss: 0.38, rmse: 0.09 },
  adopted: true,
  logLossImprovementPercent: 5,
  rmseImprovementPercent: 10,
};

describe('parseChildMessage (what the server accepts from the optimizer’s child)', () => {
  it('reads progress, an outcome and a failure', () => {
    expect(parseChildMessage({ type: 'progress', phase: 'Fitting', progress: 0.5 })).toEqual({
      type: 'progress',
      phase: 'Fitting',
      progress: 0.5,
    });
    const weights = [...default_w];
    expect(parseChildMessage({ type: 'done', outcome: { result, weights } })).toEqual({
      type: 'done',
      outcome: { result, weights },
    });
    expect(
      parseChildMessage({ type: 'done', outcome: { result: { ...result, adopted: false }, weights: null } }),
    ).toMatchObject({ type: 'done' });
    expect(parseChildMessage({ type: 'failed', message: 'Too few.' })).toEqual({ type: 'failed', message: 'Too few.' });
  });

  it('drops fields it does not know', () => {
    const parsed = parseChildMessage({
      type: 'done',
      outcome: { result: { ...result, extra: 1 }, weights: null, x: 2 },
    });
    // adopted is true, yet no weights: refused (below); with adopted false the extra fields are dropped.
    expect(parsed).toBeUndefined();
    const kept = parseChildMessage({
      type: 'done',
      outcome: { result: { ...result, adopted: false, extra: 1 }, weights: null, x: 2 },
    });
    expect(kept).toEqual({ type: 'done', outcome: { result: { ...result, adopted: false }, weights: null } });
  });

  it('refuses anything else', () => {
    for (const message of [
      undefined,
      null,
      'done',
      { type: 'done' },
      { type: 'done', outcome: { weights: 'all of them' } },
      { type: 'done', outcome: { result, weights: [1, 2, 3] } },
      { type: 'done', outcome: { result, weights: default_w.map(() => Number.NaN) } },
      { type: 'done', outcome: { result: { ...result, after: { logLoss: Infinity, rmse: 0.1 } }, weights: null } },
      { type: 'progress', phase: 'Fitting', progress: 2 },
      { type: 'progress', phase: 'x'.repeat(101), progress: 0.5 },
      { type: 'failed', message: '' },
      { type: 'exploded' },
    ]) {
      expect(parseChildMessage(message)).toBeUndefined();
    }
  });
});
