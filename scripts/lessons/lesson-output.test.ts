// The committed series: every script parses, and every ready lesson's audio and transcript agree with its
// script and its listed duration. Reads the MP3 frames itself, so it needs neither ffmpeg nor espeak-ng.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LESSON_COUNT, LESSON_DURATIONS, READY_LESSON_IDS } from '@turtle/shared/constants';
import { audioPath, formatTranscript, scriptPath, scriptSentences, transcriptPath } from './lesson-files';
import { analyzeMp3 } from './mp3';
import { parseLessonScript } from './sentences';
import { parseDurationMs } from './timing';

/** product.md §9: the audio must last the listed duration within 3 seconds. */
const DURATION_TOLERANCE_MS = 3_000;

function readTranscript(id: string): unknown {
  return JSON.parse(readFileSync(transcriptPath(id), 'utf8'));
}

describe('lesson scripts', () => {
  const ids = Array.from({ length: LESSON_COUNT }, (_, index) => String(index + 1));

  it.each(ids)('lesson %s has a title and enough prose for its listed duration', (id) => {
    const source = readFileSync(scriptPath(id), 'utf8');
    const script = parseLessonScript(source);
    expect(script.title.length).toBeGreaterThan(3);
    expect(source).not.toMatch(/^\s*([-*+]|\d+\.|#{2,}) /m); // prose only: no lists or sub-headings
    const words = script.paragraphs.flat().join(' ').split(/\s+/).length;
    const minutes = parseDurationMs(LESSON_DURATIONS[Number(id) - 1] ?? '0:00') / 60_000;
    expect(words / minutes).toBeGreaterThan(130);
    expect(words / minutes).toBeLessThan(175);
  });
});

describe.each([...READY_LESSON_IDS])('ready lesson %s', (id) => {
  const script = parseLessonScript(readFileSync(scriptPath(id), 'utf8'));
  const expected = scriptSentences(script);
  const targetMs = parseDurationMs(LESSON_DURATIONS[Number(id) - 1] ?? '0:00');

  it('has a transcript of the script sentences, in order, with strictly increasing integer starts', () => {
    const transcript = readTranscript(id);
    expect(Array.isArray(transcript)).toBe(true);
    const entries = transcript as { sentence: unknown; startMs: unknown; isParagraphEnd: unknown }[];
    for (const entry of entries) {
      expect(Object.keys(entry).sort()).toEqual(['isParagraphEnd', 'sentence', 'startMs']);
      expect(typeof entry.sentence).toBe('string');
      expect(Number.isInteger(entry.startMs)).toBe(true);
      expect(typeof entry.isParagraphEnd).toBe('boolean');
    }
    expect(entries.map(({ sentence, isParagraphEnd }) => ({ sentence, isParagraphEnd }))).toEqual(expected);
    const starts = entries.map((entry) => entry.startMs as number);
    expect(starts[0]).toBeGreaterThanOrEqual(0);
    starts.slice(1).forEach((start, index) => expect(start).toBeGreaterThan(starts[index] ?? Infinity));
  });

  it('keeps its transcript file in the stable generated format', () => {
    const text = readFileSync(transcriptPath(id), 'utf8');
    expect(formatTranscript(JSON.parse(text) as Parameters<typeof formatTranscript>[0])).toBe(text);
  });

  it('has audio of the listed duration, with every sentence inside it, and of a reasonable size', () => {
    expect(existsSync(audioPath(id))).toBe(true);
    const size = statSync(audioPath(id)).size;
    expect(size).toBeGreaterThan(0.5e6);
    expect(size).toBeLessThan(3.5e6);

    const mp3 = analyzeMp3(readFileSync(audioPath(id)));
    expect(Math.abs(mp3.durationMs - targetMs)).toBeLessThanOrEqual(DURATION_TOLERANCE_MS);
    // The build lays the audio out to the exact sample; only the encoder's rounding remains.
    expect(Math.abs(mp3.durationMs - targetMs)).toBeLessThan(100);
    const transcript = readTranscript(id) as { startMs: number }[];
    expect(transcript.at(-1)?.startMs).toBeLessThan(mp3.durationMs);
  });
});
