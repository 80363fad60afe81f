import { CARD_HTML_TAGS } from '@turtle/shared/card-html';

// One reading of "plain" for the card face and the Anki export (transfer/anki-export-html.ts).
export { isPlainText, plainParagraphs } from '@turtle/shared/markdown-plain-text';

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
