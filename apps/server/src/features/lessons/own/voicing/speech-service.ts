import { SpeechError, type SpeechEngine, type SpeechServiceConfig } from './speech-engine';

/**
 * Any OpenAI-compatible `/v1/audio/speech` (docs/decisions/049-voicing-own-lessons.md): OpenAI, Kokoro-FastAPI,
 * openedai-speech. Each sentence is asked for as WAV, so its length is exact; an answer that is not audio, an error
 * status or a sentence taking longer than `timeoutMs` fails with a message naming what went wrong.
 */
export function speechServiceEngine(config: SpeechServiceConfig): SpeechEngine {
  const seconds = config.timeoutMs < 10_000 ? config.timeoutMs / 1000 : Math.round(config.timeoutMs / 1000);
  const tooSlow = () => new SpeechError(`The speech service took over ${seconds} s to voice one sentence.`);
  const url = `${config.baseUrl.replace(/\/+$/, '')}/audio/speech`;
  return {
    voice: async (text) => {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
          },
          body: JSON.stringify({ model: config.model, voice: config.voice, input: text, response_format: 'wav' }),
          signal: AbortSignal.timeout(config.timeoutMs),
        });
      } catch (error) {
        if (error instanceof DOMException && error.name === 'TimeoutError') {
          throw tooSlow();
        }
        throw new SpeechError('The speech service could not be reached.');
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new SpeechError(`The speech service refused to voice the text (it answered ${response.status}).`);
      }
      const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (type && !type.startsWith('audio/') && type !== 'application/octet-stream') {
        await response.body?.cancel();
        throw new SpeechError(`The speech service answered with ${type}, not audio.`);
      }
      try {
        return new Uint8Array(await response.arrayBuffer());
      } catch {
        throw tooSlow();
      }
    },
    close: () => {},
  };
}
