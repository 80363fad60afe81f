import { cardClassNames } from '@turtle/shared/card-html';
import { MARKDOWN_ALLOWED_PROTOCOLS } from '@turtle/shared/constants';
import { Tokenizer } from 'htmlparser2';
import { CardTextWriter } from './anki-html-writer';

/**
 * Anki keeps card text as HTML; Turtle's is markdown, which may hold the card HTML subset
 * (packages/shared/src/card-html.ts, docs/security.md 7d.3). The import keeps that subset: bold, italic, underline,
 * strikethrough, sub- and superscripts, code, line breaks, lists, tables and links with the allowed protocols
 * (anki-html-writer.ts says how each is written), and Anki's formulas `\(…\)` and `\[…\]` as they are, which the card
 * face draws with KaTeX. Classes are kept in the card's own namespace (`class="cloze"` is `class="ak-cloze"`,
 * card-html.ts; docs/decisions/047-anki-note-fields-and-styles.md), on an inline element, a link or a `<span>`, and
 * for a block (`<div class=word>`) on a `<span>` around its content, as blocks are markdown lines. Everything else
 * goes: other attributes (styles, handlers, ids), a `<span>` with no class and `<font>` (their text kept), scripts
 * and styles with their content. Media (docs/decisions/038-card-media.md): an `<img>` whose file
 * the package holds as an image Turtle keeps becomes `<img src="/api/cards/media/<sha256>">` with its alt text, and a
 * `[sound:…]` (or `<audio src>`) whose file is a sound Turtle keeps becomes `<audio src="/api/cards/media/<sha256>">`,
 * which the card face draws as a play control; any other media is left out (an image leaves its alt text), saying so
 * in the summary.
 *
 * Linear in the length of the field, whatever it holds (docs/decisions/034-import-budget.md): htmlparser2's
 * tokenizer reads it once, and every other step is a single pass too. Regular expressions over the HTML (`/<[^>]*>/g` and a lazy `<script>…</script>`)
 * took 13.5 s on a field of 150,000 `<`; htmlparser2's own `Parser` is no better on deep nesting (it keeps a stack
 * of open elements it searches and shifts at every tag), so only its tokenizer is used, and the writer's stacks are
 * capped.
 */

/** Elements whose text is not card text. `<script>` and `<style>` are raw text: the tokenizer skips to their end. */
const HIDDEN = new Set(['script', 'style']);
const MEDIA = new Set(['img', 'audio', 'video', 'object', 'embed']);
/** Inline elements of the subset, kept as they are (`<strike>` is Anki's old `<s>`). */
const INLINE: Record<string, string> = {
  ...Object.fromEntries(['b', 'strong', 'i', 'em', 'u', 's', 'del', 'sub', 'sup', 'code', 'kbd'].map((t) => [t, t])),
  strike: 's',
};
/** Their start and end each begin a line. */
const BLOCKS = new Set(['div', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'dd', 'dt']);
const TABLE_PARTS: Record<string, string> = {
  thead: 'thead',
  tbody: 'tbody',
  tfoot: 'tbody',
  tr: 'tr',
  th: 'th',
  td: 'td',
};
/** The attributes read: a link's address, an image's alt text and file, a sound's file, an ordered list's start. */
const WANTED: Record<string, readonly string[]> = { a: ['href'], img: ['alt', 'src'], audio: ['src'], ol: ['start'] };
/** And the classes of these (blocks put theirs on a `<span>` inside them). */
const CLASSED = new Set(['span', 'a', 'p', ...Object.keys(INLINE), ...BLOCKS]);
const wants = (tag: string, attribute: string) =>
  WANTED[tag]?.includes(attribute) || (attribute === 'class' && CLASSED.has(tag));

/** A package's media file, as the import keeps it: its address on our origin and whether it is an image or a sound. */
export type MediaLookup = (name: string) => { url: string; kind: 'image' | 'audio' } | undefined;
const NBSP = 0xa0;

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A link address with an allowed protocol (product.md §2) or none (relative), as the browser would read it. */
function allowedHref(value: string): string | null {
  // Browsers drop tabs and line breaks inside an address and spaces around it (`java\tscript:`).
  // eslint-disable-next-line no-control-regex
  const compact = value.replace(/[\u0000-\u0020\u007f]/g, '');
  if (!compact) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact)?.[1]?.toLowerCase();
  if (scheme !== undefined && !(MARKDOWN_ALLOWED_PROTOCOLS as readonly string[]).includes(scheme)) return null;
  if (scheme === undefined && /^[^/?#]*:/.test(compact)) return null;
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]/g, '').trim();
}

/**
 * `[sound:…]` references made `<audio src="…">` tags in one pass (the name as an attribute: `&` stays, for the
 * tokenizer to decode as it decodes an `<img>`'s).
 */
function soundsAsTags(html: string): string {
  const lower = html.toLowerCase();
  let at = lower.indexOf('[sound:');
  if (at === -1) return html;
  const parts: string[] = [];
  let from = 0;
  while (at !== -1) {
    const end = html.indexOf(']', at + 7);
    // No `]` after this one: none after any later one either.
    if (end === -1) break;
    parts.push(
      html.slice(from, at),
      `<audio src="${html
        .slice(at + 7, end)
        .replace(/"/g, '&quot;')
        .replace(/</g, '&lt;')}"></audio>`,
    );
    from = end + 1;
    at = lower.indexOf('[sound:', from);
  }
  parts.push(html.slice(from));
  return parts.join('');
}

