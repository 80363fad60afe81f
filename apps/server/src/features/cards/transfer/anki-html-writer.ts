/**
 * The card text the Anki import writes (anki-html.ts feeds it): markdown holding the inline tags of the card HTML
 * subset (packages/shared/src/card-html.ts) as they were, and Anki's blocks as markdown, so what is inside them is
 * still markdown (a formula in a `<div>` is drawn; a line starting with `<div>` would make the rest raw HTML).
 *
 * - Line breaks: a newline in the text stays one (a space on the card, as in Anki); `<br>` and the end of a `<div>`
 *   are `<br>` and a newline; two `<br>` in a row, a `<p>` or a blank line in the text are a paragraph break.
 * - Lists become markdown lists (`- ` and `1. `, nested by indentation); a table stays HTML, on one line.
 * - Formulas (`\(…\)`, `\[…\]`, closed within one run of text) are kept as written, for the card face's KaTeX:
 *   nothing inside them is escaped.
 * - Text that would read as markup is escaped: `<` before a letter, `/`, `!` or `?`, and `&` starting an entity.
 *
 * Every step is constant work per character or tag, and inline tags nest at most MAX_DEPTH deep, so the whole is
 * linear (docs/decisions/034-import-budget.md).
 */

/** How far inline tags nest; deeper ones are left out (Anki's editor never nests a handful deep). */
const MAX_DEPTH = 32;
const MAX_LISTS = 8;
const MAX_TABLES = 4;
const NONE = 0;
const SOFT = 1;
const LINE = 2;
const PARAGRAPH = 3;
type Break = typeof NONE | typeof SOFT | typeof LINE | typeof PARAGRAPH;

interface OpenList {
  ordered: boolean;
  next: number;
  /** What a continuation line of an item starts with, this list's share (`  ` or `   `). */
  indent: string;
}

/** Text a database cannot hold (NUL) and other control characters but tab and line breaks; `\r\n` as `\n`. */
// eslint-disable-next-line no-control-regex
const withoutControls = (text: string) => text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f]/g, '');

