import { CARD_HTML_TAGS } from '@turtle/shared/card-html';

/**
 * Characters and line starts that markdown (with GFM) may turn into something other than text: emphasis, code,
 * links and autolinks (addresses, `www.`, emails), images, HTML (shown as text, but escaped differently), entities,
 * math (`$…$`; `\(…\)` starts with a backslash like an escape), headings, quotes, tables, lists, rules, indented code and hard line breaks. Text with none of them renders as
 * its paragraphs alone, the same with or without the renderer.
 */
const MARKDOWN_SYNTAX = [
  /[\\`*_~[\]<>#|&@$]/,
  /https?:|www\./i,
  /^ {0,3}(?:[-+=]|\d{1,9}[.)])/m,
  /^(?: {4}|\t)/m,
  / {2,}\n/,
];

/** True when `markdown` has nothing markdown would draw differently from plain paragraphs. */
export function isPlainText(markdown: string): boolean {
  return !MARKDOWN_SYNTAX.some((pattern) => pattern.test(markdown));
}

/** Paragraphs as markdown splits them: at blank lines. */
export function plainParagraphs(text: string): string[] {
  return text
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/**
 * The text as a reader would see it once rendered, for the moment before the renderer has arrived: paired emphasis
 * and inline-code marks dropped (`**900**`, `_note_`, `` `x` ``), everything else as written. Marks inside words
 * (`snake_case`) and unpaired ones stay.
 */
export function withoutInlineMarks(markdown: string): string {
  return markdown
    .replace(/(\*\*|__)(?=\S)([^\n]*?\S)\1/g, '$2')
    .replace(/(^|[^\w*])([*_])(?=\S)([^*_\n]*?\S)\2(?!\w)/g, '$1$3')
    .replace(/`([^`\n]+)`/g, '$1');
}

/**
 * A card's text before the renderer has arrived: the tags of its HTML subset left out (`H<sub>2</sub>O` reads `H2O`);
 * others stay, as the renderer shows them as text (`List<String>`).
 */
export function withoutTags(text: string): string {
  return text
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/?([a-z][a-z0-9-]*)(?![a-z0-9-])[^<>]*>/gi, (tag, name: string) =>
      CARD_HTML_TAGS.has(name.toLowerCase()) ? '' : tag,
    );
}
