import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { transcribe, TranscriptionError } from '../src/features/lessons/own/transcribing/transcription-service';
import {
  FAKE_STT_KEY,
  FAKE_STT_MODEL,
  startFakeTranscription,
  type FakeTranscription,
} from './support/fake-transcription';
import { podcastAudio } from './support/podcast-audio';

/**
 * docs/decisions/051-transcribing-own-lessons.md: any OpenAI-compatible `/v1/audio/transcriptions`, asked for
 * `verbose_json` with segment times; whatever goes wrong is a TranscriptionError with the sentence the card shows.
 */

let fake: FakeTranscription;
let audio: Blob;
const config = () => ({ baseUrl: fake.baseUrl, apiKey: FAKE_STT_KEY, model: FAKE_STT_MODEL, timeoutMs: 1000 });
beforeAll(async () => {
  fake = await startFakeTranscription();
  audio = new Blob([await podcastAudio('wav', 25)]);
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.mode = 'transcribe';
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('it did not fail');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(TranscriptionError);
      return (error as Error).message;
    },
  );

describe('the speech-to-text service', () => {
  it('sends the file as multipart with its model, key, verbose_json and segment times, and reads the segments', async () => {
    const segments = await transcribe(config(), audio, 'audio.wav');
    expect(segments.map((segment) => [segment.start, segment.end])).toEqual([
      [0, 8],
      [10, 18],
      [20, 25],
    ]);
    expect(segments[0]!.text).toMatch(/^ Sentence \d+ was said here\.$/);
    expect(fake.requests.at(-1)).toMatchObject({
      model: FAKE_STT_MODEL,
      fileName: 'audio.wav',
      responseFormat: 'verbose_json',
      granularities: ['segment'],
      authorization: `Bearer ${FAKE_STT_KEY}`,
    });
  });

  it('says which way it failed: another model, an error status, HTML, no JSON, no segments, too slow, unreachable', async () => {
    expect(await failure(transcribe({ ...config(), model: 'whisper-1' }, audio, 'audio.wav'))).toBe(
      'The speech-to-text service refused the audio (it answered 404).',
    );
    fake.mode = 'fail';
    expect(await failure(transcribe(config(), audio, 'audio.wav'))).toMatch(/answered 500/);
    fake.mode = 'html';
    expect(await failure(transcribe(config(), audio, 'audio.wav'))).toBe(
      'The speech-to-text service answered with text/html, not JSON.',
    );
    fake.mode = 'notJson';
    expect(await failure(transcribe(config(), audio, 'audio.wav'))).toBe(
      'The speech-to-text service did not answer with JSON.',
    );
    fake.mode = 'noSegments';
    expect(await failure(transcribe(config(), audio, 'audio.wav'))).toMatch(/without the times of what is said/);
    fake.mode = 'hang';
    expect(await failure(transcribe(config(), audio, 'audio.wav'))).toBe(
      'The speech-to-text service took over 1 s to transcribe a piece of the audio.',
    );
    const closed = await startFakeTranscription();
    await closed.close();
    expect(await failure(transcribe({ ...config(), baseUrl: closed.baseUrl }, audio, 'audio.wav'))).toBe(
      'The speech-to-text service could not be reached.',
    );
  });
});
