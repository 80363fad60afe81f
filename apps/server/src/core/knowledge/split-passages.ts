/**
 * A source's text as passages of a few hundred words, for the index (docs/decisions/036-one-index.md): a heading
 * starts a new passage, paragraphs gather until a passage is long enough, and a paragraph too long for one is cut
 * into windows that overlap, so a sentence cut in two is whole in one of them. Linear in the text's length.
 */
export const PASSAGE_WORDS = 200;
const WINDOW_WORDS = 250;
const OVERLAP_WORDS = 40;

const HEADING = /^#{1,6}\s/;

function wordsOf(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

/** A paragraph longer than a window, as overlapping windows of its words. */
function windows(words: string[]): string[] {
  const out: string[] = [];
  for (let start = 0; start < words.length; start += WINDOW_WORDS - OVERLAP_WORDS) {
    out.push(words.slice(start, start + WINDOW_WORDS).join(' '));
    if (start + WINDOW_WORDS >= words.length) break;
  }
  return out;
}

export function splitIntoPassages(text: string): string[] {
  const passages: string[] = [];
  let current: string[] = [];
  let currentWords = 0;
  const flush = () => {
    if (current.length > 0) passages.push(current.join('\n\n'));
    current = [];
    currentWords = 0;
  };
  for (const block of text.split(/\n\s*\n/)) {
    const paragraph = block.trim();
    if (!paragraph) continue;
    const words = wordsOf(paragraph);
    if (HEADING.test(paragraph)) flush();
    if (words.length > WINDOW_WORDS) {
      flush();
      passages.push(...windows(words));
      continue;
    }
    current.push(paragraph);
    currentWords += words.length;
    if (currentWords >= PASSAGE_WORDS) flush();
  }
  flush();
  return passages;
}
