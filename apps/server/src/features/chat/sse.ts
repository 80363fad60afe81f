import type { ServerResponse } from 'node:http';
import { CHAT_STREAM_DONE, type ChatStreamChunk } from '@turtle/shared/chat-stream';

/** Comments keep idle proxies from closing a long answer's connection. */
const HEARTBEAT_MS = 15_000;

/**
 * Server-sent events exactly as SPEC 7 frames them: `data: {json}` lines and a final `data: [DONE]`. Each write
 * goes out at once; the headers stop proxies (nginx) from buffering.
 */
export class SseWriter {
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly res: ServerResponse,
    headers: Record<string, string>,
  ) {
    res.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    res.flushHeaders();
    this.heartbeat = setInterval(() => this.write(': keep-alive\n\n'), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  chunk(chunk: ChatStreamChunk) {
    this.write(`data: ${JSON.stringify(chunk)}\n\n`);
  }

  /** Ends the stream with `[DONE]` (once; later calls do nothing). */
  done() {
    clearInterval(this.heartbeat);
    if (this.res.writableEnded || this.res.destroyed) return;
    this.res.end(`data: ${CHAT_STREAM_DONE}\n\n`);
  }

  close() {
    clearInterval(this.heartbeat);
  }

  private write(text: string) {
    if (!this.res.writableEnded && !this.res.destroyed) this.res.write(text);
  }
}
