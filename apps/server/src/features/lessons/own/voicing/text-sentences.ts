import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { JobSentence } from '../own-lessons.tables';

/** Longer sentences are cut at a space (a speech service refuses very long input, and the highlight moves on). */
const SENTENCE_MAX_CHARS = 600;

interface MdNode {
  type: string;
  value?: string;
  alt?: string;
  children?: MdNode[];
}

/** The words of an inline node: text, code and links' words; no HTML, no images. */
function inlineText(node: MdNode): string {
  if (node.type === 'html' || node.type === 'image' || node.type === 'imageReference') return '';
  if (node.type === 'break') return ' ';
  if (typeof node.value === 'string') return node.value;
  return (node.children ?? []).map(inlineText).join('');
}

/** Blocks of words as a reader hears them: headings, paragraphs, list items and table cells; code is left out. */
function markdownBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  const walk = (node: MdNode) => {
    if (node.type === 'code' || node.type === 'html' || node.type === 'math' || node.type === 'yaml') return;
    if (node.type === 'paragraph' || node.type === 'heading' || node.type === 'tableCell') {
      const words = inlineText(node);
      // A heading or a cell is said as a sentence of its own.
      blocks.push(node.type === 'paragraph' || /[.!?…:;]$/.test(words.trim()) ? words : `${words.trim()}.`);
      return;
    }
    for (const child of node.children ?? []) walk(child);
  };
  walk(unified().use(remarkParse).parse(markdown) as MdNode);
  return blocks;
}

/** Plain text's paragraphs: blank lines end them, single line ends are spaces. */
function plainBlocks(text: string): string[] {
  return text.split(/\n[ \t]*\n/);
}

function cutLong(sentence: string): string[] {
  const pieces: string[] = [];
  let rest = sentence;
  while (rest.length > SENTENCE_MAX_CHARS) {
    const space = rest.lastIndexOf(' ', SENTENCE_MAX_CHARS);
    const at = space > SENTENCE_MAX_CHARS / 2 ? space : SENTENCE_MAX_CHARS;
    pieces.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

/**
 * A text (or markdown, taken to its plain words) as the sentences to voice (docs/decisions/049-voicing-own-lessons.md),
 * each paragraph's last one ending it. Paragraphs are segmented one at a time (V8's sentence segmenter slows down
 * more than linearly with the text it walks).
 */
export function textToSentences(text: string, format: 'text' | 'markdown', locale = 'en'): JobSentence[] {
  const segmenter = new Intl.Segmenter(locale, { granularity: 'sentence' });
  const sentences: JobSentence[] = [];
  for (const block of format === 'markdown' ? markdownBlocks(text) : plainBlocks(text)) {
    const words = block.replace(/\s+/g, ' ').trim();
    if (!/[\p{L}\p{N}]/u.test(words)) continue;
    const before = sentences.length;
    for (const { segment } of segmenter.segment(words)) {
      const sentence = segment.trim();
      if (!/[\p{L}\p{N}]/u.test(sentence)) continue;
      for (const piece of cutLong(sentence)) sentences.push({ sentence: piece, isParagraphEnd: false });
    }
    if (sentences.length > before) sentences.at(-1)!.isParagraphEnd = true;
  }
  return sentences;
}

/** About how long the sentences take to say (160 words a minute), counted against the plan until voiced. */
export function estimateSpeechMs(sentences: readonly JobSentence[]): number {
  const words = sentences.reduce((sum, { sentence }) => sum + sentence.split(' ').length, 0);
  return Math.round((words / 160) * 60_000);
}
