import { CARD_MEDIA_SRC } from './card-media';
import { MARKDOWN_ALLOWED_PROTOCOLS } from './constants';

/** hast-util-sanitize's `Schema`, the parts used here (the web and the server check that it is one). */
type PropertyDefinition = string | [string, ...(RegExp | boolean | number | string | null | undefined)[]];
export interface CardHtmlSchema {
  tagNames: string[];
  attributes: Record<string, PropertyDefinition[]>;
  required: Record<string, Record<string, string | number | boolean | (string | number)[] | null | undefined>>;
  ancestors: Record<string, string[]>;
  protocols: Record<string, string[]>;
  strip: string[];
  clobber: string[];
  allowComments: boolean;
  allowDoctypes: boolean;
}

/**
 * A card's own classes (Anki's `cloze`, a template's `<div class="word">`) live in a namespace of their own: written
 * `ak-<name>`, so no class of a card can ever be one of the app's (`fixed`, `inset-0`, `chat-markdown`...), and the
 * kept note type's CSS names them the same way (cards-css.ts). A name keeps only letters, digits, `_` and `-` and
 * starts with a letter or `_` (docs/decisions/047-anki-note-fields-and-styles.md, docs/security.md 7d.3).
 */
export const CARD_CLASS_PREFIX = 'ak-';
/** The classes the card subset keeps on any of its elements: the namespace's only. */
export const CARD_CLASS_NAME = /^ak-[A-Za-z_][A-Za-z0-9_-]{0,63}$/;
const SAFE_CLASS = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;
/** How many classes an element keeps. */
const MAX_CLASSES = 8;

/** An element's `class` value as a card keeps it: its safe names (at most 8) in the namespace, '' when none is. */
export function cardClassNames(value: string): string {
  const names = new Set<string>();
  for (const name of value.split(/[\t\n\f\r ]+/)) {
    if (names.size >= MAX_CLASSES) break;
    if (SAFE_CLASS.test(name)) names.add(`${CARD_CLASS_PREFIX}${name}`);
  }
  return [...names].join(' ');
}

/**
 * docs/security.md 7d.3: the one list of the HTML a card's text may hold, for the three places that handle it: the
 * card face draws it (apps/web components/markdown/html-subset.ts, through rehype-sanitize), the Anki import keeps it
 * (transfer/anki-html.ts) and the Anki export writes it (transfer/anki-export-html.ts, through hast-util-sanitize).
 * Anki's formatting (bold, italic, underline, sub- and superscripts, line breaks, lists, code, tables, links and
 * images, `<span>`) and what markdown itself draws. No element keeps an attribute that is not listed (so no handler,
 * style, id or target), and a class only in the card's namespace (`ak-…`, above), addresses keep the protocols of product.md §2, and script-like elements go with their content.
 * An image (`<img src>`) and a sound (`<audio src>`) may load only the person's own card media
 * (`/api/cards/media/<sha256>`, decision 038); the card face draws a sound as a play control.
 * Plain data in hast-util-sanitize's `Schema` shape, so this package needs none of the markdown libraries.
 */
export const CARD_HTML_SCHEMA: CardHtmlSchema = {
  tagNames: [
    ...['p', 'br', 'div', 'hr', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
    ...['b', 'strong', 'i', 'em', 'u', 's', 'del', 'sub', 'sup', 'code', 'pre', 'kbd', 'span'],
    ...['ul', 'ol', 'li', 'input', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'a', 'img', 'audio'],
  ],
  attributes: {
    '*': [['className', CARD_CLASS_NAME]],
    a: ['href', 'title'],
    img: [['src', CARD_MEDIA_SRC], 'alt', 'title'],
    audio: [['src', CARD_MEDIA_SRC]],
    // Fenced code names its language; remark-math marks its formulas (KaTeX draws them after this step).
    code: [['className', /^language-[\w+#.-]+$/, 'math-inline', 'math-display', CARD_CLASS_NAME]],
    ol: ['start', ['className', 'contains-task-list', CARD_CLASS_NAME]],
    ul: [['className', 'contains-task-list', CARD_CLASS_NAME]],
    li: [['className', 'task-list-item', CARD_CLASS_NAME]],
    input: [['type', 'checkbox'], ['disabled', true], 'checked'],
    th: [['align', 'left', 'center', 'right']],
    td: [['align', 'left', 'center', 'right']],
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

/** Element names a card's HTML may use; markdown's task-list checkbox is drawn by markdown only, never typed. */
export const CARD_HTML_TAGS: ReadonlySet<string> = new Set(CARD_HTML_SCHEMA.tagNames.filter((tag) => tag !== 'input'));
/** Tags left to the sanitizer: the subset's, and the script-like ones it drops with their content. */
const LEFT_AS_TAGS: ReadonlySet<string> = new Set([...CARD_HTML_TAGS, ...CARD_HTML_SCHEMA.strip]);

const isLetter = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
const isNameCharacter = (code: number) => isLetter(code) || (code >= 48 && code <= 57) || code === 45;

/**
 * HTML written in a card, with every tag outside the subset turned into text (`List<String>` reads as written, as
 * in a chat reply, instead of losing `<String>`): its `<` becomes `&lt;`. Subset tags stay for the sanitizer, which
 * remains the wall (an `&lt;` inside an attribute value decodes to the same value), and so do script-like ones
 * (`<script>`, `<style>`, `<svg>`…), which it drops with their content. One pass, linear.
 */
export function escapeTagsOutsideSubset(html: string): string {
  let at = html.indexOf('<');
  if (at === -1) return html;
  const parts: string[] = [];
  let from = 0;
  while (at !== -1) {
    let start = at + 1;
    if (html.charCodeAt(start) === 47) start++;
    let end = start;
    if (isLetter(html.charCodeAt(end))) while (isNameCharacter(html.charCodeAt(end))) end++;
    // `<` with no tag name after it (`a < b`, a comment, `<!DOCTYPE`) is not a tag of any element: left as it is.
    if (end > start && !LEFT_AS_TAGS.has(html.slice(start, end).toLowerCase())) {
      parts.push(html.slice(from, at), '&lt;');
      from = at + 1;
    }
    at = html.indexOf('<', Math.max(end, at + 1));
  }
  parts.push(html.slice(from));
  return parts.join('');
}
