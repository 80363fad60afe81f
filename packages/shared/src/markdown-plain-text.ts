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
  /^(?: {4}| {0,3}\t)/m,
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
