import { describe, expect, it } from 'vitest';
import { lessonPassages } from './lesson-passages';

const sentence = (text: string, startMs: number, isParagraphEnd = false) => ({
  sentence: text,
  startMs,
  isParagraphEnd,
});

// docs/decisions/039-shared-lesson-passages.md: a transcript as passages of a few sentences with their start.
describe('lessonPassages', () => {
  it('ends a passage at a paragraph end, with the start of its first sentence', () => {
    expect(
      lessonPassages([
        sentence('One.', 0),
        sentence('Two.', 900, true),
        sentence('Three.', 2000),
        sentence('Four.', 3000),
      ]),
    ).toEqual([
      { body: 'One. Two.', startMs: 0 },
      { body: 'Three. Four.', startMs: 2000 },
    ]);
  });

  it('holds at most four sentences or about sixty words, and loses none', () => {
    const transcript = Array.from({ length: 10 }, (_, index) => sentence(`S${index}.`, index * 1000));
    const passages = lessonPassages(transcript);
    expect(passages.map((passage) => passage.startMs)).toEqual([0, 4000, 8000]);
    expect(passages.map((passage) => passage.body).join(' ')).toBe(transcript.map((entry) => entry.sentence).join(' '));
    const long = `${'word '.repeat(70).trim()}.`;
    expect(lessonPassages([sentence(long, 0), sentence('Next.', 5000)])).toEqual([
      { body: long, startMs: 0 },
      { body: 'Next.', startMs: 5000 },
    ]);
  });

  it('has no passage for an empty transcript', () => {
    expect(lessonPassages([])).toEqual([]);
  });
});
