// A paced OpenAI-compatible upstream for the chat benchmark, in its own process so its CPU is not the server's or
// the client's. Serves only `llama3.1:8b` (404 for any other name, as Ollama answers). `POST /__script` sets how
// many tokens each stream sends and how fast; one 1 ms ticker writes every stream's due tokens, so 200 paced
// streams cost 1,000 wake-ups a second, not one timer per token.
import http from 'node:http';
import { BENCH_MODEL } from './bench-model.mjs';

let script = { tokens: 500, delayMs: 0 };
const paced = new Set();

const chunk = (content, finish) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-bench',
    object: 'chat.completion.chunk',
    created: 0,
    model: BENCH_MODEL,
    choices: [{ index: 0, delta: content === undefined ? {} : { content }, finish_reason: finish }],
  })}\n\n`;
const token = (index) => chunk(`w${index} `, null);
const end = () => chunk(undefined, 'stop') + 'data: [DONE]\n\n';

function unpaced(res, count) {
  let index = 0;
  const pump = () => {
    while (index < count) {
      const ok = res.write(token(index++));
      if (!ok) return void res.once('drain', pump);
    }
    res.end(end());
  };
  pump();
}

let ticker;
function tick() {
  const now = performance.now();
  for (const stream of paced) {
    if (stream.res.destroyed) {
      paced.delete(stream);
      continue;
    }
    const due = Math.min(stream.count, Math.floor((now - stream.startedAt) / stream.delayMs) + 1);
    let text = '';
    while (stream.sent < due) text += token(stream.sent++);
    if (stream.sent === stream.count) {
      stream.res.end(text + end());
      paced.delete(stream);
    } else if (text) stream.res.write(text);
  }
  if (paced.size === 0) {
    clearInterval(ticker);
    ticker = undefined;
  }
}

const server = http.createServer(async (req, res) => {
  let raw = '';
  for await (const part of req) raw += part;
  if (req.url === '/__script') {
    script = JSON.parse(raw);
    return void res.end('{}');
  }
  const body = JSON.parse(raw || '{}');
  if (body.model !== BENCH_MODEL) {
    res.writeHead(404, { 'content-type': 'application/json' });
    return void res.end(JSON.stringify({ error: { code: 'model_not_found', message: 'no such model' } }));
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const { tokens: count, delayMs } = script;
  if (!delayMs) return unpaced(res, count);
  paced.add({ res, count, delayMs, sent: 0, startedAt: performance.now() });
  ticker ??= setInterval(tick, 1);
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
