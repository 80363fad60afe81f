import { z } from 'zod';
import { STT_ENV, transcriptionConfig, type TranscriptionServiceConfig } from './transcription-config';

const optionalText = z.string().trim().min(1).optional();
const milliseconds = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(100, 'must be at least 100')
    .default(fallback);

/** The variables of voicing own lessons (docs/decisions/049-voicing-own-lessons.md), part of the environment schema. */
export const SPEECH_ENV = {
  /** Any OpenAI-compatible speech API, up to its `/v1` (`https://api.openai.com/v1`); unset, the embedded voice. */
  TTS_BASE_URL: z.url({ error: 'must be a URL' }).optional(),
  TTS_API_KEY: optionalText,
  TTS_MODEL: z.string().trim().min(1).default('tts-1'),
  TTS_VOICE: z.string().trim().min(1).default('alloy'),
  /** One sentence taking longer fails the lesson with a message. */
  TTS_TIMEOUT_MS: milliseconds(60_000),
  /** How long a lesson being made stays one server process's without word from it (then another takes it up). */
  LESSON_JOB_LEASE_MS: milliseconds(30_000),
  ...STT_ENV,
};

type SpeechEnv = z.infer<z.ZodObject<typeof SPEECH_ENV>>;

export interface SpeechConfig {
  service: { baseUrl: string; apiKey: string | undefined; model: string; voice: string; timeoutMs: number } | null;
  leaseMs: number;
  /** Speech-to-text for lessons from audio alone (docs/decisions/051-transcribing-own-lessons.md); null: none. */
  transcription: TranscriptionServiceConfig | null;
}

export function speechConfig(e: SpeechEnv): SpeechConfig {
  return {
    service: e.TTS_BASE_URL
      ? {
          baseUrl: e.TTS_BASE_URL,
          apiKey: e.TTS_API_KEY,
          model: e.TTS_MODEL,
          voice: e.TTS_VOICE,
          timeoutMs: e.TTS_TIMEOUT_MS,
        }
      : null,
    leaseMs: e.LESSON_JOB_LEASE_MS,
    transcription: transcriptionConfig(e),
  };
}
