import { MARKDOWN_ALLOWED_PROTOCOLS } from '@turtle/shared/constants';
import type { PluggableList } from 'unified';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize, { type Options as SanitizeSchema } from 'rehype-sanitize';

const TABLE_ALIGN = ['align', 'left', 'center', 'right'] as const;

/**
 * docs/security.md 7d: the HTML a card may hold (Anki's formatting: bold, italic, underline, sub- and superscripts,
 * line breaks, lists, code, tables, links and images), and what markdown itself draws. Nothing else survives:
 * elements outside the list are unwrapped (their text kept), script-like ones dropped with their content, and no
 * element keeps an attribute that is not listed (so no handler, style, class, id or target). Addresses keep the
 * protocols of product.md §2 (safe-urls.ts checks them again, and markdown-components.tsx loads only our images).
 */
export const HTML_SUBSET_SCHEMA: SanitizeSchema = {
  tagNames: [
    ...['p', 'br', 'div', 'hr', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
    ...['b', 'strong', 'i', 'em', 'u', 's', 'del', 'sub', 'sup', 'code', 'pre', 'kbd'],
    ...['ul', 'ol', 'li', 'input', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'a', 'img'],
  ],
  attributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title'],
    // Fenced code names its language; remark-math marks its formulas (KaTeX draws them after this step).
    code: [['className', /^language-[\w+#.-]+$/, 'math-inline', 'math-display']],
    ol: ['start', ['className', 'contains-task-list']],
    ul: [['className', 'contains-task-list']],
    li: [['className', 'task-list-item']],
    input: [['type', 'checkbox'], ['disabled', true], 'checked'],
    th: [[...TABLE_ALIGN]],
    td: [[...TABLE_ALIGN]],
  },
  required: { input: { type: 'checkbox', disabled: true } },
  ancestors: { tbody: ['table'], thead: ['table'], tr: ['table'], th: ['table'], td: ['table'], li: ['ol', 'ul'] },
  protocols: { href: [...MARKDOWN_ALLOWED_PROTOCOLS], src: ['http', 'https', 'data'] },
  strip: [
    ...['script', 'style', 'template', 'noscript', 'title', 'textarea', 'select', 'option', 'xmp', 'plaintext'],
    ...['svg', 'math', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'noembed', 'noframes'],
  ],
  clobber: [],
  allowComments: false,
  allowDoctypes: false,
};

/** rehype-raw reads the HTML (parse5: about 40 KB compressed), then the schema keeps the subset. Cards only. */
export const htmlSubsetPlugins: PluggableList = [rehypeRaw, [rehypeSanitize, HTML_SUBSET_SCHEMA]];
