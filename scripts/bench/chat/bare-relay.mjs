// The stream benchmark's anchor: the least a Node server can do to relay a reply. Plain node:http, one POST route
// (any path), no session, database, quota or validation: it asks the upstream (argv[2], an OpenAI-compatible base
// URL) for a streamed completion and forwards each token as product.md §7 frames it (`data: {"token": …,
// "finish_reason": null}`, then a finish event and `data: [DONE]`), the tokens of one upstream read in one write, as
// Turtle's SseWriter does. Prints its port on stdout. Not part of the product.
import http from 'node:http';
import { BENCH_MODEL } from './bench-model.mjs';

const upstream = new URL(`${process.argv[2]}/chat/completions`);
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
const request = JSON.stringify({ model: BENCH_MODEL, messages: [{ role: 'user', content: 'Count.' }], stream: true });

function relay(res) {
  const req = http.request(upstream, { method: 'POST', agent, headers: { 'content-type': 'application/json' } });
  req.on('response', (body) => {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store, no-transform',
      'x-accel-buffering': 'no',
    });
    body.setEncoding('utf8');
    let buffer = '';
    let finish = 'stop';
    body.on('data', (text) => {
      buffer += text;
      const events = buffer.split('\n\n');
      buffer = events.pop();
      let out = '';
      for (const event of events) {
        if (!event.startsWith('data: ') || event === 'data: [DONE]') continue;
        const choice = JSON.parse(event.slice(6)).choices?.[0];
        const token = choice?.delta?.content;
        if (token) out += `data: {"token":${JSON.stringify(token)},"finish_reason":null}\n\n`;
        if (choice?.finish_reason) finish = choice.finish_reason;
      }
      if (out) res.write(out);
    });
    body.on('end', () => res.end(`data: {"token":"","finish_reason":"${finish}"}\n\ndata: [DONE]\n\n`));
  });
  req.on('error', () => res.destroy());
  // The client went away before the end (Stop): the upstream request goes too.
  res.on('close', () => {
    if (!res.writableFinished) req.destroy();
  });
  req.end(request);
}

const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => relay(res));
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
