import { describe, expect, it } from 'vitest';
import { passageAt } from './passage-at';

// docs/decisions/039-shared-lesson-passages.md: a source opens the note at its passage.
describe('passageAt', () => {
  const note = '# Fees\n\nLow.\n\n# Taxes\n\nHigh.';

  it('finds the passage at a position, with its range in the text', () => {
    expect(passageAt(note, '1')).toEqual({ text: '# Taxes\n\nHigh.', start: 14, end: 28 });
    expect(note.slice(14, 28)).toBe('# Taxes\n\nHigh.');
  });

  it('has none for a position past the end or anything else', () => {
    for (const position of [null, '', '2', '-1', '1.5', 'x', '1e3']) expect(passageAt(note, position)).toBeUndefined();
  });
});
