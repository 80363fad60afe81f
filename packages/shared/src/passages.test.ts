import { describe, expect, it } from 'vitest';
import { passageSpans } from './passages';

// docs/decisions/039-shared-lesson-passages.md: a note opens at a passage, found again by its range in the text.
describe('passageSpans', () => {
  it('gives each passage the range of the text it covers', () => {
    const text = '  # Fees\n\nLow fees.\n \n## Taxes\n\n\nHigh taxes.  \n';
    const spans = passageSpans(text);
    expect(spans.map((span) => span.text)).toEqual(['# Fees\n\nLow fees.', '## Taxes\n\nHigh taxes.']);
    expect(text.slice(spans[0]!.start, spans[0]!.end)).toBe('# Fees\n\nLow fees.');
    expect(text.slice(spans[1]!.start, spans[1]!.end)).toBe('## Taxes\n\n\nHigh taxes.');
  });

  it('gives a window of a long paragraph the range from its first word to its last', () => {
    const words = Array.from({ length: 600 }, (_, index) => `w${index}`);
    const text = `Intro.\n\n${words.join('  ')}`;
    const spans = passageSpans(text);
    for (const span of spans.slice(1)) {
      expect(text.slice(span.start, span.end).split(/\s+/)).toEqual(span.text.split(' '));
    }
    expect(spans.at(-1)!.end).toBe(text.length);
  });
});
