import { Tokenizer } from 'htmlparser2';

/**
 * Anki keeps card text as HTML; Turtle's is markdown. The import keeps the text and its line breaks, drops the
 * markup, and leaves media references out (the media files are not imported), saying so in the summary.
 *
 * Linear in the length of the field, whatever it holds (docs/decisions/034-import-budget.md): htmlparser2's
 * tokenizer reads it once, and every other step is a single pass too. Regular expressions over the HTML (`/<[^>]*>/g` and a lazy `<script>…</script>`)
 * took 13.5 s on a field of 150,000 `<`; htmlparser2's own `Parser` is no better on deep nesting (it keeps a stack
 * of open elements it searches and shifts at every tag), so only its tokenizer is used, with no stack at all.
 */

/** Elements whose text is not card text. `<script>` and `<style>` are raw text: the tokenizer skips to their end. */
const HIDDEN = new Set(['script', 'style']);
const MEDIA = new Set(['img', 'audio', 'video', 'object', 'embed']);
/** Their closing tag ends a line. */
const BLOCKS = new Set(['div', 'p', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'tr']);
const NBSP = 0xa0;

/** `[sound:…]` references taken out in one pass; `found` says whether there was one. */
function withoutSounds(html: string): { html: string; found: boolean } {
  const lower = html.toLowerCase();
  let at = lower.indexOf('[sound:');
  if (at === -1) return { html, found: false };
  const parts: string[] = [];
  let from = 0;
  let found = false;
  while (at !== -1) {
    const end = html.indexOf(']', at + 7);
    // No `]` after this one: none after any later one either.
    if (end === -1) break;
    parts.push(html.slice(from, at));
    from = end + 1;
    found = true;
    at = lower.indexOf('[sound:', from);
  }
  parts.push(html.slice(from));
  return { html: parts.join(''), found };
}

/** Spaces and tabs before each line break taken off, line by line (a regular expression backtracks on long runs). */
function trimLineEnds(text: string): string {
  const lines = text.split('\n');
  for (let index = 0; index < lines.length - 1; index++) {
    const line = lines[index]!;
    let end = line.length;
    while (end > 0 && (line.charCodeAt(end - 1) === 32 || line.charCodeAt(end - 1) === 9)) end--;
    if (end < line.length) lines[index] = line.slice(0, end);
  }
  return lines.join('\n');
}

export function fromAnkiHtml(field: string): { text: string; hadMedia: boolean } {
  const sounds = withoutSounds(field);
  const html = sounds.html;
  let hadMedia = sounds.found;
  const parts: string[] = [];
  let tag = '';
  let hidden = false;
  const tokenizer = new Tokenizer(
    { decodeEntities: true },
    {
      ontext: (start, end) => {
        if (!hidden) parts.push(html.slice(start, end));
      },
      ontextentity: (codepoint) => {
        // `&nbsp;` reads as a plain space, as it looks on the card.
        if (!hidden) parts.push(codepoint === NBSP ? ' ' : String.fromCodePoint(codepoint));
      },
      onopentagname: (start, end) => {
        tag = html.slice(start, end).toLowerCase();
        if (MEDIA.has(tag)) hadMedia = true;
        else if (tag === 'br') parts.push('\n');
      },
      onopentagend: () => {
        if (HIDDEN.has(tag)) hidden = true;
      },
      onselfclosingtag: () => {},
      onclosetag: (start, end) => {
        const name = html.slice(start, end).toLowerCase();
        if (HIDDEN.has(name)) hidden = false;
        else if (!hidden && BLOCKS.has(name)) parts.push('\n');
      },
      onattribdata: () => {},
      onattribentity: () => {},
      onattribend: () => {},
      onattribname: () => {},
      oncdata: () => {},
      oncomment: () => {},
      ondeclaration: () => {},
      onprocessinginstruction: () => {},
      onend: () => {},
    },
  );
  tokenizer.write(html);
  tokenizer.end();
  const text = trimLineEnds(
    parts
      .join('')
      // Text a database cannot hold (NUL) and other control characters but tab and line breaks.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, ''),
  )
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { text, hadMedia };
}
