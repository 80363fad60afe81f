import { CARD_CLASS_PREFIX, CARD_HTML_SCHEMA, escapeTagsOutsideSubset } from '@turtle/shared/card-html';
import { remarkMathDelimiters } from '@turtle/shared/markdown-math-syntax';
import { isPlainText, plainParagraphs } from '@turtle/shared/markdown-plain-text';
import type { Nodes as HastNodes, Root as HastRoot, RootContent as HastContent } from 'hast';
import type { Schema } from 'hast-util-sanitize';
import type { Nodes as MdastNodes, Root as MdastRoot, RootContent as MdastContent } from 'mdast';

/**
 * A card's markdown as the HTML Anki shows: the card face's own reading (GFM, `$…$`, `$$…$$`, Anki's `\(…\)` and
 * `\[…\]`, the HTML subset of packages/shared/src/card-html.ts), written out as that subset (docs/security.md 7d.3),
 * so Anki shows bold, not `**bold**`. Formulas go out as `\(…\)` and `\[…\]` for Anki's MathJax; an image or sound
 * of the person's card media goes out by its name in the package (`<img src="name">`, `[sound:name]`: decision 038),
 * another image leaves its alt text; a tag outside the subset is text, as on the card face. Paragraphs
 * are joined by `<br><br>` and a newline stays one, which is what anki-html.ts reads back into the same markdown.
 */

const SCHEMA: Schema = CARD_HTML_SCHEMA;
const VOID = new Set(['br', 'hr', 'img', 'input']);

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

const isDisplay = (className: unknown) => Array.isArray(className) && className.includes('math-display');

/** Formulas as Anki writes them, images as their alt text, raw HTML with tags outside the subset made text. */
function forAnki(node: MdastNodes): MdastContent[] | undefined {
  switch (node.type) {
    case 'inlineMath':
      return [
        {
          type: 'text',
          value: isDisplay(node.data?.hProperties?.className) ? `\\[${node.value}\\]` : `\\(${node.value}\\)`,
        },
      ];
    case 'math':
      return [{ type: 'paragraph', children: [{ type: 'text', value: `\\[${node.value}\\]` }] }];
    case 'image':
      return node.alt ? [{ type: 'text', value: node.alt }] : [];
    case 'html':
      node.value = escapeTagsOutsideSubset(node.value);
      return undefined;
    default:
      if ('children' in node) {
        const children: MdastContent[] = [];
        for (const child of node.children) children.push(...(forAnki(child) ?? [child]));
        (node as { children: MdastContent[] }).children = children;
      }
      return undefined;
  }
}

/** The name in the package of a card media address (`/api/cards/media/<sha256>`), if the package holds the file. */
export type MediaNames = (src: string) => string | undefined;

/**
 * Images and sounds written in raw HTML (already sanitized): one of the package's media files by its name, Anki's
 * way (`<img src="name">`, `[sound:name]`); any other image leaves its alt text, any other sound nothing.
 */
function mediaForAnki(node: HastNodes, names: MediaNames): void {
  if (!('children' in node)) return;
  node.children = node.children.map((child): HastContent => {
    if (child.type === 'element' && (child.tagName === 'img' || child.tagName === 'audio')) {
      const src = child.properties.src;
      const name = typeof src === 'string' ? names(src) : undefined;
      if (child.tagName === 'audio') return { type: 'text', value: name ? `[sound:${name}]` : '' };
      const alt = child.properties.alt;
      if (name) return { ...child, properties: { src: name, ...(typeof alt === 'string' ? { alt } : {}) } };
      return { type: 'text', value: typeof alt === 'string' ? alt : '' };
    }
    mediaForAnki(child, names);
    return child;
  }) as typeof node.children;
}

const NO_MEDIA: MediaNames = () => undefined;

/** A card's own classes by the names Anki gave them (`ak-cloze` is `cloze`: card-html.ts). */
function ankiClasses(value: unknown): string {
  if (!Array.isArray(value)) return '';
  const names = value.filter((name): name is string => typeof name === 'string' && name.startsWith(CARD_CLASS_PREFIX));
  return names.map((name) => name.slice(CARD_CLASS_PREFIX.length)).join(' ');
}

