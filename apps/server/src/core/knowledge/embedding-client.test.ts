import { describe, expect, it } from 'vitest';
import { EmbeddingFault, vectorsOf } from './embedding-client';

// docs/decisions/048-semantic-search.md: only a vector of numbers per text, all of one length, is an answer.
describe('vectorsOf', () => {
  it('places the vectors by their index', () => {
    const answer = {
      data: [
        { index: 1, embedding: [0, 1] },
        { index: 0, embedding: [1, 0] },
      ],
    };
    expect(vectorsOf(answer, 2)).toEqual([
      [1, 0],
      [0, 1],
    ]);
  });

  it.each([
    ['no data', {}],
    ['too few vectors', { data: [{ embedding: [1] }] }],
    ['vectors of two lengths', { data: [{ embedding: [1, 2] }, { embedding: [1] }] }],
    ['a vector of strings', { data: [{ embedding: ['1'] }, { embedding: ['2'] }] }],
    ['an empty vector', { data: [{ embedding: [] }, { embedding: [] }] }],
    [
      'an index out of range',
      {
        data: [
          { index: 0, embedding: [1] },
          { index: 5, embedding: [1] },
        ],
      },
    ],
  ])('refuses an answer with %s', (_, answer) => {
    expect(() => vectorsOf(answer, 2)).toThrow(EmbeddingFault);
  });
});
