// Lesson scripts: `# Title`, a blank line, then paragraphs of plain prose separated by blank lines. The audio
// is synthesized one sentence at a time, so splitting must be predictable: a sentence ends at `.`, `!` or `?`
// (plus any closing quotes or brackets) followed by whitespace and the start of a new sentence, except after a
// known abbreviation. Numbers such as "7.5%" or "$1,000.50" never split because no whitespace follows the dot.

export interface LessonScript {
  title: string;
  /** Each paragraph as its sentences, in order. */
  paragraphs: string[][];
}

/** Abbreviations after which a period never ends a sentence (compared case-insensitively). */
const ABBREVIATIONS = new Set([
  'e.g.',
  'i.e.',
  'vs.',
  'approx.',
  'mr.',
  'mrs.',
  'ms.',
  'dr.',
  'prof.',
  'st.',
  'jr.',
  'sr.',
  'no.',
  'u.s.',
  'u.k.',
  'u.n.',
  'a.m.',
  'p.m.',
]);

const CLOSERS = new Set(['"', "'", ')', ']', '\u201D', '\u2019']);
const TERMINATORS = new Set(['.', '!', '?', '\u2026']);

/** The word (non-space run) that ends at `end` (exclusive), without leading quotes or brackets. */
function wordBefore(text: string, end: number): string {
  let start = end;
  while (start > 0 && !/\s/.test(text.charAt(start - 1))) start -= 1;
  return text.slice(start, end).replace(/^["'([\u201C\u2018]+/, '');
}

/** A listed abbreviation, or dotted initials such as "U.S.A." or "e.g.". */
function isAbbreviationWord(word: string): boolean {
  return ABBREVIATIONS.has(word.toLowerCase()) || /^(?:[A-Za-z]\.){2,}$/.test(word);
}

function startsSentence(char: string): boolean {
  return /[A-Z0-9"'([\u201C\u2018$]/.test(char);
}

/** Splits one paragraph of prose into sentences; whitespace inside a sentence collapses to single spaces. */
export function splitSentences(paragraph: string): string[] {
  const text = paragraph.replace(/\s+/g, ' ').trim();
  const sentences: string[] = [];
  let start = 0;
  let i = 0;
  while (i < text.length) {
    if (!TERMINATORS.has(text.charAt(i))) {
      i += 1;
      continue;
    }
    let end = i + 1;
    while (end < text.length && TERMINATORS.has(text.charAt(end))) end += 1;
    while (end < text.length && CLOSERS.has(text.charAt(end))) end += 1;
    const next = text.charAt(end + 1);
    const atBoundary = end === text.length || (text.charAt(end) === ' ' && startsSentence(next));
    const isAbbreviation = text.charAt(i) === '.' && isAbbreviationWord(wordBefore(text, i + 1));
    if (atBoundary && !isAbbreviation) {
      sentences.push(text.slice(start, end).trim());
      start = end + 1;
    }
    i = end;
  }
  const rest = text.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences;
}

/** Parses a lesson script file's text into its title and sentences by paragraph. */
export function parseLessonScript(source: string): LessonScript {
  const normalized = source.replace(/\r\n?/g, '\n');
  const [firstLine = '', ...rest] = normalized.split('\n');
  const title = /^# (.+)$/.exec(firstLine)?.[1]?.trim();
  if (!title) throw new Error('A lesson script must start with "# <title>"');
  const paragraphs = rest
    .join('\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block.length > 0)
    .map(splitSentences);
  if (paragraphs.length === 0) throw new Error(`Lesson "${title}" has no paragraphs`);
  return { title, paragraphs };
}
