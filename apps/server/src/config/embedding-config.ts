import { z } from 'zod';
import { ConfigError } from './config-error';

/** The variables of semantic search (docs/decisions/048-semantic-search.md), part of the server's environment schema. */
export const EMBEDDING_ENV = {
  /** A model the chat's upstream serves at `/v1/embeddings` (Ollama's `nomic-embed-text`); unset: keyword search only. */
  EMBEDDING_MODEL: z.string().trim().min(1).optional(),
  EMBEDDING_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(100, 'must be at least 100')
    .default(5_000),
};

type EmbeddingEnv = z.infer<z.ZodObject<typeof EMBEDDING_ENV>> & {
  LLM_BASE_URL?: string | undefined;
  LLM_API_KEY?: string | undefined;
};

/** Where passages and questions get their vectors: the chat's OpenAI-compatible upstream, with its key. */
export interface EmbeddingConfig {
  model: string;
  baseUrl: string | undefined;
  apiKey: string | undefined;
  /** How long one request (a question, or a batch of passages) may take before semantic search counts as down. */
  timeoutMs: number;
}

/** Set when `EMBEDDING_MODEL` is; it needs the upstream the chat uses (`LLM_BASE_URL` or `LLM_API_KEY`). */
export function embeddingConfig(e: EmbeddingEnv): EmbeddingConfig | undefined {
  if (!e.EMBEDDING_MODEL) return undefined;
  if (!e.LLM_BASE_URL && !e.LLM_API_KEY)
    throw new ConfigError(
      'Invalid configuration: EMBEDDING_MODEL needs the upstream it is served by: set LLM_BASE_URL (or LLM_API_KEY for OpenAI)',
    );
  return {
    model: e.EMBEDDING_MODEL,
    baseUrl: e.LLM_BASE_URL,
    apiKey: e.LLM_API_KEY || undefined,
    timeoutMs: e.EMBEDDING_TIMEOUT_MS,
  };
}
