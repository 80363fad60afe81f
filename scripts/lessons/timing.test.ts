import { describe, expect, it } from 'vitest';
import {
  LEAD_IN_MS,
  layoutClips,
  mixClips,
  PARAGRAPH_PAUSE_MS,
  parseDurationMs,
  pauseScaleFor,
  SENTENCE_PAUSE_MS,
  TAIL_MS,
} from './timing';

const SAMPLE_RATE = 22_050;
const seconds = (s: number): number => Math.round(s * SAMPLE_RATE);

describe('parseDurationMs', () => {
  it('reads m:ss', () => {
    expect(parseDurationMs('3:37')).toBe(217_000);
    expect(parseDurationMs('6:56')).toBe(416_000);
    expect(() => parseDurationMs('3:7')).toThrow();
  });
});

describe('layoutClips', () => {
  const clipLengths = [seconds(3.1), seconds(2.45), seconds(4.02), seconds(1.5)];
  const paragraphEnds = [false, true, false, true];
  const nominalPausesMs = SENTENCE_PAUSE_MS * 2 + PARAGRAPH_PAUSE_MS;
  const speechMs = (clipLengths.reduce((sum, length) => sum + length, 0) * 1000) / SAMPLE_RATE;
  // Pauses at exactly 1.25 times their nominal length.
  const targetMs = Math.round(LEAD_IN_MS + TAIL_MS + speechMs + nominalPausesMs * 1.25);
  const layout = layoutClips({ sampleRate: SAMPLE_RATE, clipLengths, paragraphEnds, targetMs });

  it('fills the target duration exactly', () => {
    expect(layout.totalSamples).toBe((targetMs * SAMPLE_RATE) / 1000);
    expect(layout.pauseScale).toBeCloseTo(1.25, 2);
  });

  it('starts after the lead-in, on whole milliseconds (20 ms ticks), in order and without overlap', () => {
    expect(layout.startMs[0]).toBe(LEAD_IN_MS);
    for (const [index, startMs] of layout.startMs.entries()) {
      expect(Number.isInteger(startMs)).toBe(true);
      expect(startMs % 20).toBe(0);
      expect(layout.startSamples[index]).toBe((startMs * SAMPLE_RATE) / 1000);
    }
    for (let index = 1; index < clipLengths.length; index += 1) {
      const previousEnd = (layout.startSamples[index - 1] ?? 0) + (clipLengths[index - 1] ?? 0);
      expect(layout.startSamples[index]).toBeGreaterThan(previousEnd);
    }
  });

  it('pauses longer at a paragraph end than between sentences', () => {
    const gapMs = (index: number): number =>
      (((layout.startSamples[index + 1] ?? 0) - (layout.startSamples[index] ?? 0) - (clipLengths[index] ?? 0)) * 1000) /
      SAMPLE_RATE;
    // Each start is rounded to a 20 ms tick, so a pause may differ from its ideal length by up to 20 ms.
    expect(Math.abs(gapMs(0) - SENTENCE_PAUSE_MS * 1.25)).toBeLessThanOrEqual(20);
    expect(Math.abs(gapMs(1) - PARAGRAPH_PAUSE_MS * 1.25)).toBeLessThanOrEqual(20);
    expect(Math.abs(gapMs(2) - SENTENCE_PAUSE_MS * 1.25)).toBeLessThanOrEqual(20);
  });

  it('places each clip at its start in the mixed audio', () => {
    const clips = clipLengths.map((length, index) => new Int16Array(length).fill(index + 1));
    const mixed = mixClips(clips, layout);
    expect(mixed.length).toBe(layout.totalSamples);
    expect(mixed[(layout.startSamples[2] ?? 0) - 1]).toBe(0);
    expect(mixed[layout.startSamples[2] ?? 0]).toBe(3);
    expect(mixed[mixed.length - 1]).toBe(0);
  });

  it('refuses pauses stretched or squeezed beyond natural bounds', () => {
    const target = { sampleRate: SAMPLE_RATE, paragraphEnds, targetMs: targetMs + 10_000 };
    expect(
      pauseScaleFor(
        clipLengths.reduce((a, b) => a + b, 0),
        target,
      ),
    ).toBeGreaterThan(2);
    expect(() => layoutClips({ ...target, clipLengths })).toThrow(/outside/);
    expect(() => layoutClips({ ...target, targetMs: targetMs - 2_000, clipLengths })).toThrow(/outside/);
  });
});
