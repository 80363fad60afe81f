import { describe, expect, it } from 'vitest';
import { replyTokens } from './offline-assistant';
import {
  CONNECT_MODEL_HINT,
  hasAnsweredBefore,
  mostRelevantSentences,
  offlineLessonReply,
  offlineReply,
  sentencesOf,
} from './offline-reply';

describe('offline reply', () => {
  it('splits text into sentences', () => {
    expect(sentencesOf('One. Two!  Three?\nFour')).toEqual(['One.', 'Two!', 'Three?', 'Four']);
  });

  it('does not end a sentence at a decimal point, a price or an abbreviation', () => {
    expect(
      sentencesOf('Keep fees under 0.2% a year. A fund at 1.5% costs $3.50 more per $100! The U.S. market is big.'),
    ).toEqual(['Keep fees under 0.2% a year.', 'A fund at 1.5% costs $3.50 more per $100!', 'The U.S. market is big.']);
    expect(
      mostRelevantSentences('Index funds charge under 0.2% a year. Bonds pay interest.', 'fees of index funds', 1),
    ).toEqual(['Index funds charge under 0.2% a year.']);
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

  it('names a past chat and a lesson moment it quotes, with their numbers (decision 039)', () => {
    const reply = offlineReply('when is the dentist?', [
      { name: 'Plans', content: 'The dentist is on Friday.', citation: 1, found: { kind: 'chat' } },
      { name: 'Why invest', content: 'Prices rise.', citation: 2, found: { kind: 'lesson', at: '01:05' } },
    ]);
    expect(reply).toContain('**From your chat “Plans” [1]:**');
    expect(reply).toContain('**From the lesson “Why invest” at 01:05 [2]:**');
  });

  it('in a lesson, quotes the learner notes and cards found beside the transcript (decision 044)', () => {
    const lesson = {
      title: 'Why invest',
      transcript: [{ sentence: 'Compounding grows money.', startMs: 0 }],
      currentIndex: 0,
    };
    const reply = offlineLessonReply('why compounding?', lesson, true, [
      { name: 'Plan', content: 'I reinvest for compounding.', citation: 1 },
      { name: 'Why compounding?', content: 'Growth on growth.', citation: 2, found: { kind: 'card' } },
    ]);
    expect(reply).toContain('- [00:00] Compounding grows money.');
    expect(reply).toContain('**From your note “Plan” [1]:**\n\n> I reinvest for compounding.');
    expect(reply).toContain('**From your card “Why compounding?” [2]:**');
    expect(offlineLessonReply('why compounding?', lesson)).not.toContain('From your');
  });

  it('names a card it quotes by its front (decision 044)', () => {
    const reply = offlineReply('what are fund fees?', [
      { name: 'What are fund fees?', content: 'What are fund fees?\n\nCosts.', citation: 1, found: { kind: 'card' } },
    ]);
    expect(reply).toContain('**From your card “What are fund fees?” [1]:**');
  });

  it('without notes, explains how to mention one', () => {
    expect(offlineReply('hello', [])).toContain('Mention a note with **@**');
  });

  it('says how to connect a model in the first reply of a conversation only', () => {
    const notes = [{ name: 'Errands', content: 'Dentist on Friday at 9.' }];
    const first = offlineReply('dentist?', notes, true);
    const later = offlineReply('dentist?', notes, false);
    expect(first).toContain(CONNECT_MODEL_HINT);
    expect(first).toContain('offline assistant');
    expect(later).not.toContain('LLM_BASE_URL');
    expect(later).not.toContain('offline assistant');
    expect(later).toContain('> Dentist on Friday at 9.');
    const lesson = { title: 'Fees', transcript: [{ sentence: 'Fees matter.', startMs: 0 }], currentIndex: 0 };
    expect(offlineLessonReply('fees', lesson, true)).toContain(CONNECT_MODEL_HINT);
    expect(offlineLessonReply('fees', lesson, false)).not.toContain('LLM_BASE_URL');
  });

  it('knows a conversation was answered before from an earlier assistant message', () => {
    expect(hasAnsweredBefore([{ role: 'user' }])).toBe(false);
    expect(hasAnsweredBefore([{ role: 'user' }, { role: 'assistant' }, { role: 'user' }])).toBe(true);
    // A reply being regenerated: the assistant message after the question does not count.
    expect(hasAnsweredBefore([{ role: 'user' }, { role: 'assistant' }])).toBe(false);
  });

  it('streams markdown spans whole, so no lone "_" or "**" shows while streaming or after Stop', () => {
    const reply = offlineReply('dentist?', [{ name: 'Errands', content: 'Dentist on Friday at 9.' }], true);
    const tokens = replyTokens(reply);
    expect(tokens.join('')).toBe(reply);
    expect(tokens[0]).toBe(
      "_I'm Turtle's offline assistant: no AI model is connected, so I can only quote your notes._",
    );
    expect(tokens).toContain('\n\n**From your note “Errands”:**');
    // Every prefix of the stream has its emphasis markers paired.
    for (let count = 1; count <= tokens.length; count += 1) {
      const shown = tokens
        .slice(0, count)
        .join('')
        .replace(/`[^`]*`/g, '');
      expect((shown.match(/\*\*/g) ?? []).length % 2, shown).toBe(0);
      expect((shown.match(/(^|\s)_|_(\s|$)/g) ?? []).length % 2, shown).toBe(0);
    }
  });
});
