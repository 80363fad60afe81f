import http from 'node:http';
import { listenOnLoopback } from './loopback';
import { answerEmbeddings, FAKE_EMBEDDING_MODEL, type FakeEmbeddingsScript } from './fake-embeddings';

/** Named like a local model (Ollama's), never like the default `gpt-4.1-mini`: a client that hard-codes a model fails. */
export const FAKE_MODEL = 'llama3.1:8b';
export const FAKE_API_KEY = 'sk-fake-upstream-key';

export interface FakeLlmScript {
  tokens?: string[];
  /** Between tokens. */
  delayMs?: number;
  /** Before the first token. */
  firstDelayMs?: number;
  /**
   * Hold token `beforeToken` (or, at `tokens.length`, the stream's end) until `until` settles: a test sees a state
   * between two tokens, or a partial answer before it ends, however slow the machine.
   */
  hold?: { beforeToken: number; until: Promise<unknown> };
  finishReason?: 'stop' | 'length';
  /** Answer this status with `errorBody` instead of a stream. */
  status?: number;
  errorBody?: string;
  /** Send a broken `data:` line after this many tokens. */
  malformedAfter?: number;
  /** Accept the request and never answer. */
  hang?: boolean;
  /** Close the stream cleanly after the tokens, with no finish reason and no `[DONE]` (a cut-off answer). */
  cutOff?: boolean;
  /** Answer 200 with an HTML page instead of a stream (a proxy's error page, a wrong address). */
  html?: boolean;
  /**
   * Token counts for the last chunk, sent (as OpenAI does) only when the request asked with
   * `stream_options.include_usage`; without it the fake reports nothing, as many local servers do.
   */
  usage?: { prompt_tokens: number; completion_tokens: number };
}

export interface FakeLlm {
  /** `LLM_BASE_URL` for the app. */
  baseUrl: string;
  /** The app's environment for this fake: its address, key and model (`models` adds more it serves). */
  env(models?: string[]): Record<string, string>;
  script: FakeLlmScript;
  requests: {
    body: {
      model: string;
      messages: { role: string; content: string }[];
      stream: boolean;
      stream_options?: { include_usage?: boolean };
    };
    authorization: string | undefined;
  }[];
  /** How `/v1/embeddings` answers (docs/decisions/048-semantic-search.md), and the texts it was asked for. */
  embeddings: FakeEmbeddingsScript;
  embeddingRequests: { model: string; input: string[] }[];
  /** The app's environment for semantic search with this fake (with `env()`'s). */
  embeddingEnv(): Record<string, string>;
  /** When the last request's connection closed (ms since epoch), if it has. */
  lastClosedAt: number | undefined;
  close(): Promise<void>;
}

const chunk = (model: string, content: string | undefined, finish: string | null) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: 0,
    model,
    choices: [{ index: 0, delta: content === undefined ? {} : { content }, finish_reason: finish }],
  })}\n\n`;

function refuse(res: http.ServerResponse, status: number, error: Record<string, unknown>) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error }));
}

/**
 * An OpenAI-compatible chat server on loopback, as a self-hoster's Ollama or vLLM answers: it needs its key, serves
 * only the models it has (`FAKE_MODEL`, and any passed to `env`) and answers 404 `model_not_found` for any other
 * name. It streams what the test scripts, and records what it saw.
 */
export async function startFakeLlm(options: { servedModels?: string[] } = {}): Promise<FakeLlm> {
  const served = new Set([FAKE_MODEL, ...(options.servedModels ?? [])]);
  const fake: FakeLlm = {
    baseUrl: '',
    env: (models = []) => {
      for (const model of models) served.add(model);
      return {
        LLM_BASE_URL: fake.baseUrl,
        LLM_API_KEY: FAKE_API_KEY,
        LLM_MODEL: FAKE_MODEL,
        ...(models.length ? { LLM_MODELS: models.join(',') } : {}),
      };
    },
    script: {},
    requests: [],
    embeddings: {},
    embeddingRequests: [],
    embeddingEnv: () => ({ ...fake.env(), EMBEDDING_MODEL: FAKE_EMBEDDING_MODEL }),
    lastClosedAt: undefined,
    close: async () => {},
  };
  const server = http.createServer(async (req, res) => {
    let raw = '';
    for await (const part of req) raw += part;
    if (req.url?.endsWith('/embeddings')) {
      const asked = JSON.parse(raw) as { model: string; input: string | string[] };
      fake.embeddingRequests.push({ model: asked.model, input: [asked.input].flat() });
      if (req.headers.authorization !== `Bearer ${FAKE_API_KEY}`)
        return refuse(res, 401, { message: 'Incorrect API key provided.', code: 'invalid_api_key' });
      return answerEmbeddings(fake.embeddings, asked, req, res);
    }
    const body = JSON.parse(raw) as FakeLlm['requests'][number]['body'];
    fake.requests.push({ body, authorization: req.headers.authorization });
    fake.lastClosedAt = undefined;
    res.on('close', () => (fake.lastClosedAt = Date.now()));
    if (req.headers.authorization !== `Bearer ${FAKE_API_KEY}`) {
      return refuse(res, 401, { message: 'Incorrect API key provided.', code: 'invalid_api_key' });
    }
    if (!served.has(body.model)) {
      return refuse(res, 404, {
        message: `The model \`${body.model}\` does not exist or you do not have access to it.`,
        code: 'model_not_found',
      });
    }
    const script = fake.script;
    if (script.hang) return;
    if (script.status) {
      res.writeHead(script.status, { 'content-type': 'application/json' });
      res.end(script.errorBody ?? JSON.stringify({ error: { message: 'fake failure' } }));
      return;
    }
    if (script.html) {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>Bad gateway</body></html>');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    if (script.firstDelayMs) await wait(script.firstDelayMs);
    const tokens = script.tokens ?? ['Hello', ' there'];
    for (const [index, token] of tokens.entries()) {
      if (res.destroyed) return;
      if (index > 0 && script.delayMs) await wait(script.delayMs);
      if (script.hold?.beforeToken === index) await script.hold.until;
      if (script.malformedAfter === index) {
        res.write('data: {not json\n\n');
        continue;
      }
      res.write(chunk(body.model, token, null));
    }
    if (script.hold?.beforeToken === tokens.length) await script.hold.until;
    if (res.destroyed) return;
    if (script.cutOff) return void res.end();
    res.write(chunk(body.model, undefined, script.finishReason ?? 'stop'));
    if (script.usage && body.stream_options?.include_usage) {
      const last = { id: 'chatcmpl-fake', object: 'chat.completion.chunk', model: body.model, choices: [] };
      res.write(`data: ${JSON.stringify({ ...last, usage: { ...script.usage, total_tokens: 0 } })}\n\n`);
    }
    res.end('data: [DONE]\n\n');
  });
  const { port, close } = await listenOnLoopback(server);
  fake.baseUrl = `http://127.0.0.1:${port}/v1`;
  fake.close = close;
  return fake;
}
