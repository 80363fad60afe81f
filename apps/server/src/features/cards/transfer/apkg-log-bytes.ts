/**
 * The replayed log's bytes (docs/decisions/034-import-budget.md): the import's worker writes each card's rows into a
 * few large buffers rather than one string a card, and hands the buffers over to the server's thread as they are
 * (transferred, not copied). The server puts them in the insert's text as bytes: no review becomes a JavaScript
 * string on the server's thread, and nothing of the log is held twice.
 */

/** Bytes a buffer holds: a few hundred cards' logs each, given back together once they are written. */
const BUFFER_BYTES = 4 * 1024 * 1024;
const encoder = new TextEncoder();
export const NO_BYTES = new Uint8Array(0);

export class LogBytes {
  private buffer = NO_BYTES;
  private used = 0;
  /** Every buffer written into, to hand over (`postMessage`'s transfer list). */
  readonly buffers: ArrayBuffer[] = [];

  /** `text` (JSON of numbers: ASCII, one byte a character) as bytes of one of the buffers. */
  add(text: string): Uint8Array {
    if (!text) return NO_BYTES;
    if (this.used + text.length > this.buffer.length) {
      this.buffer = new Uint8Array(Math.max(BUFFER_BYTES, text.length));
      this.used = 0;
      this.buffers.push(this.buffer.buffer);
    }
    const { read, written } = encoder.encodeInto(text, this.buffer.subarray(this.used));
    if (read !== text.length || written !== text.length) throw new Error('a packed log is not ASCII');
    const bytes = this.buffer.subarray(this.used, this.used + written);
    this.used += written;
    return bytes;
  }
}

/** A card's log rows as JSON text (`[[…], …]`): the rows before the last as bytes, the last one as text. */
export function logText(history: { earlier: Uint8Array; last: string }): string {
  const earlier = Buffer.from(history.earlier.buffer, history.earlier.byteOffset, history.earlier.byteLength);
  return `[${earlier.toString('latin1')}${history.earlier.length && history.last ? ',' : ''}${history.last}]`;
}
