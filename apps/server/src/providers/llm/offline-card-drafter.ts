import type { CardDrafter, DraftedCard, DraftingSource } from './card-drafter';

/** The offline drafter makes at most this many cards from one source. */
export const OFFLINE_MAX_CARDS = 8;
const MIN_WORDS = 5;
const MAX_WORDS = 45;

const STOP_WORDS = new Set(
  (
    'the and for are but not you your with this that what how why who was were has have had from about can does did ' +
    'its it’s into than then them they their there these those also just more most much many some such very will ' +
    'would could should when where which while each other over only same so our out use used one two any all may ' +
    'might must been being because before after again here his her him she he we us an a of to in on at by as is be or'
  ).split(' '),
);

interface Sentence {
  text: string;
  ms?: number;
  index: number;
}

/** Markdown taken down to the sentences a person reads: no quote marks, emphasis, links, code or headings. */
export function plainText(markdown: string): string {
  return markdown
    .split('\n')
    .filter((line) => !/^\s*_[^_].*_\s*$/.test(line)) // a whole line in italics is a remark, not content
    .map((line) =>
      line
        .replace(/^\s{0,3}(?:>\s?)+/, '')
        .replace(/^\s{0,3}#{1,6}\s+/, '')
        .replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '')
        .replace(/\[(\d{1,2}:\d{2})\]\s*/g, ''),
    )
    .join('\n')
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__|\*|_|~~)(\S[\s\S]*?\S|\S)\1/g, '$2');
}

function sentencesOf(source: DraftingSource): Sentence[] {
  const sentences: Sentence[] = [];
  for (const passage of source.passages) {
    const text = plainText(passage.text).replace(/\s+/g, ' ');
    // A sentence ends at . ! or ? followed by a space (so "0.1" and "e.g.x" stay whole).
    for (const part of text.split(/(?<=[.!?])\s+/)) {
      const sentence = part.trim();
      if (sentence) sentences.push({ text: sentence, ms: passage.ms, index: sentences.length });
    }
  }
  return sentences;
}

/** A word, or a number with its decimal point or thousands separators ("0.1", "7,600", "3%"). */
const WORD = /[\p{L}\p{N}](?:[\p{L}\p{N}%'’-]|[.,]\p{N})*/gu;
const wordsOf = (text: string) => text.match(WORD) ?? [];
const isContentWord = (word: string) => word.length >= 3 && !STOP_WORDS.has(word.toLowerCase());

/**
 * The word (or number) to hide in a sentence: a number or percentage first (facts worth recalling), else the
 * content word the source repeats (up to three times counts), longest on a tie.
 */
export function keyTerm(sentence: string, frequency: Map<string, number>): { word: string; index: number } | undefined {
  const words = [...sentence.matchAll(WORD)].map((match) => ({ word: match[0], index: match.index }));
  const number = words.find(({ word }) => /\d/.test(word));
  if (number) return number;
  let best: { word: string; index: number } | undefined;
  let bestScore = -1;
  for (const candidate of words) {
    if (!isContentWord(candidate.word)) continue;
    // Words the source repeats a few times are its terms; past that, a longer (more specific) word is better.
    const score = Math.min(frequency.get(candidate.word.toLowerCase()) ?? 0, 3) * 100 + candidate.word.length;
    if (score > bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}

/**
 * rules.md "Chat" (offline): without a model, still useful. Picks the source's key sentences (those that share the
 * most content words with the rest of it, of a card's length) and makes each a cloze card hiding its key term.
 */
export function draftOfflineCards(source: DraftingSource, max = OFFLINE_MAX_CARDS): DraftedCard[] {
  const sentences = sentencesOf(source);
  const frequency = new Map<string, number>();
  for (const sentence of sentences) {
    for (const word of new Set(
      wordsOf(sentence.text)
        .filter(isContentWord)
        .map((w) => w.toLowerCase()),
    )) {
      frequency.set(word, (frequency.get(word) ?? 0) + 1);
    }
  }
  const scored = sentences
    .filter((sentence) => {
      const count = wordsOf(sentence.text).length;
      return count >= MIN_WORDS && count <= MAX_WORDS && !sentence.text.endsWith('?');
    })
    .map((sentence) => {
      const content = [
        ...new Set(
          wordsOf(sentence.text)
            .filter(isContentWord)
            .map((w) => w.toLowerCase()),
        ),
      ];
      const shared = content.reduce((sum, word) => sum + (frequency.get(word) ?? 1) - 1, 0);
      const facts = /\d/.test(sentence.text) ? 2 : 0;
      return { sentence, score: shared + facts + content.length / 10 };
    });
  // Short sources (one sentence) still get a card.
  const pool = scored.length
    ? scored
    : sentences
        .map((sentence) => ({ sentence, score: 0 }))
        .filter(({ sentence }) => wordsOf(sentence.text).length >= 2);
  const chosen = pool
    .sort((a, b) => b.score - a.score || a.sentence.index - b.sentence.index)
    .slice(0, max)
    .sort((a, b) => a.sentence.index - b.sentence.index);

  const cards: DraftedCard[] = [];
  for (const { sentence } of chosen) {
    const term = keyTerm(sentence.text, frequency);
    if (!term) continue;
    const { word, index } = term;
    const front = `${sentence.text.slice(0, index)}{{c1::${word}}}${sentence.text.slice(index + word.length)}`;
    cards.push({ kind: 'cloze', front, back: '', ms: sentence.ms });
  }
  return cards;
}

export function createOfflineCardDrafter(): CardDrafter {
  return {
    kind: 'offline',
    draft: async ({ source }) => draftOfflineCards(source),
  };
}
