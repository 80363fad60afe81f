import { describe, expect, it } from 'vitest';
import { parseLessonScript, splitSentences } from './sentences';
import { toSpeechText } from './speech-text';

describe('splitSentences', () => {
  it('splits at full stops, question marks and exclamation marks', () => {
    expect(splitSentences('Why invest? Because of inflation. It adds up!')).toEqual([
      'Why invest?',
      'Because of inflation.',
      'It adds up!',
    ]);
  });

  it('keeps abbreviations inside their sentence', () => {
    expect(splitSentences('Some funds, e.g. Index funds, are cheap. Most U.S. funds are not. See Mr. Smith.')).toEqual([
      'Some funds, e.g. Index funds, are cheap.',
      'Most U.S. funds are not.',
      'See Mr. Smith.',
    ]);
    expect(splitSentences('Stocks vs. bonds, i.e. Ownership versus loans. Done.')).toEqual([
      'Stocks vs. bonds, i.e. Ownership versus loans.',
      'Done.',
    ]);
  });

  it('never splits decimal numbers or amounts', () => {
    expect(splitSentences('It grew 7.5% to $1,000.50 this year. Then it fell 0.5%.')).toEqual([
      'It grew 7.5% to $1,000.50 this year.',
      'Then it fell 0.5%.',
    ]);
  });

  it('splits before a sentence that starts with a number or an amount', () => {
    expect(splitSentences('Costs matter. 1% a year is a lot. $200 a month adds up.')).toEqual([
      'Costs matter.',
      '1% a year is a lot.',
      '$200 a month adds up.',
    ]);
  });

  it('keeps closing quotes and brackets with their sentence', () => {
    expect(splitSentences('He said "Sell everything." Then he regretted it. (It recovered.) Fine.')).toEqual([
      'He said "Sell everything."',
      'Then he regretted it.',
      '(It recovered.)',
      'Fine.',
    ]);
  });

  it('does not split before a lowercase word, and keeps a last sentence without a full stop', () => {
    expect(splitSentences('It rose 3 p.c. a year. and more\nwithout end')).toEqual([
      'It rose 3 p.c. a year. and more without end',
    ]);
  });

  it('treats an ellipsis as one ending', () => {
    expect(splitSentences('Wait... Then buy.')).toEqual(['Wait...', 'Then buy.']);
  });
});

describe('parseLessonScript', () => {
  it('reads the title and the sentences by paragraph', () => {
    const script = parseLessonScript('# Risk and return\n\nFirst one. Second one.\n\n\nThird,\nacross lines.\n');
    expect(script).toEqual({
      title: 'Risk and return',
      paragraphs: [['First one.', 'Second one.'], ['Third, across lines.']],
    });
  });

  it('refuses a script without a title line', () => {
    expect(() => parseLessonScript('Just prose.\n')).toThrow(/# <title>/);
  });
});

describe('toSpeechText', () => {
  it('reads money the way a person would', () => {
    expect(toSpeechText('You invest $1,000 and get $1,070.')).toBe('You invest 1,000 dollars and get 1,070 dollars.');
    expect(toSpeechText('An average cost of $24.32 a share, or $1.')).toBe(
      'An average cost of 24 dollars and 32 cents a share, or 1 dollar.',
    );
  });

  it('spells out acronyms espeak-ng would read as words', () => {
    expect(toSpeechText('A 401(k), two IRAs and an ETF.')).toBe("A four oh one k, two I R A's and an E T F.");
  });
});