/**
 * A field's card text; `hadMedia` says that media were left out of it, `media` names the package's files it uses
 * (by the package's name).
 */
export function fromAnkiHtml(
  field: string,
  lookup: MediaLookup = () => undefined,
): { text: string; hadMedia: boolean; media: string[] } {
  const html = soundsAsTags(field);
  let hadMedia = false;
  const media: string[] = [];
  const writer = new CardTextWriter();
  let text: string[] = [];
  let tag = '';
  let hidden = false;
  let attribute = '';
  let value: string[] = [];
  let wanted: Record<string, string> = {};
  /** For each open `<span>` and block, whether it opened a `<span>` of ours (its classes), innermost last. */
  const spans: boolean[] = [];
  const classes = () => (wanted.class === undefined ? '' : cardClassNames(wanted.class));
  const classAttribute = () => {
    const names = classes();
    return names ? ` class="${names}"` : '';
  };
  /** A span of ours for the element's classes, if it has any (and the writer has room for it). */
  const openSpan = () => {
    const names = classes();
    spans.push(names !== '' && spans.length < 64);
    // Written with what it holds: a block of nothing (or of media left out) leaves no empty span.
    if (spans[spans.length - 1]) writer.open('span', `<span class="${names}">`, true);
  };
  const closeSpan = () => {
    if (spans.pop()) writer.close('span');
  };
  const flush = () => {
    if (text.length) writer.text(text.join(''));
    text = [];
  };
  const open = (name: string) => {
    if (name in INLINE) writer.open(INLINE[name]!, `<${INLINE[name]}${classAttribute()}>`);
    else if (name === 'span') openSpan();
    else if (name === 'br') writer.lineBreak();
    else if (name === 'hr') writer.paragraph();
    else if (name === 'p') {
      writer.paragraph();
      openSpan();
    } else if (BLOCKS.has(name)) {
      writer.block();
      if (name === 'li') writer.item();
      openSpan();
    } else if (name === 'ul' || name === 'ol') {
      const start = Number(wanted.start);
      writer.openList(name === 'ol', Number.isInteger(start) && start >= 0 && start < 1e9 ? start : 1);
    } else if (name === 'table') writer.openTable();
    else if (name in TABLE_PARTS) writer.tablePart(`<${TABLE_PARTS[name]}>`);
    else if (name === 'a') {
      const href = wanted.href === undefined ? null : allowedHref(wanted.href);
      if (href !== null) writer.open('a', `<a href="${escapeAttribute(href)}"${classAttribute()}>`);
    } else if (MEDIA.has(name)) {
      const file = wanted.src === undefined ? undefined : lookup(wanted.src);
      if (file && file.kind === (name === 'img' ? 'image' : 'audio')) {
        media.push(wanted.src!);
        const alt = wanted.alt ? ` alt="${escapeAttribute(wanted.alt)}"` : '';
        writer.element(name === 'img' ? `<img src="${file.url}"${alt}>` : `<audio src="${file.url}"></audio>`);
        return;
      }
      hadMedia = true;
      if (name === 'img' && wanted.alt) writer.text(wanted.alt);
    }
  };
  const close = (name: string) => {
    if (name in INLINE) writer.close(INLINE[name]!);
    else if (name === 'a') writer.close('a');
    else if (name === 'span') closeSpan();
    else if (name === 'p') {
      closeSpan();
      writer.paragraph();
    } else if (BLOCKS.has(name)) {
      closeSpan();
      writer.block();
    } else if (name === 'ul' || name === 'ol') writer.closeList();
    else if (name === 'table') writer.closeTable();
    else if (name in TABLE_PARTS) writer.tablePart(`</${TABLE_PARTS[name]}>`);
  };
  const tokenizer = new Tokenizer(
    { decodeEntities: true },
    {
      ontext: (start, end) => {
        if (!hidden) text.push(html.slice(start, end));
      },
      ontextentity: (codepoint) => {
        // `&nbsp;` reads as a plain space, as it looks on the card.
        if (!hidden) text.push(codepoint === NBSP ? ' ' : String.fromCodePoint(codepoint));
      },
      onopentagname: (start, end) => {
        flush();
        tag = html.slice(start, end).toLowerCase();
        wanted = {};
      },
      onopentagend: () => {
        if (HIDDEN.has(tag)) hidden = true;
        else if (!hidden) open(tag);
      },
      onselfclosingtag: () => {
        if (!hidden && !HIDDEN.has(tag)) open(tag);
      },
      onclosetag: (start, end) => {
        flush();
        const name = html.slice(start, end).toLowerCase();
        if (HIDDEN.has(name)) hidden = false;
        else if (!hidden) close(name);
      },
      onattribname: (start, end) => {
        attribute = html.slice(start, end).toLowerCase();
        value = [];
      },
      onattribdata: (start, end) => {
        if (wants(tag, attribute)) value.push(html.slice(start, end));
      },
      onattribentity: (codepoint) => {
        if (wants(tag, attribute)) value.push(String.fromCodePoint(codepoint));
      },
      onattribend: () => {
        if (wants(tag, attribute) && wanted[attribute] === undefined) wanted[attribute] = value.join('');
        value = [];
      },
      oncdata: () => {},
      oncomment: () => {},
      ondeclaration: () => {},
      onprocessinginstruction: () => {},
      onend: () => {},
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  flush();
  return { text: writer.finish(), hadMedia, media };
}
