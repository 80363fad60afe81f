import { describe, expect, it } from 'vitest';
import { containsPattern, needsTrigrams, trigramHeadline, trigramTerms } from './trigram-match';

// docs/decisions/044-cards-in-the-index.md: a query in a script without word breaks is matched by trigrams.
describe('needsTrigrams', () => {
  it('is true for Chinese, Japanese and Thai, false for spaced scripts', () => {
    expect(needsTrigrams('学习中文')).toBe(true);
    expect(needsTrigrams('にほんご')).toBe(true);
    expect(needsTrigrams('カタカナ')).toBe(true);
    expect(needsTrigrams('ภาษาไทย')).toBe(true);
    expect(needsTrigrams('index fund')).toBe(false);
    expect(needsTrigrams('Москва café 한국어')).toBe(false);
  });
});

describe('trigramTerms', () => {
  it('cuts an unbroken run into overlapping trigrams and keeps other words whole', () => {
    expect(trigramTerms('学习中文')).toEqual(['学习中', '习中文']);
    expect(trigramTerms('中文')).toEqual(['中文']);
    expect(trigramTerms('ETF是什么？')).toEqual(['etf', '是什么']);
    expect(trigramTerms('日本語の勉強')).toEqual(['日本語', '本語の', '語の勉', 'の勉強']);
    expect(trigramTerms('コーヒー')).toEqual(['コーヒ', 'ーヒー']);
    expect(trigramTerms('a 学')).toEqual(['学']);
    expect(trigramTerms('😀 𠮷野家')).toEqual(['𠮷野家']);
  });

  it('keeps at most 32 terms', () => {
    expect(trigramTerms('一二三四五六七八九十'.repeat(10))).toHaveLength(10);
    expect(trigramTerms(Array.from({ length: 40 }, (_, index) => `word${index}`).join(' '))).toHaveLength(32);
  });
});

describe('containsPattern', () => {
  it('takes % _ and \\ literally', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});

describe('trigramHeadline', () => {
  it('marks the terms, overlapping pieces as one', () => {
    const { snippet, highlights } = trigramHeadline('我每天都喜欢学习中文和日语。', ['学习中', '习中文']);
    expect(snippet).toBe('我每天都喜欢学习中文和日语。');
    expect(highlights.map(([start, length]) => snippet.slice(start, start + length))).toEqual(['学习中文']);
  });

  it('starts a long body shortly before the first term', () => {
    const body = `${'前'.repeat(300)}学习中文${'后'.repeat(300)}`;
    const { snippet, highlights } = trigramHeadline(body, ['学习中', '习中文']);
    expect(snippet.length).toBe(160);
    expect(highlights).toEqual([[40, 4]]);
  });

  it('never cuts a surrogate pair', () => {
    const body = `${'𠮷'.repeat(30)}野家${'𠮷'.repeat(100)}`;
    const { snippet } = trigramHeadline(body, ['野家']);
    expect(snippet.startsWith('𠮷')).toBe(true);
    expect([...snippet].every((char) => char === '𠮷' || char === '野' || char === '家')).toBe(true);
  });
});
