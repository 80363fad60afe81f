import { MarkdownMessage } from '../../../../components/markdown/markdown-message';

/** One side of a card: its markdown through the app's sanitized renderer (no raw HTML, safe links and images). */
export function CardFace({ markdown, className }: { markdown: string; className?: string }) {
  return (
    <div className={className}>
      <MarkdownMessage markdown={markdown} />
    </div>
  );
}
