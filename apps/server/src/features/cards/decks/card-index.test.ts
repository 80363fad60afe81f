import { describe, expect, it } from 'vitest';
import { CARD_TITLE_MAX, cardPlainText, cardTitle } from './card-index';

// docs/decisions/044-cards-in-the-index.md: a card is indexed as what a person reads on it.
describe('cardPlainText', () => {
  it('takes out cloze marks, HTML tags, images and sounds, and reads entities', () => {
    expect(cardPlainText('Fees of {{c1::1%::rate}} add up')).toBe('Fees of 1% add up');
    expect(cardPlainText('<div><b>Index</b>&nbsp;fund</div><div>cheap &amp; broad</div>')).toBe(
      'Index fund\ncheap & broad',
    );
    expect(cardPlainText('A chart ![the chart](/api/cards/media/abc) [sound:fr.mp3]')).toBe('A chart the chart');
    expect(cardPlainText('&#233;t&#xE9; &bogus; &#0;')).toBe('été &bogus; &#0;');
    expect(cardPlainText('one<br>two\n\n\n\nthree')).toBe('one\ntwo\n\nthree');
  });
});

describe('cardTitle', () => {
  it('is the front on one line, cut at its limit, or says the card is untitled', () => {
    expect(cardTitle('What is\n<i>risk</i>?')).toBe('What is risk?');
    expect(cardPlainText('<b>In</b>dex<hr>fund')).toBe('Index fund');
    const long = cardTitle('word '.repeat(100));
    expect(long.length).toBeLessThanOrEqual(CARD_TITLE_MAX);
    expect(long.endsWith('…')).toBe(true);
    expect(cardTitle('<img src="/api/cards/media/abc">')).toBe('Untitled card');
  });
});
