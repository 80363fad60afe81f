import Markdown, { type Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { lazyModule, useLazyModule } from './lazy-module';
import { markdownComponents } from './markdown-components';
import { markdownUrlTransform } from './safe-urls';

const remarkPlugins: Options['remarkPlugins'] = [remarkGfm];

/** highlight.js is half of the renderer's weight: it loads only for a reply with a fenced block naming its language. */
export const highlighter = lazyModule(async () => {
  const { default: rehypeHighlight } = await import('rehype-highlight');
  const plugins: Options['rehypePlugins'] = [[rehypeHighlight, { detect: false }]];
  return plugins;
});

/** A fenced code block with a language (```js or ~~~ts): the only thing `rehype-highlight` colours with `detect: false`. */
export function hasLanguageFence(markdown: string): boolean {
  return /^ {0,3}(?:`{3,}|~{3,})[ \t]*[\w+#.-]/m.test(markdown);
}

/**
 * The markdown renderer itself (GFM: tables, task lists, strikethrough, autolinks). Never raw HTML: HTML in the text
 * shows as text (no rehype-raw). Addresses follow product.md §2's protocol list; images load only from this site
 * (see safe-urls.ts). A code block is drawn uncoloured until the highlighter has loaded, then coloured.
 */
export function MarkdownRenderer({ markdown }: { markdown: string }) {
  const rehypePlugins = useLazyModule(highlighter, hasLanguageFence(markdown));
  return (
    <Markdown
      remarkPlugins={remarkPlugins}
      rehypePlugins={rehypePlugins}
      components={markdownComponents}
      urlTransform={markdownUrlTransform}
    >
      {markdown}
    </Markdown>
  );
}
