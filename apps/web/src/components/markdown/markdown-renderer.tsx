import type { Root as HastRoot, RootContent } from 'hast';
import Markdown, { type Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import { lazyModule, useLazyModule } from './lazy-module';
import { markdownComponents } from './markdown-components';
import { remarkMathDelimiters } from '@turtle/shared/markdown-math-syntax';
import { markdownUrlTransform } from './safe-urls';

const remarkPlugins: Options['remarkPlugins'] = [remarkGfm, remarkMath, remarkMathDelimiters];

/** highlight.js is half of the renderer's weight: it loads only for a reply with a fenced block naming its language. */
export const highlighter = lazyModule(async () => {
  const { default: rehypeHighlight } = await import('rehype-highlight');
  const plugins: Options['rehypePlugins'] = [[rehypeHighlight, { detect: false }]];
  return plugins;
});

/** KaTeX (math-katex.ts) loads the first time a text holds a formula; until then a formula shows as its source. */
export const typesetter = lazyModule(async () => (await import('./math-katex')).katexPlugins);

/** The card's HTML subset (html-subset.ts) loads the first time a card holds HTML; its tags are left out meanwhile. */
export const htmlSubset = lazyModule(async () => (await import('./html-subset')).htmlSubsetPlugins);

/** A fenced code block with a language (```js or ~~~ts): the only thing `rehype-highlight` colours with `detect: false`. */
export function hasLanguageFence(markdown: string): boolean {
  return /^ {0,3}(?:`{3,}|~{3,})[ \t]*[\w+#.-]/m.test(markdown);
}

/** Something that may be an HTML tag, a comment or a declaration (markdown's raw HTML starts so). */
export function hasHtml(markdown: string): boolean {
  return /<[a-z!/?]/i.test(markdown);
}

const MATH_CLASSES = new Set(['math-inline', 'math-display', 'language-math']);
const isMath = (node: RootContent): boolean =>
  node.type === 'element' &&
  ((Array.isArray(node.properties.className) &&
    node.properties.className.some((name) => MATH_CLASSES.has(String(name)))) ||
    node.children.some(isMath));

/**
 * Stands in for KaTeX until it has loaded: a text the parser found a formula in asks for it (formulas are known only
 * once parsed, and "$5 and $6" is money, not math), and every message drawn then renders again when it arrives.
 */
function rehypeAskForTypesetter() {
  return (tree: HastRoot) => {
    if (tree.children.some(isMath)) typesetter.load().catch(() => {});
  };
}

/**
 * The markdown renderer itself (GFM: tables, task lists, strikethrough, autolinks; math: `$…$`, `$$…$$`, `\(…\)`,
 * `\[…\]`, drawn by KaTeX). No raw HTML: HTML in the text shows as text, except with `allowHtmlSubset` (card faces),
 * where the sanitized subset of html-subset.ts is drawn. Addresses follow product.md §2's protocol list; images load
 * only from this site (see safe-urls.ts). Code blocks are drawn uncoloured and formulas as their source until the
 * highlighter and KaTeX have loaded.
 */
export function MarkdownRenderer({
  markdown,
  allowHtmlSubset = false,
}: {
  markdown: string;
  allowHtmlSubset?: boolean;
}) {
  const withHtml = allowHtmlSubset && hasHtml(markdown);
  const html = useLazyModule(htmlSubset, withHtml);
  const katex = useLazyModule(typesetter, false);
  const highlight = useLazyModule(highlighter, hasLanguageFence(markdown));
  const rehypePlugins: Options['rehypePlugins'] = [
    ...(withHtml && html ? html : []),
    ...(katex ?? [rehypeAskForTypesetter]),
    ...(highlight ?? []),
  ];
  return (
    <Markdown
      remarkPlugins={remarkPlugins}
      rehypePlugins={rehypePlugins}
      components={markdownComponents}
      urlTransform={markdownUrlTransform}
      skipHtml={withHtml && !html}
    >
      {markdown}
    </Markdown>
  );
}
