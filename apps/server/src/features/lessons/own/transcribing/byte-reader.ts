/**
 * Reads a stream of bytes by counts (docs/decisions/051-transcribing-own-lessons.md): an Ogg page or an EBML element's
 * header at a time, holding only what is asked for, so a file of any size is walked without being held whole.
 */
const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export class ByteReader {
  private readonly source: AsyncIterator<Uint8Array>;
  private buffered: Buffer = Buffer.alloc(0);
  private ended = false;
  /** Bytes consumed from the start of the stream. */
  offset = 0;

  constructor(stream: AsyncIterable<Uint8Array>) {
    this.source = stream[Symbol.asyncIterator]();
  }

  /** Up to `count` bytes from here without consuming them (fewer only at the end of the stream). */
  async peek(count: number): Promise<Buffer> {
    while (this.buffered.length < count && !this.ended) {
      const next = await this.source.next();
      if (next.done) this.ended = true;
      else this.buffered = this.buffered.length ? Buffer.concat([this.buffered, next.value]) : asBuffer(next.value);
    }
    return this.buffered.subarray(0, Math.min(count, this.buffered.length));
  }

  /** Up to `count` bytes, consumed (fewer only at the end of the stream). */
  async read(count: number): Promise<Buffer> {
    const bytes = Buffer.from(await this.peek(count));
    this.buffered = this.buffered.subarray(bytes.length);
    this.offset += bytes.length;
    return bytes;
  }

  /**
   * The next `count` bytes as they come, a chunk at a time (never gathered into one buffer); stops early at the end of
   * the stream.
   */
  async *pass(count: number): AsyncGenerator<Buffer> {
    let left = count;
    while (left > 0) {
      if (this.buffered.length === 0) {
        if (this.ended) return;
        const next = await this.source.next();
        if (next.done) {
          this.ended = true;
          return;
        }
        this.buffered = asBuffer(next.value);
      }
      const part = this.buffered.subarray(0, Math.min(left, this.buffered.length));
      this.buffered = this.buffered.subarray(part.length);
      this.offset += part.length;
      left -= part.length;
      yield part;
    }
  }

  /** Steps over `count` bytes; answers how many there were. */
  async skip(count: number): Promise<number> {
    const from = this.offset;
    for await (const part of this.pass(count)) void part;
    return this.offset - from;
  }
}
