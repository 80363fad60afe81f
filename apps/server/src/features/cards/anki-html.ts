/**
 * Anki keeps card text as HTML; Turtle's is markdown. The import keeps the text and its line breaks, drops the
 * markup, and leaves media references out (the media files are not imported), saying so in the summary.
 */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function fromAnkiHtml(html: string): { text: string; hadMedia: boolean } {
  let hadMedia = false;
  const text = html
    .replace(/\[sound:[^\]]*\]/gi, () => {
      hadMedia = true;
      return '';
    })
    .replace(/<(img|audio|video|object|embed)\b[^>]*>/gi, () => {
      hadMedia = true;
      return '';
    })
    .replace(/<\s*br\s*\/?>/gi, '\n')
    .replace(/<\/(div|p|li|h[1-6]|tr)>/gi, '\n')
    .replace(/<(style|script)\b[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === '#') {
        const code = name[1]?.toLowerCase() === 'x' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    // Text a database cannot hold (NUL) and other control characters but tab and line breaks.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { text, hadMedia };
}
