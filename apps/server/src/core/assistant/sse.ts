import type { ServerResponse } from 'node:http';
import { CHAT_STREAM_DONE, encodeChatStreamEvent, type ChatStreamEvent } from '@turtle/shared/chat-stream-events';

/** Comments keep idle proxies from closing a long answer's connection. */
const HEARTBEAT_MS = 15_000;

/**
 * Server-sent events exactly as product.md §7 frames them: `data: {json}` lines and a final `data: [DONE]`; the headers
 * stop proxies (nginx) from buffering. Events sent together (the tokens of one read of the upstream) go out as
 * one write once that read is handled (a microtask): never held back for a later token. The headers go with the
 * first write.
 */
export class SseWriter {
  private readonly heartbeat: NodeJS.Timeout;
  private pending = '';
  private flushScheduled = false;

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
    // No flushHeaders(): the headers go out in the same write as the first event (one write less before the first
    // token). A model slow to start still gets them within HEARTBEAT_MS.
    this.heartbeat = setInterval(() => this.write(': keep-alive\n\n'), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  send(event: ChatStreamEvent) {
    this.pending += `data: ${encodeChatStreamEvent(event)}\n\n`;
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    queueMicrotask(this.flush);
  }

  /** Ends the stream with `[DONE]`, in one write with the events still waiting (once; later calls do nothing). */
  done() {
    clearInterval(this.heartbeat);
    const text = `${this.pending}data: ${CHAT_STREAM_DONE}\n\n`;
    this.pending = '';
    if (this.res.writableEnded || this.res.destroyed) return;
    this.res.end(text);
  }

  private readonly flush = () => {
    this.flushScheduled = false;
    if (this.pending === '') return;
    const text = this.pending;
    this.pending = '';
    this.write(text);
  };

  private write(text: string) {
    if (!this.res.writableEnded && !this.res.destroyed) this.res.write(text);
  }
}
