import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { configError } from '../../test/support/config-error';

/** docs/decisions/051-transcribing-own-lessons.md: no speech-to-text unless STT_BASE_URL names one. */
describe('transcription configuration', () => {
  it('has no speech-to-text when STT_BASE_URL is unset or empty', () => {
    expect(loadConfig({}).speech.transcription).toBeNull();
    expect(loadConfig({ STT_BASE_URL: '', STT_MODEL: '' }).speech.transcription).toBeNull();
  });

  it('names the service with its defaults (whisper-1, 300 s a piece), or what is set', () => {
    expect(loadConfig({ STT_BASE_URL: 'https://api.openai.com/v1', STT_API_KEY: 'sk-x' }).speech.transcription).toEqual(
      { baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-x', model: 'whisper-1', timeoutMs: 300_000 },
    );
    expect(
      loadConfig({
        STT_BASE_URL: 'http://127.0.0.1:8000/v1',
        STT_MODEL: 'Systran/faster-whisper-small',
        STT_TIMEOUT_MS: '5000',
      }).speech.transcription,
    ).toEqual({
      baseUrl: 'http://127.0.0.1:8000/v1',
      apiKey: undefined,
      model: 'Systran/faster-whisper-small',
      timeoutMs: 5000,
    });
  });

  it('refuses an STT_BASE_URL that is not a URL and a timeout that is not milliseconds', () => {
    expect(configError({ STT_BASE_URL: 'api.openai.com' }).message).toMatch(/STT_BASE_URL/);
    expect(configError({ STT_TIMEOUT_MS: 'soon' }).message).toMatch(/STT_TIMEOUT_MS/);
  });
});
