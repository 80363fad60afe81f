import { Duplex } from 'node:stream';
import type { EmbeddedChannel } from './embedded-channel';
import { isTerminate } from './wire';

/**
 * What node-postgres takes for a socket (its `stream` option), carried by the embedded database's channel instead of
 * TCP: node-postgres writes and parses the wire protocol as it does with PostgreSQL, so both databases share one
 * driver, one pool and one transaction API. The messages written in one turn of the event loop (a query's Parse,
 * Bind, Describe, Execute and Sync) go to the thread as one batch.
 */
export class EmbeddedSocket extends Duplex {
  private batch: Uint8Array[] = [];

  constructor(private readonly channel: EmbeddedChannel) {
    super();
  }

  connect(): this {
    process.nextTick(() => this.emit('connect'));
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    return this;
  }

  unref(): this {
    return this;
  }

  override _read(): void {}

  override _write(chunk: Uint8Array, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.add(chunk);
    done();
  }

  override _writev(chunks: { chunk: Uint8Array }[], done: (error?: Error | null) => void): void {
    for (const { chunk } of chunks) this.add(chunk);
    done();
  }

  /** The client is done: nothing more will be read either. PGlite's session stays open for the next client. */
  override _final(done: (error?: Error | null) => void): void {
    this.push(null);
    done();
  }

  private add(chunk: Uint8Array) {
    if (isTerminate(chunk)) return;
    if (this.batch.push(chunk) === 1) queueMicrotask(this.send);
  }

  private readonly send = () => {
    const bytes = this.batch.length === 1 ? this.batch[0]! : Buffer.concat(this.batch);
    this.batch = [];
    void this.channel.exec(bytes).then((answer) => {
      if (answer.length > 0 && !this.destroyed) this.push(answer);
    });
  };
}
