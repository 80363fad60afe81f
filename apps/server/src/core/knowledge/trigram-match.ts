import type { SearchResult } from '@turtle/shared/search';

/**
 * Scripts written without spaces between words (Chinese, Japanese, Thai, Lao, Khmer, Burmese): PostgreSQL's parser
 * reads a whole sentence of them as one word, so the full-text match finds only that sentence word for word. A query
 * in them is matched by its character trigrams instead (docs/decisions/044-cards-in-the-index.md).
 */
const NO_WORD_BREAKS =
  '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\u30fc\\p{Script=Thai}\\p{Script=Lao}\\p{Script=Khmer}\\p{Script=Myanmar}';
const HAS_NO_WORD_BREAKS = new RegExp(`[${NO_WORD_BREAKS}]`, 'u');
/** A run of those scripts, or a run of other letters and digits. */
const RUNS = new RegExp(`[${NO_WORD_BREAKS}]+|(?:(?![${NO_WORD_BREAKS}])[\\p{L}\\p{N}\\p{M}])+`, 'gu');

export const TRIGRAM_TERMS_MAX = 32;

/** Whether `query` has characters of a script without word breaks, so it is matched by trigrams. */
export function needsTrigrams(query: string): boolean {
  return HAS_NO_WORD_BREAKS.test(query);
}

/**
 * What a passage is matched on, lower case: each run of a script without word breaks as its overlapping
 * three-character pieces (a run of one to three characters whole), each other word of two letters or more whole.
 * Without pg_trgm's padding of each word with spaces, so a piece is found in the middle of a sentence.
 */
export function trigramTerms(query: string): string[] {
  const terms = new Set<string>();
  for (const run of query.toLowerCase().match(RUNS) ?? []) {
    const chars = [...run];
    if (!HAS_NO_WORD_BREAKS.test(run)) {
      if (chars.length >= 2) terms.add(run);
    } else if (chars.length <= 3) {
      terms.add(run);
    } else {
      for (let at = 0; at + 3 <= chars.length; at += 1) terms.add(chars.slice(at, at + 3).join(''));
    }
  }
  return [...terms].slice(0, TRIGRAM_TERMS_MAX);
}

/** A term as an `ilike` pattern that finds it anywhere (its `%`, `_` and `\` taken literally). */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, '\\$&')}%`;

const SNIPPET_BEFORE = 40;
const SNIPPET_LENGTH = 160;

/**
 * A snippet of `body` around the first term found, and where the terms are in it (overlapping pieces merged), as
 * `ts_headline` gives for the full-text match: [start, length] in UTF-16 code units.
 */
export function trigramHeadline(body: string, terms: string[]): Pick<SearchResult, 'snippet' | 'highlights'> {
  const lower = body.toLowerCase();
  // toLowerCase keeps the length of these scripts and of most others; a text where it does not is not marked.
  const sameLength = lower.length === body.length;
  const first = Math.min(...terms.map((term) => lower.indexOf(term)).filter((at) => at >= 0), body.length);
  let start = first === body.length ? 0 : Math.max(0, first - SNIPPET_BEFORE);
  // Not in the middle of a surrogate pair.
  if (start > 0 && /[\udc00-\udfff]/.test(body[start]!)) start -= 1;
  let end = Math.min(body.length, start + SNIPPET_LENGTH);
  if (end < body.length && /[\udc00-\udfff]/.test(body[end]!)) end += 1;
  const snippet = body.slice(start, end);
  if (!sameLength) return { snippet, highlights: [] };
  const window = lower.slice(start, end);
  const marked = new Array<boolean>(window.length).fill(false);
  for (const term of terms) {
    for (let at = window.indexOf(term); at >= 0; at = window.indexOf(term, at + 1)) {
      marked.fill(true, at, at + term.length);
    }
  }
  const highlights: [number, number][] = [];
  for (let at = 0; at < marked.length; at += 1) {
    if (!marked[at]) continue;
    let stop = at;
    while (stop < marked.length && marked[stop]) stop += 1;
    highlights.push([at, stop - at]);
    at = stop;
  }
  return { snippet, highlights };
}
