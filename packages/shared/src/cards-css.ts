import { CARD_CLASS_PREFIX } from './card-html';

/**
 * An Anki note type's CSS made safe to apply to its cards (docs/decisions/047-anki-note-fields-and-styles.md).
 *
 * Every rule is scoped under the card's container (`.card`, `html`, `body` and `:root` become the container itself,
 * any other selector a descendant of it), so nothing outside the card can match. What could reach past the card or
 * load anything is dropped: every at-rule but `@media` and `@supports` (so `@import`, `@font-face`, `@keyframes`),
 * any value with `url(`, `image(`, `image-set(`, `element(`, `expression(`, `src(` or a backslash escape (which could
 * spell one of them), `!important` (the container's own inline containment must win), `behavior` and `-moz-binding`,
 * a selector that reaches siblings of the container (`.card ~ p`, `+ p`), and anything with `<` or `@` in it.
 * The container clips what the CSS places (`contain: paint`), so positioned elements stay inside it too, and a rule
 * on the container itself cannot move, size or unclip it (position, offsets, margins, transforms, width, overflow).
 * Class selectors name the card's own classes, which live in their namespace (`.cloze` is `.ak-cloze`: card-html.ts).
 */

/** The class of the card's container, the root of every scoped rule. */
export const NOTE_STYLE_SCOPE = 'anki-card';
/** A longer stylesheet is not applied (Anki's stock CSS is about 100 characters; real ones a few thousand). */
export const NOTE_CSS_MAX_LENGTH = 50_000;

