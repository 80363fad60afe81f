import { describe, expect, it } from 'vitest';
import { formatClock, fullScriptOf, parseDuration, sentenceIndexAt, TIMESTAMP_PATTERN } from './lesson-helpers';

const transcript = [
  { sentence: 'One.', startMs: 0, isParagraphEnd: false },
  { sentence: 'Two.', startMs: 1000, isParagraphEnd: true },
  { sentence: 'Three.', startMs: 2500, isParagraphEnd: true },
];

describe('lesson helpers', () => {
  it('joins the script with spaces and a blank line at paragraph ends', () => {
    expect(fullScriptOf(transcript)).toBe('One. Two.\n\nThree.');
  });

  it('finds the last sentence starting at or before a time', () => {
    expect(sentenceIndexAt(transcript, -1)).toBe(-1);
    expect(sentenceIndexAt(transcript, 0)).toBe(0);
    expect(sentenceIndexAt(transcript, 999)).toBe(0);
    expect(sentenceIndexAt(transcript, 1000)).toBe(1);
    expect(sentenceIndexAt(transcript, 99_999)).toBe(2);
    expect(sentenceIndexAt([], 5)).toBe(-1);
  });

  it('formats mm:ss and reads listed durations', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(65_999)).toBe('01:05');
    expect(formatClock(-5)).toBe('00:00');
    expect(parseDuration('3:37')).toBe(217_000);
    expect(parseDuration('3:7')).toBeNaN();
  });

  it('finds [mm:ss] citations', () => {
    expect([...'See [01:05] and [12:30], not [1:5].'.matchAll(TIMESTAMP_PATTERN)].map((match) => match[0])).toEqual([
      '[01:05]',
      '[12:30]',
    ]);
  });
});