function attributes(properties: Record<string, unknown>): string {
  let out = '';
  for (const [name, value] of Object.entries(properties)) {
    // Other classes name a code block's language or a task list for the card face's styles; Anki has neither.
    if (name === 'className') {
      const names = ankiClasses(value);
      if (names) out += ` class="${escapeAttribute(names)}"`;
      continue;
    }
    if (value === undefined || value === null || value === false) continue;
    if (value === true) out += ` ${name}`;
    else out += ` ${name}="${escapeAttribute(Array.isArray(value) ? value.join(' ') : String(value))}"`;
  }
  return out;
}

function serialize(node: HastNodes): string {
  switch (node.type) {
    case 'text':
      return escapeText(node.value);
    case 'element': {
      const inner = node.children.map(serialize).join('');
      const open = `<${node.tagName}${attributes(node.properties)}>`;
      return VOID.has(node.tagName) ? open : `${open}${inner}</${node.tagName}>`;
    }
    case 'root':
      return node.children.map(serialize).join('');
    default:
      return '';
  }
}

/** The top level: a paragraph is its content, two in a row are parted by a blank line, other blocks as they are. */
function serializeTop(root: HastRoot): string {
  let out = '';
  let afterParagraph = false;
  for (const child of root.children) {
    if (child.type === 'text' && !child.value.trim()) continue;
    const paragraph = child.type === 'element' && child.tagName === 'p';
    if (paragraph && afterParagraph) out += '<br><br>';
    out += paragraph ? child.children.map(serialize).join('') : serialize(child);
    afterParagraph = paragraph;
  }
  return out;
}

/** Plain text as markdown would draw it, without parsing it: most cards are words and sentences. */
function plainToAnkiHtml(markdown: string): string {
  return plainParagraphs(markdown)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => line.trim())
        .join('\n'),
    )
    .join('<br><br>');
}

export interface AnkiHtmlWriter {
  /** Card text (markdown) as Anki HTML; cloze markup passes through untouched. */
  toAnkiHtml(markdown: string, media?: MediaNames): string;
  /** The same through the markdown parser, whatever the text (for the test that the shortcut agrees). */
  parsedToAnkiHtml(markdown: string, media?: MediaNames): string;
}

async function loadWriter(): Promise<AnkiHtmlWriter> {
  const [{ unified }, remarkParse, remarkGfm, remarkMath, remarkRehype, { raw }, { sanitize }] = await Promise.all([
    import('unified'),
    import('remark-parse'),
    import('remark-gfm'),
    import('remark-math'),
    import('remark-rehype'),
    import('hast-util-raw'),
    import('hast-util-sanitize'),
  ]);
  const processor = unified()
    .use(remarkParse.default)
    .use(remarkGfm.default)
    .use(remarkMath.default)
    .use(remarkMathDelimiters)
    .use(() => (tree: MdastRoot) => void forAnki(tree))
    .use(remarkRehype.default, { allowDangerousHtml: true });
  const parsedToAnkiHtml = (markdown: string, media: MediaNames = NO_MEDIA) => {
    const parsed = raw(processor.runSync(processor.parse(markdown), markdown)) as HastRoot;
    const safe = sanitize(parsed, SCHEMA) as HastRoot;
    mediaForAnki(safe, media);
    return serializeTop(safe);
  };
  return {
    toAnkiHtml: (markdown, media) => {
      if (isPlainText(markdown)) return plainToAnkiHtml(markdown);
      try {
        return parsedToAnkiHtml(markdown, media);
      } catch {
        // Markdown the libraries cannot walk (10,000 nested quotes overflow their recursion): the text as it is.
        return escapeText(markdown).replace(/\n/g, '<br>');
      }
    },
    parsedToAnkiHtml,
  };
}

let writer: Promise<AnkiHtmlWriter> | undefined;

/**
 * The writer, once its libraries have loaded: unified, remark and hast (about half a second of module loading on a
 * busy machine) load with the first export, not when the server starts.
 */
export function ankiHtmlWriter(): Promise<AnkiHtmlWriter> {
  if (!writer) {
    writer = loadWriter();
    // A failed load is tried again by the next export.
    writer.catch(() => (writer = undefined));
  }
  return writer;
}