const SCOPE = `.${NOTE_STYLE_SCOPE}`;
const ROOT_SELECTORS = new Set(['.card', 'html', 'body', ':root']);
const BLOCKED_VALUE = /url\s*\(|image\s*\(|image-set\s*\(|element\s*\(|expression\s*\(|src\s*\(|\\|<|@|javascript:/i;
const BLOCKED_PROPERTY = new Set(['behavior', '-moz-binding']);
const PROPERTY = /^-{0,2}[a-z][a-z0-9-]*$/i;
/** On the container itself: what would move or size it over the page around it, or undo its clipping. */
const CONTAINER_PROPERTY =
  /^(position|inset(-.*)?|top|right|bottom|left|transform(-.*)?|translate|rotate|scale|margin(-.*)?|z-index|float|contain|content-visibility|zoom|width|min-width|max-width|overflow(-.*)?)$/i;
const KEPT_AT_RULES = new Set(['media', 'supports']);

/** Splits on `separator` at depth 0 (outside strings, parentheses and brackets). */
function splitTop(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let from = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth = Math.max(0, depth - 1);
    else if (char === separator && depth === 0) {
      parts.push(text.slice(from, index));
      from = index + 1;
    }
  }
  parts.push(text.slice(from));
  return parts;
}

interface Block {
  prelude: string;
  /** The text inside the braces, or null for a statement (`@import …;`). */
  body: string | null;
}

/** The top-level statements and blocks of a stylesheet (comments already out), matching braces outside strings. */
function blocks(css: string): Block[] {
  const out: Block[] = [];
  let index = 0;
  while (index < css.length) {
    let quote = '';
    let start = index;
    // The prelude: up to `{`, or `;` for a statement.
    while (index < css.length) {
      const char = css[index]!;
      if (quote) {
        if (char === quote) quote = '';
      } else if (char === '"' || char === "'") quote = char;
      else if (char === '{' || char === ';' || char === '}') break;
      index += 1;
    }
    const prelude = css.slice(start, index).trim();
    const stop = css[index];
    if (stop !== '{') {
      if (prelude) out.push({ prelude, body: null });
      index += 1;
      continue;
    }
    let depth = 1;
    start = index + 1;
    index += 1;
    quote = '';
    while (index < css.length && depth > 0) {
      const char = css[index]!;
      if (quote) {
        if (char === quote) quote = '';
      } else if (char === '"' || char === "'") quote = char;
      else if (char === '{') depth += 1;
      else if (char === '}') depth -= 1;
      index += 1;
    }
    // An unclosed block is dropped, as a browser would end it at the sheet's end (it is the last thing anyway).
    if (depth > 0) break;
    out.push({ prelude, body: css.slice(start, index - 1) });
  }
  return out;
}

/**
 * Every class selector (`.cloze`, `div.word`, `:not(.x)`) in the card's class namespace; what is inside strings and
 * attribute selectors is left as it is.
 */
function namespaced(selector: string): string {
  let out = '';
  let quote = '';
  let bracket = 0;
  for (let index = 0; index < selector.length; index += 1) {
    const char = selector[index]!;
    out += char;
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '[') bracket += 1;
    else if (char === ']') bracket = Math.max(0, bracket - 1);
    else if (char === '.' && !bracket && /[-_a-z]/i.test(selector[index + 1] ?? '')) out += CARD_CLASS_PREFIX;
  }
  return out;
}

/** One selector under the container, or null when it would reach outside it. */
function scopeSelector(selector: string): string | null {
  const trimmed = selector.trim();
  if (!trimmed || /[<@{}\\]/.test(trimmed) || !closedQuotes(trimmed)) return null;
  // A leading combinator would pick the container's siblings or parent's children.
  if (/^[>+~]/.test(trimmed)) return null;
  const first = /^[^\s>+~]+/.exec(trimmed)![0];
  // Class names keep their case; element names and `:root` do not.
  if (!ROOT_SELECTORS.has(first.startsWith('.') ? first : first.toLowerCase()))
    return `${SCOPE} ${namespaced(trimmed)}`;
  const rest = trimmed.slice(first.length);
  // `.card + p` and `.card ~ p` are siblings of the container: outside it.
  if (/^\s*[+~]/.test(rest)) return null;
  // `html body .card`: another root word after the first stays the container.
  const tail = rest.replace(/^(\s+(html|body|\.card|:root)(?=\s|$|>))+/gi, '');
  return `${SCOPE}${namespaced(tail)}`;
}

/** Whether every string in the value ends (an open one would run on over the rules after it). */
function closedQuotes(value: string): boolean {
  let quote = '';
  for (const char of value) {
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
  }
  return quote === '';
}

function declarations(body: string, container: boolean): string {
  const kept: string[] = [];
  for (const part of splitTop(body, ';')) {
    const colon = part.indexOf(':');
    if (colon === -1) continue;
    const property = part.slice(0, colon).trim();
    let value = part.slice(colon + 1).trim();
    if (!PROPERTY.test(property) || BLOCKED_PROPERTY.has(property.toLowerCase())) continue;
    if (container && CONTAINER_PROPERTY.test(property)) continue;
    value = value.replace(/!\s*important\s*$/i, '').trim();
    if (!value || BLOCKED_VALUE.test(value) || /[{}!]/.test(value) || !closedQuotes(value)) continue;
    kept.push(`${property}: ${value}`);
  }
  return kept.join('; ');
}

function rules(css: string, depth: number): string[] {
  const out: string[] = [];
  for (const { prelude, body } of blocks(css)) {
    if (body === null) continue;
    if (prelude.startsWith('@')) {
      const name = /^@([a-z-]+)/i.exec(prelude)?.[1]?.toLowerCase() ?? '';
      if (!KEPT_AT_RULES.has(name) || depth > 3 || /[<{};\\]|url\s*\(/i.test(prelude)) continue;
      const inner = rules(body, depth + 1);
      if (inner.length) out.push(`${prelude} { ${inner.join(' ')} }`);
      continue;
    }
    const selectors = splitTop(prelude, ',').map(scopeSelector);
    // A browser drops a whole rule when one of its selectors is invalid; a dropped one here drops the rule too.
    if (!selectors.length || selectors.some((selector) => selector === null)) continue;
    const kept = declarations(body, selectors.includes(SCOPE));
    if (kept) out.push(`${selectors.join(', ')} { ${kept} }`);
  }
  return out;
}

/** The note type's CSS scoped under `.anki-card` and stripped of what could reach outside it; '' when none is left. */
export function scopeNoteCss(css: string): string {
  if (!css || css.length > NOTE_CSS_MAX_LENGTH) return '';
  // Comments out first (an unclosed one runs to the end, as in a browser).
  const plain = css.replace(/\/\*[\s\S]*?(\*\/|$)/g, '');
  return rules(plain, 0).join('\n');
}
