import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface StreamTiming {
  firstTokenMs: number;
  totalMs: number;
  tokens: number;
}

/** Connections stay open between streams, as a browser's do. */
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

export interface StreamRequest {
  headers: Record<string, string>;
  body: string;
}

/**
 * Reads one SSE stream as a browser client would, counting the events that carry text: an upstream's
 * `choices[0].delta.content` (read directly) or Turtle's `token` (read through the server). The same code reads
 * both, so their difference is what Turtle adds. It uses node:http, not fetch: fetch's web streams cost the client
 * about 32 µs of CPU a token, on the same two cores as the server, where a browser's would be on other machines.
 */
export function timeStream(url: string, request: StreamRequest): Promise<StreamTiming> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: request.headers }, (res) => {
      res.setEncoding('utf8');
      if (res.statusCode !== 200) {
        let text = '';
        res.on('data', (part: string) => (text += part));
        res.on('end', () => reject(new Error(`${url} answered ${res.statusCode}: ${text}`)));
        return;
      }
      let firstTokenMs = -1;
      let tokens = 0;
      let buffer = '';
      res.on('data', (text: string) => {
        buffer += text;
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
      });
      res.on('end', () => resolve({ firstTokenMs, totalMs: performance.now() - started, tokens }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(request.body);
  });
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
export const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.99) - 1]!;
