import { describe, expect, it } from 'vitest';
import { PASSAGE_WORDS, splitIntoPassages } from './split-passages';

const words = (count: number, word = 'word') =>
  Array.from({ length: count }, (_, index) => `${word}${index}`).join(' ');

describe('splitIntoPassages', () => {
  it('keeps a short note whole, and an empty one as no passage', () => {
    expect(splitIntoPassages('Fund fees: pick the index fund.\n\nIt costs 0.1% a year.')).toEqual([
      'Fund fees: pick the index fund.\n\nIt costs 0.1% a year.',
    ]);
    expect(splitIntoPassages('  \n\n ')).toEqual([]);
  });

  it('starts a new passage at each heading', () => {
    expect(splitIntoPassages('# Fees\n\nLow.\n\n## Taxes\n\nHigh.')).toEqual(['# Fees\n\nLow.', '## Taxes\n\nHigh.']);
  });

  it('gathers paragraphs until a passage has enough words', () => {
    const paragraph = words(60);
    const passages = splitIntoPassages(Array.from({ length: 8 }, () => paragraph).join('\n\n'));
    expect(passages).toHaveLength(2);
    for (const passage of passages) expect(passage.split(/\s+/).length).toBeGreaterThanOrEqual(PASSAGE_WORDS);
  });

  it('cuts a long paragraph into overlapping windows that lose no word', () => {
    const text = words(1000);
    const passages = splitIntoPassages(text);
    expect(passages.length).toBeGreaterThan(3);
    const seen = new Set(passages.flatMap((passage) => passage.split(' ')));
    for (const word of text.split(' ')) expect(seen.has(word)).toBe(true);
    // Consecutive windows share words, so a sentence cut at one edge is whole in the other.
    const [first, second] = passages.map((passage) => passage.split(' '));
    expect(second!.slice(0, 10).every((word) => first!.includes(word))).toBe(true);
  });

  it('splits a note of a megabyte', () => {
    const text = Array.from({ length: 3200 }, (_, index) => `Paragraph ${index} ${words(80, 'w')}`).join('\n\n');
    expect(text.length).toBeGreaterThan(1_000_000);
    const passages = splitIntoPassages(text);
    expect(passages.length).toBeGreaterThan(1000);
    expect(passages.join(' ').length).toBeGreaterThanOrEqual(text.replace(/\n\n/g, ' ').length - passages.length);
  });
});
