/**
 * A text as passages of a few hundred words, for the index (docs/decisions/036-one-index.md): a heading starts a new
 * passage, paragraphs gather until a passage is long enough, and a paragraph too long for one is cut into windows
 * that overlap, so a sentence cut in two is whole in one of them. Linear in the text's length. Each passage knows
 * where it is in the text, so a note opens at the passage a result names (decision 039).
 */
export const PASSAGE_WORDS = 200;
const WINDOW_WORDS = 250;
const OVERLAP_WORDS = 40;

const HEADING = /^#{1,6}\s/;
const PARAGRAPH_BREAK = /\n\s*\n/g;
const WORD = /\S+/g;

/** A passage's text (paragraphs joined by a blank line, a window's words by a space) and the range it covers. */
export interface PassageSpan {
  text: string;
  start: number;
  end: number;
}

interface Paragraph {
  text: string;
  start: number;
  end: number;
}

function paragraphsOf(text: string): Paragraph[] {
  const paragraphs: Paragraph[] = [];
  const add = (from: number, to: number) => {
    const raw = text.slice(from, to);
    const trimmed = raw.trim();
    if (!trimmed) return;
    const start = from + raw.search(/\S/);
    paragraphs.push({ text: trimmed, start, end: start + trimmed.length });
  };
  let from = 0;
  for (const match of text.matchAll(PARAGRAPH_BREAK)) {
    add(from, match.index);
    from = match.index + match[0].length;
  }
  add(from, text.length);
  return paragraphs;
}

export function passageSpans(text: string): PassageSpan[] {
  const passages: PassageSpan[] = [];
  let current: Paragraph[] = [];
  let currentWords = 0;
  const flush = () => {
    if (current.length > 0) {
      const text = current.map((paragraph) => paragraph.text).join('\n\n');
      passages.push({ text, start: current[0]!.start, end: current.at(-1)!.end });
    }
    current = [];
    currentWords = 0;
  };
  for (const paragraph of paragraphsOf(text)) {
    const words = [...paragraph.text.matchAll(WORD)];
    if (HEADING.test(paragraph.text)) flush();
    if (words.length > WINDOW_WORDS) {
      flush();
      // Overlapping windows of the words, so a sentence cut at one edge is whole in the next.
      for (let first = 0; first < words.length; first += WINDOW_WORDS - OVERLAP_WORDS) {
        const window = words.slice(first, first + WINDOW_WORDS);
        const last = window.at(-1)!;
        passages.push({
          text: window.map((word) => word[0]).join(' '),
          start: paragraph.start + window[0]!.index,
          end: paragraph.start + last.index + last[0].length,
        });
        if (first + WINDOW_WORDS >= words.length) break;
      }
      continue;
    }
    current.push(paragraph);
    currentWords += words.length;
    if (currentWords >= PASSAGE_WORDS) flush();
  }
  flush();
  return passages;
}