const escapeText = (text: string) =>
  text
    // At the end too: the next text may be cut from it only by a tag that writes nothing (`&lt;<span></span>b&gt;`).
    .replace(/&(?=#?[a-z0-9]{0,32}(?:;|$))/gi, '&amp;')
    .replace(/<(?=[a-z/!?]|$)/gi, '&lt;');

export class CardTextWriter {
  private readonly out: string[] = [];
  private pending: Break = NONE;
  /** `<br>`s since the last content: two make a paragraph break. */
  private lineBreaks = 0;
  private space = false;
  private contentSinceBlock = false;
  private lineHasContent = false;
  private readonly lists: OpenList[] = [];
  private itemPending = false;
  /** The inline tags open, innermost last, and how each was written. */
  private readonly inline: string[] = [];
  private readonly openers: string[] = [];
  /** How many of the innermost inline tags wait for content before they are written (a lazy open). */
  private unwritten = 0;
  private readonly openCount = new Map<string, number>();
  private table = 0;
  /** Lists and tables nested past the caps are read as text: how many are open. */
  private skippedLists = 0;
  private skippedTables = 0;

  /** A `<br>` (or a newline in the text, SOFT): a break before whatever comes next; the strongest one waiting wins. */
  lineBreak(kind: Break = LINE, counted = kind === LINE): void {
    if (this.table) {
      if (kind >= LINE) this.emit('<br>');
      else this.space = true;
      return;
    }
    if (counted && ++this.lineBreaks >= 2) kind = PARAGRAPH;
    // Inside a list item a paragraph would make the list loose: a line break is enough.
    if (kind === PARAGRAPH && this.lists.length) kind = LINE;
    this.space = false;
    if (kind > this.pending) this.pending = kind;
  }

  paragraph(): void {
    this.lineBreak(PARAGRAPH);
  }

  /**
   * Where a block (`<div>`, a heading…) starts or ends: a new line, and a blank one after a block that held only a
   * `<br>` (Anki's editor writes an empty line as `<div><br></div>`).
   */
  block(): void {
    if (!this.contentSinceBlock && this.lineBreaks > 0) this.paragraph();
    else this.lineBreak(LINE, false);
    this.contentSinceBlock = false;
  }

  /** Text as the page shows it (entities decoded), all of it up to the next tag. */
  text(decoded: string): void {
    const text = withoutControls(decoded);
    // A formula is one only if it closes in this text: an unclosed `\(` stays text and escapes nothing after it.
    const lastClose = { '(': text.lastIndexOf('\\)'), '[': text.lastIndexOf('\\]') };
    let from = 0;
    let search = 0;
    while (from < text.length) {
      const open = text.indexOf('\\', search);
      const kind = open === -1 ? '' : text.charAt(open + 1);
      if (open === -1) {
        this.plain(text.slice(from));
        return;
      }
      if ((kind !== '(' && kind !== '[') || lastClose[kind] <= open + 1) {
        search = open + 1;
        continue;
      }
      this.plain(text.slice(from, open));
      const end = text.indexOf(kind === '(' ? '\\)' : '\\]', open + 2);
      this.words(text.slice(open, end + 2).replace(/\n/g, ' '), false);
      from = search = end + 2;
    }
  }

  /** Text with no formula in it: its newlines are breaks, a blank line a paragraph break. */
  private plain(text: string): void {
    const lines = text.split('\n');
    for (let index = 0; index < lines.length; index++) {
      if (index > 1 && lines[index - 1]!.trim() === '') this.paragraph();
      else if (index > 0) this.lineBreak(SOFT);
      this.words(lines[index]!, true);
    }
  }

  /** Words on one line: spaces at either end wait, so none is left before a break or at a line's start. */
  private words(words: string, escape: boolean): void {
    if (!words) return;
    let start = 0;
    let end = words.length;
    while (start < end && (words.charCodeAt(start) === 32 || words.charCodeAt(start) === 9)) start++;
    while (end > start && (words.charCodeAt(end - 1) === 32 || words.charCodeAt(end - 1) === 9)) end--;
    if (start > 0) this.space = true;
    const content = end > start ? (escape ? escapeText(words.slice(start, end)) : words.slice(start, end)) : '';
    if (content) this.emit(content);
    if (end < words.length && content) this.space = true;
  }

  /** A whole element written as it is (a media file's `<img>` or `<audio>`, made by the caller from safe parts). */
  element(html: string): void {
    this.emit(html);
  }

  /**
   * An inline tag of the subset, opened (`opener` is the whole tag as it will be written). A `lazy` one is written
   * only when content comes inside it: closed with nothing in it, it leaves nothing (a class's `<span>`).
   */
  open(name: string, opener: string, lazy = false): void {
    if (this.inline.length >= MAX_DEPTH) return;
    if (lazy) this.unwritten++;
    else this.emit(opener);
    this.inline.push(name);
    this.openers.push(opener);
    this.openCount.set(name, (this.openCount.get(name) ?? 0) + 1);
  }

  /** Closes `name` if it is open (and what was opened inside it); a closing tag that matches nothing is dropped. */
  close(name: string): void {
    if (!this.openCount.get(name)) return;
    while (this.inline.length) {
      const top = this.popInline();
      if (top === name) return;
    }
  }

  /** The innermost inline tag closed: its end written, or nothing if it was never written. */
  private popInline(): string {
    const top = this.inline.pop()!;
    this.openers.pop();
    this.openCount.set(top, this.openCount.get(top)! - 1);
    if (this.unwritten) this.unwritten--;
    else this.out.push(`</${top}>`);
    return top;
  }

  openList(ordered: boolean, start = 1): void {
    if (this.table) return;
    if (this.lists.length >= MAX_LISTS) {
      this.skippedLists++;
      return;
    }
    this.closeInline();
    this.lineBreak(this.lists.length ? LINE : PARAGRAPH, false);
    this.lists.push({ ordered, next: start, indent: '  ' });
  }

  closeList(): void {
    if (this.table || !this.lists.length) return;
    if (this.skippedLists) {
      this.skippedLists--;
      return;
    }
    this.closeInline();
    this.lists.pop();
    this.lineBreak(this.lists.length ? LINE : PARAGRAPH, false);
  }

  item(): void {
    if (this.table) return;
    if (!this.lists.length) this.lists.push({ ordered: false, next: 1, indent: '  ' });
    this.closeInline();
    this.lineBreak(LINE, false);
    this.itemPending = true;
  }

  openTable(): void {
    if (this.table >= MAX_TABLES) {
      this.skippedTables++;
      return;
    }
    this.closeInline();
    if (!this.table) this.paragraph();
    this.emit('<table>');
    this.table++;
  }

  /** Table parts (`<tr>`, `</td>`…) written as they are, inside a table only. */
  tablePart(tag: string): void {
    if (!this.table) return;
    // Spaces between a table's tags are not text (the page ignores them).
    this.space = false;
    this.emit(tag);
  }

  closeTable(): void {
    if (!this.table) return;
    if (this.skippedTables) {
      this.skippedTables--;
      return;
    }
    this.closeInline();
    this.space = false;
    this.emit('</table>');
    if (--this.table === 0) this.paragraph();
  }

  /** Everything written, every open tag closed. */
  finish(): string {
    this.closeInline();
    while (this.table) this.closeTable();
    return this.out.join('');
  }

  /** Inline tags never cross a list item or a table's edge: markdown would see them in two blocks. */
  private closeInline(): void {
    while (this.inline.length) this.popInline();
    this.openCount.clear();
  }

  /** Content: first the break or space waiting before it, then a list item's marker. */
  private emit(content: string): void {
    if (this.pending !== NONE && this.out.length) {
      // Continuation lines line up with the item's text; a new item with its list's marker.
      const indent = (this.itemPending ? this.lists.slice(0, -1) : this.lists).map((list) => list.indent).join('');
      if (this.pending === PARAGRAPH) this.out.push('\n\n');
      else if (this.pending === LINE && !this.itemPending) this.out.push('<br>\n');
      else this.out.push('\n');
      this.lineHasContent = false;
      this.out.push(indent);
    }
    if (this.itemPending) {
      const list = this.lists[this.lists.length - 1]!;
      const marker = list.ordered ? `${list.next++}. ` : '- ';
      list.indent = ' '.repeat(marker.length);
      this.out.push(marker);
      this.itemPending = false;
      this.lineHasContent = false;
    } else if (this.space && this.lineHasContent) this.out.push(' ');
    this.pending = NONE;
    this.lineBreaks = 0;
    this.space = false;
    this.lineHasContent = true;
    this.contentSinceBlock = true;
    // Lazy tags open around the content, once the break and the space before it are written.
    for (let index = this.inline.length - this.unwritten; index < this.inline.length; index++) {
      this.out.push(this.openers[index]!);
    }
    this.unwritten = 0;
    this.out.push(content);
  }
}
