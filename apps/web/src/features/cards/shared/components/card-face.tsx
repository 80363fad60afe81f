import { MarkdownMessage } from '../../../../components/markdown/markdown-message';

/**
 * One side of a card: its markdown through the app's sanitized renderer (safe links and images), with the card HTML
 * subset (docs/security.md 7d.3: an Anki card's bold, sub- and superscripts, lists, tables…) and math, `$…$` as well
 * as Anki's `\(…\)` and `\[…\]`, drawn by KaTeX.
 */
export function CardFace({ markdown, className }: { markdown: string; className?: string }) {
  return (
    <div className={className}>
      <MarkdownMessage markdown={markdown} allowHtmlSubset />
    </div>
  );
}
