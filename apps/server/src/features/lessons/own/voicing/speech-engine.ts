/** A voice that says one sentence at a time (docs/decisions/049-voicing-own-lessons.md). */
export interface SpeechEngine {
  /** The sentence as a WAVE file's bytes. Rejects with a `SpeechError` whose message is the learner's to read. */
  voice(text: string): Promise<Uint8Array>;
  close(): void;
}

/** A failure the learner is told about on the lesson's card. */
export class SpeechError extends Error {}

/** The speech service of `TTS_BASE_URL` (docs/decisions/049-voicing-own-lessons.md). */
export interface SpeechServiceConfig {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  voice: string;
  timeoutMs: number;
}
