import { memo } from 'react';
import { useWhenIdle } from '../../lib/use-when-idle';
import { lazyModule, useLazyModule } from './lazy-module';
import { isPlainText, plainParagraphs, withoutInlineMarks, withoutTags } from './plain-text';
import './messages.css';

/**
 * The renderer (react-markdown, GFM and their parsers: about 170 KB) is its own chunk, asked for by the first message
 * that has markdown in it or by `usePreloadMarkdownRenderer`, so no screen's first render waits for it (decision 023).
 */
export const markdownRenderer = lazyModule(() => import('./markdown-renderer'));

/**
 * For a screen where replies will stream in (the chat, the tutor): the renderer is fetched once the screen is idle, so
 * a reply is drawn as markdown from its first token instead of showing its marks for a moment.
 */
export function usePreloadMarkdownRenderer(): void {
  useWhenIdle(loadMarkdownRenderer);
}

const loadMarkdownRenderer = () => void markdownRenderer.load().catch(() => {});

/** Paragraphs drawn as the renderer draws them (markdown-components.tsx), for text with no markdown in it. */
function PlainParagraphs({ text }: { text: string }) {
  return plainParagraphs(text).map((paragraph, index) => (
    <p key={index} className="my-3 first:mt-0 last:mb-0">
      {paragraph}
    </p>
  ));
}

export interface MarkdownMessageProps {
  markdown: string;
  /**
   * Card faces only: draw the sanitized HTML subset of html-subset.ts (Anki's bold, italic, underline, sub- and
   * superscripts, line breaks, lists, code, tables, links, our own images). Chat and tutor replies never set it: there
   * HTML shows as text.
   */
  allowHtmlSubset?: boolean;
}

/**
 * An assistant reply (or a card's text) as markdown. Text without markdown is drawn at once, without the renderer.
 * Otherwise, until the renderer's chunk has arrived, the text shows as written (line breaks kept, paired emphasis and
 * code marks dropped, and a card's tags) so it is readable at once, and is then drawn as markdown
 * (markdown-renderer.tsx says what is allowed).
 */
export const MarkdownMessage = memo(function MarkdownMessage({
  markdown,
  allowHtmlSubset = false,
}: MarkdownMessageProps) {
  const plain = isPlainText(markdown);
  const renderer = useLazyModule(markdownRenderer, !plain);
  const state = plain ? 'plain-text' : renderer ? 'rendered' : 'waiting';
  return (
    <div className="chat-markdown min-w-0 text-[0.9375rem]/7 break-words text-slate-800" data-markdown={state}>
      {state === 'plain-text' ? (
        <PlainParagraphs text={markdown} />
      ) : renderer ? (
        <renderer.MarkdownRenderer markdown={markdown} allowHtmlSubset={allowHtmlSubset} />
      ) : (
        <p className="whitespace-pre-wrap">{withoutInlineMarks(allowHtmlSubset ? withoutTags(markdown) : markdown)}</p>
      )}
    </div>
  );
});
