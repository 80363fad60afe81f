/** An inclusive byte range, as `Content-Range` writes it (the lesson audio and card media are served with ranges). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * RFC 9110 14.2 for one range of a `size`-byte file: the range to send, `'unsatisfiable'` (416) when it starts past
 * the end, or undefined to send the whole file (no header, another unit, bad syntax or several ranges, which a
 * server may ignore; media elements only ever ask for one).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header.trim());
  if (!match) return undefined;
  const [, first, last] = match as unknown as [string, string, string];
  if (first === '' && last === '') return undefined;
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Number.POSITIVE_INFINITY : Number(last);
  if (end < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}
