import { z } from 'zod';

/**
 * The variables of lessons from audio alone (docs/decisions/051-transcribing-own-lessons.md), part of the environment
 * schema. Unset `STT_BASE_URL`: that way in says how to set it up, and the server refuses it.
 */
export const STT_ENV = {
  /** Any OpenAI-compatible transcription API, up to its `/v1` (OpenAI, speaches, LocalAI). */
  STT_BASE_URL: z.url({ error: 'must be a URL' }).optional(),
  STT_API_KEY: z.string().trim().min(1).optional(),
  STT_MODEL: z.string().trim().min(1).default('whisper-1'),
  /** One piece of audio (two minutes at most, or a whole file that cannot be cut) taking longer fails the lesson. */
  STT_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(100, 'must be at least 100')
    .default(300_000),
};

type SttEnv = z.infer<z.ZodObject<typeof STT_ENV>>;

/** The speech-to-text service of `STT_BASE_URL`. */
export interface TranscriptionServiceConfig {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

export function transcriptionConfig(e: SttEnv): TranscriptionServiceConfig | null {
  return e.STT_BASE_URL
    ? { baseUrl: e.STT_BASE_URL, apiKey: e.STT_API_KEY, model: e.STT_MODEL, timeoutMs: e.STT_TIMEOUT_MS }
    : null;
}
