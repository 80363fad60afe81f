/**
 * Anki's card templates (docs/decisions/042-anki-note-types.md): a note type's question and answer formats rendered
 * with a note's fields, by Anki's rules. The fields are HTML and stay HTML: the caller turns the result into card text
 * (the server's import keeps the card HTML subset of card-html.ts). Pure functions, one pass over the template.
 *
 * - `{{Field}}` is the field's text; `{{FrontSide}}` on the answer is the rendered question.
 * - `{{#Field}}…{{/Field}}` shows its content when the field is not empty, `{{^Field}}…{{/Field}}` when it is; a field
 *   holding only whitespace, `<br>` and `<div>` tags is empty. On a cloze note type `{{#c2}}` is true on card c2.
 * - Filters run from the field outwards (`{{text:hint:F}}`: hint, then text). `text:` takes the HTML out; `hint:`
 *   is a disclosure named after the field; `cloze:` hides the card's deletions on the question (`[...]` or
 *   `[hint]`) and shows them in bold on the answer, other deletions as plain text; `type:` (typing the answer) is
 *   the plain field on the answer, where Anki shows the right answer, and nothing on the question, where Anki draws
 *   a typing box Turtle does not have (the field there would give the answer away); filters Anki adds through
 *   add-ons are ignored.
 * - A question that uses no field with text (or, on a cloze note type, no deletion of the card's number) is empty:
 *   Anki makes no such card.
 */

type Node =
  | { type: 'text'; text: string }
  | { type: 'field'; key: string; filters: string[] }
  | { type: 'section'; key: string; negated: boolean; children: Node[] };

export class TemplateError extends Error {}

/** Anki's `{{=<% %>=}}` alternative delimiters, which templates from before 2.1.28 may use. */
const ALT_SYNTAX = '{{=<% %>=}}';
const COMMENT_START = '<!--';
const COMMENT_END = '-->';

function tokens(template: string): ({ type: 'text'; text: string } | { type: 'tag'; body: string })[] {
  let text = template;
  let [open, close] = ['{{', '}}'];
  if (text.trimStart().startsWith(ALT_SYNTAX)) {
    text = text.trimStart().slice(ALT_SYNTAX.length);
    [open, close] = ['<%', '%>'];
  }
  const out: ({ type: 'text'; text: string } | { type: 'tag'; body: string })[] = [];
  let at = 0;
  let from = 0;
  const pushText = (end: number) => {
    if (end > from) out.push({ type: 'text', text: text.slice(from, end) });
  };
  while (at < text.length) {
    const tag = text.indexOf(open, at);
    const comment = text.indexOf(COMMENT_START, at);
    if (tag === -1 && comment === -1) break;
    // A comment is copied as it is (a tag inside it is not read).
    if (comment !== -1 && (tag === -1 || comment < tag)) {
      const end = text.indexOf(COMMENT_END, comment + COMMENT_START.length);
      if (end === -1) break;
      at = end + COMMENT_END.length;
      continue;
    }
    const end = text.indexOf(close, tag + open.length);
    if (end === -1) break;
    pushText(tag);
    out.push({ type: 'tag', body: text.slice(tag + open.length, end) });
    at = from = end + close.length;
  }
  pushText(text.length);
  return out;
}

