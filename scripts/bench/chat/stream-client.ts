import { performance } from 'node:perf_hooks';

export interface StreamTiming {
  firstTokenMs: number;
  totalMs: number;
  tokens: number;
}

/**
 * Reads one SSE stream as a browser client would, counting the events that carry text: an upstream's
 * `choices[0].delta.content` (read directly) or Turtle's `token` (read through the server). The same code reads
 * both, so their difference is what Turtle adds.
 */
export async function timeStream(url: string, init: RequestInit): Promise<StreamTiming> {
  const started = performance.now();
  const res = await fetch(url, init);
  if (!res.ok || !res.body) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  const decoder = new TextDecoder();
  let firstTokenMs = -1;
  let tokens = 0;
  let buffer = '';
  for await (const bytes of res.body) {
    buffer += decoder.decode(bytes, { stream: true });
    const events = buffer.split('\n\n');
    buffer = events.pop()!;
    for (const event of events) {
      if (!event.startsWith('data: ') || event === 'data: [DONE]') continue;
      const data = JSON.parse(event.slice(6)) as { token?: string; choices?: { delta: { content?: string } }[] };
      if (data.token || data.choices?.[0]?.delta.content) {
        tokens += 1;
        if (firstTokenMs < 0) firstTokenMs = performance.now() - started;
      }
    }
  }
  return { firstTokenMs, totalMs: performance.now() - started, tokens };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
export const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.99) - 1]!;
