import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { wavFile } from '../../src/features/lessons/own/voicing/wav';

export const FAKE_SPEECH_MODEL = 'fake-voice-1';
export const FAKE_SPEECH_RATE = 24_000;

export interface FakeSpeech {
  /** What to give as TTS_BASE_URL (its `/v1`). */
  baseUrl: string;
  /** Every sentence asked for, in order. */
  asked: string[];
  /** How it answers from now on. */
  mode: 'speak' | 'fail' | 'html' | 'slow';
  /** Wait this long before each answer (ms). */
  delayMs: number;
  close(): Promise<void>;
}

/** A sentence's length in samples: 60 ms a character, so the tests know each sentence's length. */
export const fakeSamples = (text: string) => Math.round(text.length * 0.06 * FAKE_SPEECH_RATE);

/**
 * An OpenAI-compatible `/v1/audio/speech` for the tests (docs/decisions/049-voicing-own-lessons.md): it knows one model
 * (any other is a 404, as OpenAI answers), answers WAV at 24 kHz, a tone as long as the sentence's characters say;
 * or, as told, a 500, an HTML page, or nothing for a minute.
 */
export async function startFakeSpeech(): Promise<FakeSpeech> {
  const fake: FakeSpeech = { baseUrl: '', asked: [], mode: 'speak', delayMs: 0, close: async () => {} };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      void (async () => {
        if (request.method !== 'POST' || request.url !== '/v1/audio/speech') {
          response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
          return;
        }
        const input = JSON.parse(body) as { model: string; input: string; voice: string; response_format: string };
        if (input.model !== FAKE_SPEECH_MODEL) {
          response
            .writeHead(404, { 'content-type': 'application/json' })
            .end(JSON.stringify({ error: { message: `The model ${input.model} does not exist.` } }));
          return;
        }
        fake.asked.push(input.input);
        if (fake.delayMs) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
        if (fake.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, 60_000));
        if (fake.mode === 'fail') {
          response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"boom"}}');
          return;
        }
        if (fake.mode === 'html') {
          response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Sign in</body></html>');
          return;
        }
        const samples = new Int16Array(fakeSamples(input.input));
        for (let i = 0; i < samples.length; i += 1)
          samples[i] = Math.round(3000 * Math.sin((i * 2 * Math.PI * 220) / FAKE_SPEECH_RATE));
        response
          .writeHead(200, { 'content-type': 'audio/wav' })
          .end(wavFile({ sampleRate: FAKE_SPEECH_RATE, samples }));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
