import { describe, expect, it } from 'vitest';
import { draftOfflineCards, plainText } from './offline-card-drafter';
import { parseModelCards } from './openai-card-drafter';

describe('the offline card drafter', () => {
  it('makes cloze cards from the key sentences, hiding a number first, else a term the source repeats', () => {
    const cards = draftOfflineCards({
      kind: 'note',
      title: 'Funds',
      passages: [
        {
          text: 'Index funds hold every stock in an index. Fees for index funds are often below 0.1 percent. Hi. Why do index funds win?',
        },
      ],
    });
    expect(cards).toEqual([
      { kind: 'cloze', front: '{{c1::Index}} funds hold every stock in an index.', back: '', ms: undefined },
      { kind: 'cloze', front: 'Fees for index funds are often below {{c1::0.1}} percent.', back: '', ms: undefined },
    ]);
  });

  it('keeps a lesson sentence’s moment, and makes at most 8 cards', () => {
    const passages = Array.from({ length: 20 }, (_, index) => ({
      text: `Sentence number ${index} talks about saving money.`,
      ms: index * 1000,
    }));
    const cards = draftOfflineCards({ kind: 'lesson', title: 'Saving', passages });
    expect(cards).toHaveLength(8);
    expect(cards.every((card) => card.ms !== undefined && card.front.includes(`{{c1::`))).toBe(true);
  });

  it('reads markdown as a person would: no quote marks, emphasis or whole-line remarks', () => {
    expect(
      plainText('_I am offline._\n\n**From your note:**\n\n> Bonds are **loans**.\n- [A link](http://x) here'),
    ).toBe('\nFrom your note:\n\nBonds are loans.\nA link here');
  });

  it('has nothing to draft from an empty text', () => {
    expect(draftOfflineCards({ kind: 'note', title: 'x', passages: [{ text: '   ' }] })).toEqual([]);
  });
});

describe('reading a model’s answer', () => {
  it('takes JSON of the schema, even in a code fence', () => {
    expect(parseModelCards('```json\n{"cards":[{"kind":"basic","front":"Q","back":"A","passage":null}]}\n```')).toEqual(
      {
        cards: [{ kind: 'basic', front: 'Q', back: 'A', passage: null }],
      },
    );
  });
  it('says what is wrong otherwise, for the repair request', () => {
    expect(parseModelCards('not json')).toEqual({ problem: 'The answer was not valid JSON.' });
    expect(parseModelCards('{"cards":[{"kind":"essay","front":"Q","back":"A"}]}')).toMatchObject({
      problem: expect.stringContaining('cards.0.kind'),
    });
  });
});
