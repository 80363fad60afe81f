import { describe, expect, it } from 'vitest';
import { ACCEPTED_PAUSE_SCALE, fitRate, START_RATE_WPM } from './fit-rate';
import { MAX_RATE_WPM } from './synthesize';

const SAMPLE_RATE = 22_050;
const paragraphEnds = [...Array.from({ length: 39 }, (_, index) => index % 5 === 4), true];

/** A fake voice: 40 sentences whose total length is inversely proportional to the rate, like espeak-ng's. */
function fakeVoice(totalSecondsAt160: number): {
  calls: number[];
  synthesize: (rate: number) => Promise<Int16Array[]>;
} {
  const calls: number[] = [];
  return {
    calls,
    synthesize: async (rate) => {
      calls.push(rate);
      const each = Math.round(((totalSecondsAt160 * 160) / rate / 40) * SAMPLE_RATE);
      return Array.from({ length: 40 }, () => new Int16Array(each));
    },
  };
}

describe('fitRate', () => {
  it('keeps the starting rate when the pauses need only a gentle adjustment', async () => {
    const voice = fakeVoice(180);
    const fit = await fitRate(voice.synthesize, { sampleRate: SAMPLE_RATE, paragraphEnds, targetMs: 203_000 });
    expect(voice.calls).toEqual([START_RATE_WPM]);
    expect(fit.pauseScale).toBeGreaterThanOrEqual(ACCEPTED_PAUSE_SCALE[0]);
  });

  it('speeds up a long script until the pauses fit', async () => {
    const voice = fakeVoice(215);
    const fit = await fitRate(voice.synthesize, { sampleRate: SAMPLE_RATE, paragraphEnds, targetMs: 217_000 });
    expect(fit.rateWpm).toBeGreaterThan(START_RATE_WPM);
    expect(fit.pauseScale).toBeGreaterThanOrEqual(ACCEPTED_PAUSE_SCALE[0]);
    expect(fit.pauseScale).toBeLessThanOrEqual(ACCEPTED_PAUSE_SCALE[1]);
    expect(voice.calls.length).toBeLessThanOrEqual(3);
  });

  it('settles on the fastest allowed rate for a script far too long, leaving the layout to refuse it', async () => {
    const voice = fakeVoice(400);
    const fit = await fitRate(voice.synthesize, { sampleRate: SAMPLE_RATE, paragraphEnds, targetMs: 217_000 });
    expect(fit.rateWpm).toBe(MAX_RATE_WPM);
    expect(fit.pauseScale).toBeLessThan(0);
  });
});
