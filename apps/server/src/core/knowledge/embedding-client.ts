import type { EmbeddingConfig } from '../../config/embedding-config';

const OPENAI_BASE_URL = 'https://api.openai.com/v1';

/** Why the upstream gave no usable vectors; each means "semantic search is unavailable for now". */
export type EmbeddingFaultKind = 'down' | 'slow' | 'refused' | 'not-json' | 'wrong-size';

export class EmbeddingFault extends Error {
  constructor(
    readonly fault: EmbeddingFaultKind,
    message: string,
  ) {
    super(message);
  }
}

/** Texts to vectors, in order, each of the same length; throws an `EmbeddingFault` for anything else. */
export type Embed = (texts: string[], signal?: AbortSignal) => Promise<number[][]>;

/**
 * `POST {base}/embeddings` of any OpenAI-compatible API (OpenAI, Ollama, vLLM, llama.cpp's server), with the chat's
 * address and key (docs/decisions/048-semantic-search.md). An answer that is not JSON (a proxy's HTML page), not a
 * vector per text, or vectors of different lengths is a fault, as is an answer later than `timeoutMs`.
 */
export function createEmbedder(config: EmbeddingConfig): Embed {
  const url = `${(config.baseUrl ?? OPENAI_BASE_URL).replace(/\/+$/, '')}/embeddings`;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
  return async (texts, signal) => {
    const timeout = AbortSignal.timeout(config.timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: config.model, input: texts }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      text = await response.text();
    } catch (error) {
      if (timeout.aborted) throw new EmbeddingFault('slow', `no answer within ${config.timeoutMs} ms`);
      throw new EmbeddingFault(
        'down',
        error instanceof Error ? ((error.cause as Error)?.message ?? error.message) : 'unreachable',
      );
    }
    if (!response.ok) throw new EmbeddingFault('refused', `${response.status}: ${text.slice(0, 200)}`);
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      throw new EmbeddingFault(
        'not-json',
        `the answer is not JSON (${response.headers.get('content-type') ?? 'no type'})`,
      );
    }
    return vectorsOf(answer, texts.length);
  };
}

/** The answer's vectors in input order: `data[i].embedding`, placed by `data[i].index` when given. */
export function vectorsOf(answer: unknown, count: number): number[][] {
  const data = (answer as { data?: unknown } | null)?.data;
  if (!Array.isArray(data) || data.length !== count)
    throw new EmbeddingFault(
      'wrong-size',
      `expected ${count} vectors, got ${Array.isArray(data) ? data.length : 'none'}`,
    );
  const vectors = Array.from({ length: count }, (): number[] | undefined => undefined);
  data.forEach((item: { index?: unknown; embedding?: unknown }, at) => {
    const index = typeof item?.index === 'number' ? item.index : at;
    const vector = item?.embedding;
    if (
      !Array.isArray(vector) ||
      vector.length === 0 ||
      !vector.every((x) => typeof x === 'number' && Number.isFinite(x))
    )
      throw new EmbeddingFault('wrong-size', 'an answer without a vector of numbers');
    if (index < 0 || index >= count) throw new EmbeddingFault('wrong-size', `a vector for input ${index}`);
    vectors[index] = vector as number[];
  });
  const size = vectors[0]?.length;
  if (vectors.some((vector) => vector === undefined || vector.length !== size))
    throw new EmbeddingFault('wrong-size', 'vectors of different lengths, or a text without one');
  return vectors as number[][];
}
