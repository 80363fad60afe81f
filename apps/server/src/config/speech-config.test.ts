import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { configError } from '../../test/support/config-error';

/** docs/decisions/049-voicing-own-lessons.md: the embedded voice by default, a speech service with TTS_BASE_URL. */
describe('speech configuration', () => {
  it('voices with the embedded voice when TTS_BASE_URL is unset or empty, with a 30 s lease', () => {
    expect(loadConfig({}).speech).toEqual({ service: null, leaseMs: 30_000, transcription: null });
    expect(loadConfig({ TTS_BASE_URL: '', TTS_MODEL: '' }).speech.service).toBeNull();
  });

  it('names the service with its defaults (tts-1, alloy, 60 s a sentence), or what is set', () => {
    expect(loadConfig({ TTS_BASE_URL: 'https://api.openai.com/v1', TTS_API_KEY: 'sk-x' }).speech.service).toEqual({
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-x',
      model: 'tts-1',
      voice: 'alloy',
      timeoutMs: 60_000,
    });
    const kokoro = loadConfig({
      TTS_BASE_URL: 'http://127.0.0.1:8880/v1',
      TTS_MODEL: 'kokoro',
      TTS_VOICE: 'af_bella',
      TTS_TIMEOUT_MS: '5000',
      LESSON_JOB_LEASE_MS: '1500',
    }).speech;
    expect(kokoro).toMatchObject({ service: { model: 'kokoro', voice: 'af_bella', timeoutMs: 5000 }, leaseMs: 1500 });
  });

  it('refuses a TTS_BASE_URL that is not a URL and a timeout that is not milliseconds', () => {
    expect(configError({ TTS_BASE_URL: 'api.openai.com' }).message).toMatch(/TTS_BASE_URL/);
    expect(configError({ TTS_TIMEOUT_MS: 'soon' }).message).toMatch(/TTS_TIMEOUT_MS/);
  });
});
