import { describe, expect, it } from 'vitest';
import { mostRelevantSentences, offlineReply, sentencesOf } from './offline-reply';

describe('offline reply', () => {
  it('splits text into sentences', () => {
    expect(sentencesOf('One. Two!  Three?\nFour')).toEqual(['One.', 'Two!', 'Three?', 'Four']);
  });

  it('quotes the sentences that share words with the question, in their order', () => {
    const text = 'Bonds pay interest. Stocks are shares of a company. Index funds hold many stocks. The sky is blue.';
    expect(mostRelevantSentences(text, 'What do index funds hold?', 2)).toEqual(['Index funds hold many stocks.']);
    expect(mostRelevantSentences(text, 'tell me about stocks', 3)).toEqual([
      'Stocks are shares of a company.',
      'Index funds hold many stocks.',
    ]);
  });

  it('falls back to the first sentences when nothing matches', () => {
    expect(mostRelevantSentences('Alpha one. Beta two. Gamma three. Delta four.', 'zebra', 2)).toEqual([
      'Alpha one.',
      'Beta two.',
    ]);
  });

  it('says it is offline, names each note and quotes it as markdown', () => {
    const reply = offlineReply('when is the dentist?', [
      { name: 'Errands', content: 'Dentist on Friday at 9. Buy milk.' },
    ]);
    expect(reply).toContain('offline assistant');
    expect(reply).toContain('**From your note “Errands”:**');
    expect(reply).toContain('> Dentist on Friday at 9.');
    expect(reply).toContain('LLM_BASE_URL');
  });

  it('without notes, explains how to mention one', () => {
    expect(offlineReply('hello', [])).toContain('Mention a note with **@**');
  });
});
