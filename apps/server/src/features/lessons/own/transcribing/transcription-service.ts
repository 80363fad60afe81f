import type { TranscriptionServiceConfig } from '../../../../config/transcription-config';

/** A stretch of speech the service heard, in seconds from the start of the audio it was sent. */
export interface Segment {
  start: number;
  end: number;
  text: string;
}

/** A failure the learner is told about on the lesson's card. */
export class TranscriptionError extends Error {}

const NAME = 'The speech-to-text service';

function segmentsOf(body: unknown): Segment[] | null {
  const segments = (body as { segments?: unknown } | null)?.segments;
  if (!Array.isArray(segments)) return null;
  const read: Segment[] = [];
  for (const segment of segments as unknown[]) {
    const { start, end, text } = (segment ?? {}) as Record<string, unknown>;
    if (typeof start !== 'number' || typeof end !== 'number' || typeof text !== 'string') return null;
    if (!Number.isFinite(start) || !Number.isFinite(end) || start < 0) return null;
    read.push({ start, end: Math.max(start, end), text });
  }
  return read;
}

/**
 * Any OpenAI-compatible `POST /v1/audio/transcriptions` (docs/decisions/051-transcribing-own-lessons.md): OpenAI,
 * faster-whisper servers such as speaches, LocalAI. The audio goes as multipart with `verbose_json` and segment
 * timestamps; the answer's `segments[{start, end, text}]` are read. A service that cannot be reached, is slower than
 * the timeout, answers an error status, something that is not JSON (an HTML login page) or JSON without segments
 * rejects with a `TranscriptionError` saying which.
 */
export async function transcribe(
  config: TranscriptionServiceConfig,
  audio: Blob,
  fileName: string,
): Promise<Segment[]> {
  const seconds = config.timeoutMs < 10_000 ? config.timeoutMs / 1000 : Math.round(config.timeoutMs / 1000);
  const tooSlow = () => new TranscriptionError(`${NAME} took over ${seconds} s to transcribe a piece of the audio.`);
  const form = new FormData();
  form.append('file', audio, fileName);
  form.append('model', config.model);
  form.append('response_format', 'verbose_json');
  form.append('timestamp_granularities[]', 'segment');
  const signal = AbortSignal.timeout(config.timeoutMs);
  let response: Response;
  try {
    response = await fetch(`${config.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`, {
      method: 'POST',
      headers: config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {},
      body: form,
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw tooSlow();
    throw new TranscriptionError(`${NAME} could not be reached.`, { cause: error });
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new TranscriptionError(`${NAME} refused the audio (it answered ${response.status}).`);
  }
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type && type !== 'application/json' && !type.endsWith('+json')) {
    await response.body?.cancel().catch(() => {});
    throw new TranscriptionError(`${NAME} answered with ${type}, not JSON.`);
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    if (signal.aborted) throw tooSlow();
    throw new TranscriptionError(`${NAME} stopped in the middle of its answer.`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new TranscriptionError(`${NAME} did not answer with JSON.`);
  }
  const segments = segmentsOf(body);
  if (!segments) {
    throw new TranscriptionError(
      `${NAME} answered without the times of what is said (segments). Is it OpenAI-compatible, with verbose_json?`,
    );
  }
  return segments;
}
