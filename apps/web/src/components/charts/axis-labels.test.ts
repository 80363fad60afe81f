import { describe, expect, it } from 'vitest';
import { LABEL_FONT_PX, LABEL_GAP_PX, LABEL_LINE_PX, layoutAxisLabels } from './axis-labels';

/** A monospaced stand-in for the canvas: 7 px a character. */
const measure = (text: string) => text.length * 7;
const STABILITY = ['under 1 day', '1–7 days', '1–4 weeks', '1–3 months', '3–12 months', 'over a year'];
const MONTHS = Array.from({ length: 12 }, (_, index) => `2026-${String(index + 1).padStart(2, '0')}`);
const DATES = Array.from({ length: 30 }, (_, day) => `11-${String(day + 1).padStart(2, '0')}`);

describe('layoutAxisLabels', () => {
  it('keeps every label on one line when the widest fits its bar', () => {
    const slot = measure('3–12 months') + LABEL_GAP_PX;
    expect(layoutAxisLabels(STABILITY, slot, measure)).toEqual({
      every: 1,
      text: STABILITY,
      rotate: 0,
      heightPx: LABEL_LINE_PX,
    });
  });

  it('wraps bucket labels at their spaces when a bar is narrower than the widest label', () => {
    const layout = layoutAxisLabels(STABILITY, 58, measure);
    expect(layout).toMatchObject({ every: 1, rotate: 0, heightPx: 2 * LABEL_LINE_PX });
    expect(layout.text).toEqual([
      'under 1\nday',
      '1–7\ndays',
      '1–4\nweeks',
      '1–3\nmonths',
      '3–12\nmonths',
      'over a\nyear',
    ]);
    for (const label of layout.text) {
      for (const line of label.split('\n')) expect(measure(line) + LABEL_GAP_PX).toBeLessThanOrEqual(58);
    }
  });

  it('turns the labels 45° when a word is wider than a bar but the bars are wide enough for slanted lines', () => {
    // "months" is 42 px: it cannot wrap into a 40 px bar.
    const buckets = layoutAxisLabels(STABILITY, 40, measure);
    expect(buckets).toMatchObject({ every: 1, text: STABILITY, rotate: 45 });
    expect(buckets.heightPx).toBe(Math.ceil((measure('3–12 months') + LABEL_FONT_PX) * Math.SQRT1_2));
    // Months cannot wrap at all.
    expect(layoutAxisLabels(MONTHS, 24, measure)).toMatchObject({ every: 1, rotate: 45 });
  });

  it('shows every n-th label, straight, when even slanted ones would touch (dates), with room between those shown', () => {
    const layout = layoutAxisLabels(DATES, 11, measure);
    expect(layout).toMatchObject({ every: 4, text: DATES, rotate: 0 });
    // Shown labels are `every` bars apart: each label and the gap fit in that distance, and one bar fewer would not do.
    expect(measure('11-01') + LABEL_GAP_PX).toBeLessThanOrEqual(layout.every * 11);
    expect(measure('11-01') + LABEL_GAP_PX).toBeGreaterThan((layout.every - 1) * 11);
  });

  it('shows one label while the chart has no width yet, and copes with no labels', () => {
    expect(layoutAxisLabels(['a b', 'c d'], 0, measure).every).toBe(2);
    expect(layoutAxisLabels([], 40, measure)).toMatchObject({ every: 1, text: [] });
  });
});
