/**
 * What the embedded voice's child sends back per sentence (docs/decisions/049-voicing-own-lessons.md): a frame of a
 * 12-byte header (the request's id, its kind, the length of what follows, each a little-endian uint32) and then the
 * bytes themselves, the WAV file as eSpeak NG wrote it or an error's UTF-8 text. No base64 and no JSON of the samples:
 * the server copies each byte once, into the one buffer of its frame.
 */
export const FRAME_HEADER_BYTES = 12;
export const FRAME_WAV = 0;
export const FRAME_ERROR = 1;
/** A sentence of 600 characters is well under a minute of speech (about 3 MB); anything this size is not a frame. */
export const MAX_FRAME_BYTES = 64 * 1024 * 1024;

export interface Frame {
  id: number;
  kind: typeof FRAME_WAV | typeof FRAME_ERROR;
  body: Buffer;
}

export class FrameError extends Error {}

/** The header to write before `length` bytes of `kind` answering request `id`. */
export function frameHeader(id: number, kind: Frame['kind'], length: number): Buffer {
  const header = Buffer.alloc(FRAME_HEADER_BYTES);
  header.writeUInt32LE(id, 0);
  header.writeUInt32LE(kind, 4);
  header.writeUInt32LE(length, 8);
  return header;
}

/** Frames out of a byte stream cut anywhere: a header or a body may come across several chunks, several in one. */
export class FrameReader {
  private header = Buffer.alloc(FRAME_HEADER_BYTES);
  private headerFilled = 0;
  private current: { id: number; kind: Frame['kind']; body: Buffer; filled: number } | null = null;

  /** The frames this chunk completes, in order. Throws a `FrameError` on a header no child of ours writes. */
  push(chunk: Uint8Array): Frame[] {
    const frames: Frame[] = [];
    let at = 0;
    while (at < chunk.length) {
      if (!this.current) {
        const take = Math.min(FRAME_HEADER_BYTES - this.headerFilled, chunk.length - at);
        this.header.set(chunk.subarray(at, at + take), this.headerFilled);
        this.headerFilled += take;
        at += take;
        if (this.headerFilled < FRAME_HEADER_BYTES) break;
        this.headerFilled = 0;
        const id = this.header.readUInt32LE(0);
        const kind = this.header.readUInt32LE(4);
        const length = this.header.readUInt32LE(8);
        if ((kind !== FRAME_WAV && kind !== FRAME_ERROR) || length > MAX_FRAME_BYTES) {
          throw new FrameError(`not a frame (kind ${kind}, ${length} bytes)`);
        }
        this.current = { id, kind, body: Buffer.allocUnsafe(length), filled: 0 };
      }
      const frame = this.current;
      const take = Math.min(frame.body.length - frame.filled, chunk.length - at);
      frame.body.set(chunk.subarray(at, at + take), frame.filled);
      frame.filled += take;
      at += take;
      if (frame.filled === frame.body.length) {
        frames.push({ id: frame.id, kind: frame.kind, body: frame.body });
        this.current = null;
      }
    }
    return frames;
  }

  /** Whether a frame was begun and not finished (the child stopped in the middle of one). */
  get midFrame(): boolean {
    return this.current !== null || this.headerFilled > 0;
  }
}
