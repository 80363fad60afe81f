import { memo } from 'react';
import Markdown, { type Options } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import remarkGfm from 'remark-gfm';
import { markdownComponents } from './markdown-components';
import { markdownUrlTransform } from './safe-urls';
import './messages.css';

const remarkPlugins: Options['remarkPlugins'] = [remarkGfm];
const rehypePlugins: Options['rehypePlugins'] = [[rehypeHighlight, { detect: false }]];

/**
 * An assistant reply as markdown (GFM: tables, task lists, strikethrough, autolinks), code highlighted. Never raw
 * HTML: HTML in the text shows as text (no rehype-raw). Addresses follow product.md §2's protocol list; images load only
 * from this site (see safe-urls.ts).
 */
export const MarkdownMessage = memo(function MarkdownMessage({ markdown }: { markdown: string }) {
  return (
    <div className="chat-markdown min-w-0 text-[0.9375rem]/7 break-words text-slate-800">
      <Markdown
        remarkPlugins={remarkPlugins}
        rehypePlugins={rehypePlugins}
        components={markdownComponents}
        urlTransform={markdownUrlTransform}
      >
        {markdown}
      </Markdown>
    </div>
  );
});
