import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FRAME_ERROR, FRAME_WAV, FrameError, FrameReader, frameHeader, type Frame } from './child-frames';
import { espeakEngine } from './espeak-engine';
import { SpeechError } from './speech-engine';

const frame = (id: number, kind: 0 | 1, body: Buffer) => Buffer.concat([frameHeader(id, kind, body.length), body]);
const bytes = (length: number, seed: number) => Buffer.from(Array.from({ length }, (_, i) => (i * 7 + seed) % 256));

describe("the embedded voice's binary frames (docs/decisions/049-voicing-own-lessons.md)", () => {
  it('reads a frame split across chunks anywhere, even a byte at a time', () => {
    const body = bytes(5000, 3);
    const whole = frame(7, FRAME_WAV, body);
    for (const size of [1, 5, 12, 13, 4096]) {
      const reader = new FrameReader();
      const frames: Frame[] = [];
      for (let at = 0; at < whole.length; at += size) {
        frames.push(...reader.push(whole.subarray(at, at + size)));
        if (at + size < whole.length) expect(reader.midFrame).toBe(true);
      }
      expect(frames).toHaveLength(1);
      expect(frames[0]!.id).toBe(7);
      expect(frames[0]!.kind).toBe(FRAME_WAV);
      expect(Buffer.compare(frames[0]!.body, body)).toBe(0);
      expect(reader.midFrame).toBe(false);
    }
  });

  it('reads several frames from one chunk, an empty one and an error among them, and keeps the rest for later', () => {
    const first = bytes(300, 1);
    const third = bytes(70, 9);
    const all = Buffer.concat([
      frame(1, FRAME_WAV, first),
      frame(2, FRAME_WAV, Buffer.alloc(0)),
      frame(3, FRAME_ERROR, Buffer.from('espeak-ng ended with 1')),
      frame(4, FRAME_WAV, third),
    ]);
    const reader = new FrameReader();
    const cut = all.length - 30;
    const frames = reader.push(all.subarray(0, cut));
    expect(frames.map((f) => [f.id, f.kind, f.body.length])).toEqual([
      [1, FRAME_WAV, 300],
      [2, FRAME_WAV, 0],
      [3, FRAME_ERROR, 22],
    ]);
    expect(frames[2]!.body.toString()).toBe('espeak-ng ended with 1');
    expect(reader.midFrame).toBe(true);
    const rest = reader.push(all.subarray(cut));
    expect(rest).toHaveLength(1);
    expect(Buffer.compare(rest[0]!.body, third)).toBe(0);
  });

  it('refuses bytes that are not a frame (a stray line of text)', () => {
    expect(() => new FrameReader().push(Buffer.from('{"id":1,"wav":"UklGRg=="}\n'))).toThrow(FrameError);
  });
});

describe('the embedded voice talking to its child over frames', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'turtle-frames-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  /** A stand-in child: reads the JSON lines and answers with what `answer` writes. */
  const fakeChild = (name: string, answer: string) => {
    const file = path.join(dir, `${name}.mjs`);
    writeFileSync(
      file,
      `import { createInterface } from 'node:readline';
const header = (id, kind, length) => { const h = Buffer.alloc(12); h.writeUInt32LE(id, 0); h.writeUInt32LE(kind, 4); h.writeUInt32LE(length, 8); return h; };
for await (const line of createInterface({ input: process.stdin })) {
  const { id, text } = JSON.parse(line);
  ${answer}
}`,
    );
    return () => ({ file, execArgv: [] });
  };

  it('answers each sentence with its own bytes when the child writes them in odd pieces', async () => {
    const engine = espeakEngine(
      'en-us',
      fakeChild(
        'pieces',
        `const body = Buffer.from('WAV of ' + text);
  const all = Buffer.concat([header(id, 0, body.length), body]);
  for (let at = 0; at < all.length; at += 5) { process.stdout.write(all.subarray(at, at + 5)); await new Promise((r) => setTimeout(r, 1)); }`,
      ),
    );
    try {
      const [one, two] = await Promise.all([engine.voice('one sentence.'), engine.voice('and another one.')]);
      expect(Buffer.from(one).toString()).toBe('WAV of one sentence.');
      expect(Buffer.from(two).toString()).toBe('WAV of and another one.');
    } finally {
      engine.close();
    }
  });

  it('fails the sentence with a clear message when the child dies in the middle of a frame, and starts a new one', async () => {
    const engine = espeakEngine(
      'en-us',
      fakeChild(
        'dies',
        `if (text === 'dies') { process.stdout.write(Buffer.concat([header(id, 0, 1000), Buffer.alloc(400)]), () => process.exit(1)); }
  else { const body = Buffer.from('fine'); process.stdout.write(Buffer.concat([header(id, 0, body.length), body])); }`,
      ),
    );
    try {
      const failed = engine.voice('dies');
      await expect(failed).rejects.toBeInstanceOf(SpeechError);
      await expect(failed).rejects.toThrow('The embedded voice stopped while voicing this text.');
      expect(Buffer.from(await engine.voice('after')).toString()).toBe('fine');
    } finally {
      engine.close();
    }
  });

  it('lets a child go after its share of sentences, and starts the next only once it has exited', async () => {
    const engine = espeakEngine(
      'en-us',
      fakeChild(
        'pid',
        `const body = Buffer.from(String(process.pid)); process.stdout.write(Buffer.concat([header(id, 0, body.length), body]));`,
      ),
      2,
    );
    try {
      const pids: number[] = [];
      for (const text of ['one', 'two', 'three', 'four', 'five'])
        pids.push(Number(Buffer.from(await engine.voice(text))));
      expect(pids[0]).toBe(pids[1]);
      expect(pids[2]).toBe(pids[3]);
      expect(new Set(pids).size).toBe(3);
      // The first child is gone: signal 0 to its process id finds nothing.
      expect(() => process.kill(pids[0]!, 0)).toThrow();
    } finally {
      engine.close();
    }
  });

  it('fails the sentence when the child writes something that is not a frame', async () => {
    const engine = espeakEngine('en-us', fakeChild('garbage', `process.stdout.write('not a frame at all\\n');`));
    try {
      await expect(engine.voice('hello')).rejects.toThrow('The embedded voice stopped while voicing this text.');
    } finally {
      engine.close();
    }
  });
});
