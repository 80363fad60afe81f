import { createHash } from 'node:crypto';
import type http from 'node:http';

/** The embedding model the fake upstream serves at `/v1/embeddings`, named as Ollama's is. */
export const FAKE_EMBEDDING_MODEL = 'nomic-embed-text';
/** The length of the fake's vectors. */
export const FAKE_DIMENSIONS = 256;

/** How the fake's `/v1/embeddings` answers: well by default, or with one of the faults semantic search survives. */
export interface FakeEmbeddingsScript {
  /** Reset the connection (a server that is down). */
  down?: boolean;
  /** Accept the request and never answer. */
  hang?: boolean;
  /** Answer 200 with an HTML page (a proxy's error page). */
  html?: boolean;
  /** Vectors of this length instead of `FAKE_DIMENSIONS`. */
  dimensions?: number;
}

/**
 * Words the fake reads as one meaning, so a question finds a passage that shares no word with it, as a real model's
 * vectors do ("automobile" near "car").
 */
const SAME_MEANING: Record<string, string> = {
  automobile: 'car',
  vehicle: 'car',
  cars: 'car',
  physician: 'doctor',
  medic: 'doctor',
  cash: 'money',
  savings: 'money',
};

/**
 * A deterministic vector of a text: a hashed bag of its words (each word, or its meaning above, adds ±1 at the place
 * its hash names), of length one. Texts that share words are near; texts that share none are about orthogonal.
 */
export function fakeEmbedding(text: string, dimensions = FAKE_DIMENSIONS): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const raw of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const word = SAME_MEANING[raw] ?? raw;
    const hash = createHash('sha256').update(word).digest();
    vector[hash.readUInt32BE(0) % dimensions]! += hash[4]! & 1 ? 1 : -1;
  }
  const length = Math.hypot(...vector) || 1;
  return vector.map((value) => value / length);
}

/**
 * `POST /v1/embeddings` as an OpenAI-compatible server answers it: `{data: [{index, embedding}]}` for a string or a
 * list of strings, only for `FAKE_EMBEDDING_MODEL` (404 `model_not_found` otherwise), or the scripted fault.
 */
export function answerEmbeddings(
  script: FakeEmbeddingsScript,
  body: { model?: string; input?: string | string[] },
  req: http.IncomingMessage,
  res: http.ServerResponse,
): void {
  if (script.down) return void req.socket.destroy();
  if (script.hang) return;
  if (body.model !== FAKE_EMBEDDING_MODEL) {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: `model "${body.model}" not found`, code: 'model_not_found' } }));
    return;
  }
  if (script.html) {
    res.writeHead(200, { 'content-type': 'text/html' });
    return void res.end('<html><body>502 Bad Gateway</body></html>');
  }
  const inputs = typeof body.input === 'string' ? [body.input] : (body.input ?? []);
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      object: 'list',
      model: body.model,
      data: inputs.map((input, index) => ({
        object: 'embedding',
        index,
        embedding: fakeEmbedding(input, script.dimensions ?? FAKE_DIMENSIONS),
      })),
    }),
  );
}