function parse(template: string): Node[] {
  const root: Node[] = [];
  const stack: { key: string; children: Node[] }[] = [{ key: '', children: root }];
  for (const token of tokens(template)) {
    const current = stack[stack.length - 1]!.children;
    if (token.type === 'text') {
      current.push(token);
      continue;
    }
    const body = token.body.replace(/^\{+/, '').trim();
    const mark = body.length >= 2 ? body[0] : '';
    if (mark === '#' || mark === '^') {
      const section: Node = { type: 'section', key: body.slice(1).trimStart(), negated: mark === '^', children: [] };
      current.push(section);
      stack.push({ key: section.key, children: section.children });
    } else if (mark === '/') {
      const key = body.slice(1).trimStart();
      if (stack.length === 1 || stack[stack.length - 1]!.key !== key) {
        throw new TemplateError(`{{/${key}}} closes a section that is not open.`);
      }
      stack.pop();
    } else {
      const parts = body.split(':');
      const key = parts.pop()!;
      current.push({ type: 'field', key, filters: parts.reverse() });
    }
  }
  if (stack.length > 1) throw new TemplateError(`{{#${stack[stack.length - 1]!.key}}} is not closed.`);
  return root;
}

/** Anki's empty field: only whitespace and `<br>`/`<div>` tags. */
export function fieldIsEmpty(html: string): boolean {
  return /^(?:\s|<\/?(?:br|div) ?\/?>)*$/i.test(html);
}

/**
 * Tags out, and the entities `&nbsp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;`, `&amp;` read (Anki's `strip_html`; the
 * content of `<script>` and `<style>` is left to the caller's sanitizing). One pass: a `<` with no `>` after it ends
 * the tags, so a field of many `<` costs no more than its length.
 */
export function stripHtml(html: string): string {
  let out = '';
  let from = 0;
  let at = html.indexOf('<');
  while (at !== -1) {
    const end = html.indexOf('>', at + 1);
    if (end === -1) break;
    out += html.slice(from, at);
    from = end + 1;
    at = html.indexOf('<', from);
  }
  out += html.slice(from);
  return out
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

type Cloze = { numbers: number[]; hint: string | null; nodes: (string | Cloze)[] };

/** A field's cloze deletions, nested as Anki nests them (`{{c1::a {{c2::b}}}}`), at most 10 deep. */
function parseClozes(text: string): (string | Cloze)[] {
  const output: (string | Cloze)[] = [];
  const open: Cloze[] = [];
  const OPEN = /\{\{c([\d,]+)::|\}\}/g;
  let from = 0;
  const pushText = (piece: string) => {
    if (!piece) return;
    const cloze = open[open.length - 1];
    if (!cloze) return void output.push(piece);
    const hintAt = piece.indexOf('::');
    if (hintAt !== -1) {
      cloze.hint = piece.slice(hintAt + 2);
      piece = piece.slice(0, hintAt);
    }
    cloze.nodes.push(piece);
  };
  for (const match of text.matchAll(OPEN)) {
    const numbers = match[1]
      ?.split(',')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0);
    if (match[1] !== undefined && !numbers?.length) continue;
    pushText(text.slice(from, match.index));
    from = match.index + match[0].length;
    if (numbers) {
      if (open.length < 10) open.push({ numbers: [...new Set(numbers)].sort((a, b) => a - b), hint: null, nodes: [] });
      continue;
    }
    const closed = open.pop();
    if (!closed) output.push('}}');
    else (open[open.length - 1]?.nodes ?? output).push(closed);
  }
  pushText(text.slice(from));
  // Deletions left open are left out, as Anki leaves them.
  return output;
}

/** The cloze numbers a text holds, ascending. */
export function templateClozeNumbers(text: string): number[] {
  const found = new Set<number>();
  const walk = (nodes: (string | Cloze)[]) => {
    for (const node of nodes) {
      if (typeof node === 'string') continue;
      node.numbers.forEach((n) => found.add(n));
      walk(node.nodes);
    }
  };
  walk(parseClozes(text));
  return [...found].sort((a, b) => a - b);
}

function revealCloze(nodes: (string | Cloze)[], number: number, question: boolean, found: { any: boolean }): string {
  let out = '';
  for (const node of nodes) {
    if (typeof node === 'string') {
      out += node;
      continue;
    }
    const active = node.numbers.includes(number);
    found.any ||= active;
    const inner = revealCloze(node.nodes, number, question, found);
    // Anki's own markup, for the note type's `.cloze` rule (bold as well, for a card with no such rule).
    if (active && question) out += `<span class="cloze">[${node.hint ?? '...'}]</span>`;
    else if (active) out += `<span class="cloze"><b>${inner}</b></span>`;
    else out += inner;
  }
  return out;
}

/** `{{cloze:F}}`: the deletions of card `number` hidden (question) or shown (answer); nothing if it has none. */
export function clozeFilter(text: string, number: number, question: boolean): string {
  const found = { any: false };
  const out = revealCloze(parseClozes(text), number, question, found);
  return found.any ? out : '';
}

interface Context {
  fields: Record<string, string>;
  nonEmpty: Set<string>;
  cloze: number | null;
  question: boolean;
  frontSide: string;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function applyFilters(text: string, filters: string[], key: string, context: Context): string {
  // `type:` takes the field's place whatever comes before it (`type:cloze:` too): the answer's text, no typing box.
  const typeAt = filters.lastIndexOf('type');
  if (typeAt !== -1) {
    if (context.question) return '';
    const cloze = filters.slice(0, typeAt).includes('cloze') && context.cloze !== null;
    return cloze ? clozeFilter(text, context.cloze!, false) : text;
  }
  for (const filter of filters) {
    if (filter === 'text') text = stripHtml(text);
    else if (filter === 'hint') {
      if (text.trim()) text = `<details><summary>${escapeHtml(key)}</summary>${text}</details>`;
    } else if (filter === 'cloze' || filter === 'cloze-only') {
      text = context.cloze === null ? text : clozeFilter(text, context.cloze, context.question);
    }
    // Any other filter (furigana, tts, an add-on's) leaves the text as it is.
  }
  return text;
}

function isSectionTrue(key: string, context: Context): boolean {
  if (context.nonEmpty.has(key)) return true;
  if (Object.hasOwn(context.fields, key)) return false;
  const cloze = /^c(\d+)$/.exec(key);
  if (cloze) return context.cloze !== null && Number(cloze[1]) === context.cloze;
  throw new TemplateError(`{{#${key}}} names a field the note type does not have.`);
}

function render(nodes: Node[], context: Context): string {
  let out = '';
  for (const node of nodes) {
    if (node.type === 'text') out += node.text;
    else if (node.type === 'section') {
      const shown = isSectionTrue(node.key, context) !== node.negated;
      const inner = render(node.children, context);
      if (shown) out += inner;
    } else if (node.key === 'FrontSide') out += context.frontSide;
    else if (node.key === '' && node.filters.length) continue;
    else if (!Object.hasOwn(context.fields, node.key)) {
      throw new TemplateError(`{{${node.key}}} names a field the note type does not have.`);
    } else out += applyFilters(context.fields[node.key]!, node.filters, node.key, context);
  }
  return out;
}

/** Anki's test for an empty question: no field with text is used where it would show. */
function usesNonEmptyField(nodes: Node[], nonEmpty: Set<string>): boolean {
  for (const node of nodes) {
    if (node.type === 'field' && nonEmpty.has(node.key)) return true;
    if (node.type !== 'section') continue;
    if (node.negated ? nonEmpty.has(node.key) : !nonEmpty.has(node.key)) continue;
    if (usesNonEmptyField(node.children, nonEmpty)) return true;
  }
  return false;
}

export interface AnkiCardTemplate {
  qfmt: string;
  afmt: string;
}

export interface RenderedCard {
  question: string;
  answer: string;
  /** Anki makes no card for it: its question uses no field with text, or (cloze) no deletion of its number. */
  empty: boolean;
}

/**
 * One card's two sides. `cloze` is the card's cloze number on a cloze note type (Anki's card `ord` + 1), null on a
 * standard one. Throws a `TemplateError` for a template Anki would not render (a section left open, a field the
 * note type lacks).
 */
export function renderAnkiCard(
  template: AnkiCardTemplate,
  fields: Record<string, string>,
  cloze: number | null,
): RenderedCard {
  const nonEmpty = new Set(Object.keys(fields).filter((name) => !fieldIsEmpty(fields[name]!)));
  const context: Context = { fields, nonEmpty, cloze, question: true, frontSide: '' };
  const questionNodes = parse(template.qfmt);
  const question = render(questionNodes, context);
  const answer = render(parse(template.afmt), { ...context, question: false, frontSide: question });
  const empty =
    cloze !== null
      ? !Object.values(fields).some((text) => templateClozeNumbers(text).includes(cloze))
      : !usesNonEmptyField(questionNodes, nonEmpty);
  return { question, answer, empty };
}

/** The fields by name, as a template reads them (a missing value is empty; a repeated name keeps the first). */
export function fieldMap(names: readonly string[], values: readonly string[]): Record<string, string> {
  const map: Record<string, string> = {};
  names.forEach((name, index) => {
    if (!Object.hasOwn(map, name)) map[name] = values[index] ?? '';
  });
  return map;
}

/** An Anki note type as Turtle keeps it, to render its cards and to export it back as it came. */
export interface AnkiNoteTypeDefinition {
  name: string;
  kind: 'standard' | 'cloze';
  fields: string[];
  templates: { name: string; qfmt: string; afmt: string }[];
  css: string;
}

/** One card of a note of a kept note type: its two sides as card text (markdown with the card HTML subset). */
export interface CardNoteSide {
  ordinal: number;
  question: string;
  answer: string;
}

/** An edit that changes the text of a note of a kept note type (its deck and tags may change). */
export const KEPT_NOTE_TYPE_TEXT =
  'This card comes from an Anki note type that Turtle shows as Anki renders it: its deck and tags can change here, its text cannot.';
