import { createHash } from 'node:crypto';
import http from 'node:http';
import { parseBuffer } from 'music-metadata';
import { listenOnLoopback } from './loopback';

/** Named like no real model: a client that sends another (`whisper-1` by default) gets OpenAI's 404. */
export const FAKE_STT_MODEL = 'whisper-tiny-fake';
export const FAKE_STT_KEY = 'sk-fake-stt-key';

export interface FakeSegment {
  start: number;
  end: number;
  text: string;
}

export interface FakeTranscriptionRequest {
  model: string;
  fileName: string;
  bytes: number;
  /** The file's SHA-1, to tell a piece sent twice. */
  sha1: string;
  /** Its length as the fake read it from the bytes (seconds). */
  seconds: number;
  responseFormat: string | null;
  granularities: string[];
  authorization: string | undefined;
}

export interface FakeTranscription {
  /** `STT_BASE_URL` for the app (its `/v1`). */
  baseUrl: string;
  /** The app's environment for this fake: its address, key and model. */
  env(): Record<string, string>;
  requests: FakeTranscriptionRequest[];
  /**
   * How it answers from now on: segments (by `segments`), a 500, an HTML page, JSON without segments, text that is not
   * JSON, or nothing ever.
   */
  mode: 'transcribe' | 'fail' | 'html' | 'noSegments' | 'notJson' | 'hang';
  /** Wait this long before each answer (ms). */
  delayMs: number;
  /** While set, every answer waits for it to settle: a test sees the job between two pieces, however slow the machine. */
  gate: Promise<unknown> | null;
  /**
   * The segments for a file of `seconds` (the `count`-th file sent, from 1). By default a sentence every 10 s,
   * numbered across files: "Sentence 7 was said here."
   */
  segments: (seconds: number, count: number) => FakeSegment[];
  close(): Promise<void>;
}

let said = 0;
/** A sentence every 10 s of the file (none in its last second), 8 s long, numbered across all files this process sent. */
export function tenSecondSentences(seconds: number): FakeSegment[] {
  const segments: FakeSegment[] = [];
  for (let start = 0; start + 1 < seconds; start += 10) {
    said += 1;
    segments.push({ start, end: Math.min(start + 8, seconds), text: ` Sentence ${said} was said here.` });
  }
  return segments;
}

async function lengthOf(bytes: Uint8Array, fileName: string): Promise<number> {
  try {
    const { format } = await parseBuffer(bytes, { path: fileName }, { duration: true });
    return format.duration ?? 0;
  } catch {
    return 0;
  }
}

/**
 * An OpenAI-compatible `POST /v1/audio/transcriptions` for the tests (docs/decisions/051-transcribing-own-lessons.md):
 * multipart in, `verbose_json` with `segments` out. It serves only its own model (any other is a 404, as OpenAI
 * answers) and, as told, fails, answers HTML or the wrong shape, or hangs.
 */
export async function startFakeTranscription(): Promise<FakeTranscription> {
  const fake: FakeTranscription = {
    baseUrl: '',
    env: () => ({ STT_BASE_URL: fake.baseUrl, STT_MODEL: FAKE_STT_MODEL, STT_API_KEY: FAKE_STT_KEY }),
    requests: [],
    mode: 'transcribe',
    delayMs: 0,
    gate: null,
    segments: tenSecondSentences,
    close: async () => {},
  };
  const json = (response: http.ServerResponse, status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        if (request.method !== 'POST' || request.url !== '/v1/audio/transcriptions') {
          json(response, 404, { error: { message: 'not found' } });
          return;
        }
        let form: FormData;
        try {
          const type = request.headers['content-type'] ?? '';
          form = await new Response(Buffer.concat(chunks), { headers: { 'content-type': type } }).formData();
        } catch {
          json(response, 400, { error: { message: 'Send the audio as multipart/form-data.' } });
          return;
        }
        const model = String(form.get('model') ?? '');
        if (model !== FAKE_STT_MODEL) {
          json(response, 404, { error: { message: `The model ${model} does not exist.` } });
          return;
        }
        const file = form.get('file');
        if (!(file instanceof Blob)) {
          json(response, 400, { error: { message: 'Send the audio as its file.' } });
          return;
        }
        const bytes = new Uint8Array(await file.arrayBuffer());
        const fileName = (file as File).name ?? '';
        const seconds = await lengthOf(bytes, fileName);
        fake.requests.push({
          model,
          fileName,
          bytes: bytes.length,
          sha1: createHash('sha1').update(bytes).digest('hex'),
          seconds,
          responseFormat: form.get('response_format') as string | null,
          granularities: form.getAll('timestamp_granularities[]').map(String),
          authorization: request.headers.authorization,
        });
        if (fake.delayMs) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
        if (fake.gate) await fake.gate;
        if (fake.mode === 'hang') return;
        if (fake.mode === 'fail') return json(response, 500, { error: { message: 'boom' } });
        if (fake.mode === 'html') {
          response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Sign in</body></html>');
          return;
        }
        if (fake.mode === 'notJson') {
          response.writeHead(200, { 'content-type': 'application/json' }).end('{"text": "cut off');
          return;
        }
        if (fake.mode === 'noSegments') return json(response, 200, { text: 'Words without times.' });
        const segments = fake.segments(seconds, fake.requests.length);
        json(response, 200, {
          task: 'transcribe',
          language: 'english',
          duration: seconds,
          text: segments.map((segment) => segment.text).join(''),
          segments: segments.map((segment, id) => ({ id, seek: 0, ...segment, tokens: [], temperature: 0 })),
        });
      })();
    });
  });
  const { port, close } = await listenOnLoopback(server);
  fake.baseUrl = `http://127.0.0.1:${port}/v1`;
  fake.close = close;
  return fake;
}
