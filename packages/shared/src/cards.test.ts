import { describe, expect, it } from 'vitest';
import { cardOrdinals, cardSides, CardContentSchema, sourceHref } from './cards';
import { clozeNumbers, renderCloze } from './cards-cloze';

describe('cloze deletions', () => {
  const text = 'The {{c1::S&P 500}} holds {{c2::500::how many?}} companies; {{c1::index funds}} track it.';
  it('finds each cloze number once', () => {
    expect(clozeNumbers(text)).toEqual([1, 2]);
    expect(clozeNumbers('none')).toEqual([]);
    expect(clozeNumbers('{{c0::zero}} {{c51::too far}}')).toEqual([]);
  });
  it('hides one number on the question (its hint when it has one) and bolds it on the answer', () => {
    expect(renderCloze(text, 1, 'question')).toBe('The […] holds 500 companies; […] track it.');
    expect(renderCloze(text, 2, 'question')).toBe('The S&P 500 holds [how many?] companies; index funds track it.');
    expect(renderCloze(text, 1, 'answer')).toBe('The **S&P 500** holds 500 companies; **index funds** track it.');
  });
});

describe('cards of a note', () => {
  it('basic makes one card, reversed two, cloze one per number', () => {
    expect(cardOrdinals('basic', 'x')).toEqual([0]);
    expect(cardOrdinals('reversed', 'x')).toEqual([0, 1]);
    expect(cardOrdinals('cloze', '{{c3::a}} {{c1::b}}')).toEqual([1, 3]);
  });
  it('the reversed card asks the back; a cloze card shows its extra under the answer', () => {
    expect(cardSides({ kind: 'reversed', ordinal: 1, front: 'ETF', back: 'Exchange-traded fund' })).toEqual({
      question: 'Exchange-traded fund',
      answer: 'ETF',
    });
    expect(cardSides({ kind: 'cloze', ordinal: 1, front: '{{c1::Bonds}} are loans.', back: 'Also: debt.' })).toEqual({
      question: '[…] are loans.',
      answer: '**Bonds** are loans.\n\n---\n\nAlso: debt.',
    });
  });
  it('a source chip opens the note, the lesson at its moment, or the chat at its reply', () => {
    expect(sourceHref({ kind: 'note', noteId: 'n 1', label: 'x' })).toBe('/note/n%201');
    expect(sourceHref({ kind: 'lesson', lessonId: '2', ms: 61500, label: 'x' })).toBe('/learn/2?t=61500');
    expect(sourceHref({ kind: 'chat', conversationId: 'c', messageId: 'm', label: 'x' })).toBe('/chats?c=c&m=m');
  });
  it('trims the text and keeps tags to single words', () => {
    expect(CardContentSchema.parse({ kind: 'basic', front: '  Q  ', back: ' A ', tags: ['x'] })).toEqual({
      kind: 'basic',
      front: 'Q',
      back: 'A',
      tags: ['x'],
    });
    expect(CardContentSchema.safeParse({ kind: 'basic', front: 'Q', tags: ['two words'] }).success).toBe(false);
  });
});
