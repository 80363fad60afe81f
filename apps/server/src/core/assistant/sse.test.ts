import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { SseWriter } from './sse';

function fakeResponse() {
  const writes: string[] = [];
  const res = Object.assign(new EventEmitter(), {
    writableEnded: false,
    destroyed: false,
    writeHead: () => undefined,
    write: (text: string) => writes.push(text),
    end(text: string) {
      writes.push(text);
      this.writableEnded = true;
    },
  });
  return { res: res as unknown as ServerResponse, writes };
}

describe('SseWriter', () => {
  it('coalesces the events of one event-loop turn into one write, sent at the end of that turn', async () => {
    const { res, writes } = fakeResponse();
    const sse = new SseWriter(res, {});
    sse.send({ type: 'token', token: 'a' });
    sse.send({ type: 'token', token: 'b' });
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual([
      'data: {"token":"a","finish_reason":null}\n\ndata: {"token":"b","finish_reason":null}\n\n',
    ]);
    sse.send({ type: 'finish', reason: 'stop' });
    sse.done();
    expect(writes.slice(1)).toEqual(['data: {"token":"","finish_reason":"stop"}\n\ndata: [DONE]\n\n']);
  });

  it('writes nothing to a response that is gone', async () => {
    const { res, writes } = fakeResponse();
    const sse = new SseWriter(res, {});
    (res as unknown as { destroyed: boolean }).destroyed = true;
    sse.send({ type: 'token', token: 'a' });
    await new Promise((resolve) => setImmediate(resolve));
    sse.done();
    expect(writes).toEqual([]);
  });
});
