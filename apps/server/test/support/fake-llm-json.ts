import http from 'node:http';
import { listenOnLoopback } from './loopback';

/** The one model the fake serves, named like a local model (Ollama's naming). */
export const LOCAL_MODEL = 'llama3.1:8b';

export interface FakeJsonLlm {
  /** `LLM_BASE_URL` for the app. */
  baseUrl: string;
  /** What the next requests answer, in order (the last one repeats): message text, or a hang. */
  answers: ({ content: string } | { hang: true } | { status: number })[];
  requests: { model: string; messages: { role: string; content: string }[]; response_format?: unknown }[];
  /** How many requests were closed by the caller before an answer. */
  aborted: number;
  close(): Promise<void>;
}

/**
 * An OpenAI-compatible chat server on loopback that answers non-streaming completions (what structured output
 * uses) with scripted text, serves only `LOCAL_MODEL` and answers 404 for any other model, as Ollama does.
 */
export async function startFakeJsonLlm(): Promise<FakeJsonLlm> {
  const fake: FakeJsonLlm = { baseUrl: '', answers: [], requests: [], aborted: 0, close: async () => {} };
  const server = http.createServer(async (req, res) => {
    let raw = '';
    for await (const part of req) raw += part;
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(raw) as FakeJsonLlm['requests'][number];
    fake.requests.push(body);
    if (body.model !== LOCAL_MODEL) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: { message: `model "${body.model}" not found, try pulling it first`, type: 'api_error' },
        }),
      );
      return;
    }
    const answer = fake.answers[Math.min(fake.requests.length - 1, fake.answers.length - 1)] ?? {
      content: '{"cards":[]}',
    };
    if ('hang' in answer) {
      res.on('close', () => (fake.aborted += 1));
      return;
    }
    if ('status' in answer) {
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'fake failure' } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        created: 0,
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: answer.content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      }),
    );
  });
  const { port, close } = await listenOnLoopback(server);
  fake.baseUrl = `http://127.0.0.1:${port}/v1`;
  fake.close = close;
  return fake;
}
