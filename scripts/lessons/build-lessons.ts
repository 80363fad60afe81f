// `npm run lessons:build` synthesizes the ready lessons' audio and transcripts from their scripts:
//   content/lessons/lesson-N.md  ->  content/lessons/audio/lesson-N.mp3 + content/lessons/transcripts/lesson-N.json
// `npm run lessons:build -- --check` rebuilds into a temporary folder and fails if anything differs from the
// committed files (the build is deterministic for a given espeak-ng and ffmpeg). See docs/lessons.md.
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { LESSON_DURATIONS, READY_LESSON_IDS } from '@turtle/shared/constants';
import { encodeMp3, ffmpegVersion } from './encode';
import { fitRate } from './fit-rate';
import {
  audioPath,
  formatTranscript,
  LESSONS_DIR,
  scriptPath,
  scriptSentences,
  transcriptPath,
  type TranscriptEntry,
} from './lesson-files';
import { analyzeMp3 } from './mp3';
import { parseLessonScript } from './sentences';
import { espeakVersion, SAMPLE_RATE, synthesizeAll } from './synthesize';
import { layoutClips, mixClips, parseDurationMs } from './timing';

/** The encoded file may differ from the exact PCM length by the encoder's rounding, never by more. */
const MAX_ENCODED_DRIFT_MS = 30;

interface BuiltLesson {
  id: string;
  rateWpm: number;
  pauseScale: number;
  targetMs: number;
  encodedMs: number;
  files: { path: string; data: Buffer }[];
}

/** Names the lesson in an error, with a hint: the usual cause is a script too long or short for its duration. */
function withLessonContext<T>(id: string, detail: string, step: () => T): T {
  try {
    return step();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`Lesson ${id} (${detail}): ${message}. Lengthen or shorten lesson-${id}.md to fit its duration.`, {
      cause: error,
    });
  }
}

async function buildLesson(id: string, outDir: string): Promise<BuiltLesson> {
  const index = Number(id) - 1;
  const duration = LESSON_DURATIONS[index];
  if (!duration) throw new Error(`Lesson ${id} has no listed duration`);
  const targetMs = parseDurationMs(duration);
  const script = parseLessonScript(await readFile(scriptPath(id), 'utf8'));
  const sentences = scriptSentences(script);
  const texts = sentences.map((entry) => entry.sentence);
  const target = { sampleRate: SAMPLE_RATE, paragraphEnds: sentences.map((entry) => entry.isParagraphEnd), targetMs };

  const fit = await fitRate((rateWpm) => synthesizeAll(texts, rateWpm), target);
  const layout = withLessonContext(id, `at ${fit.rateWpm} wpm`, () =>
    layoutClips({ ...target, clipLengths: fit.clips.map((clip) => clip.length) }),
  );
  const mp3 = await encodeMp3({ sampleRate: SAMPLE_RATE, samples: mixClips(fit.clips, layout) });
  const encodedMs = analyzeMp3(mp3).durationMs;
  if (Math.abs(encodedMs - targetMs) > MAX_ENCODED_DRIFT_MS) {
    throw new Error(`Lesson ${id}: the MP3 lasts ${encodedMs} ms instead of ${targetMs} ms`);
  }
  const transcript: TranscriptEntry[] = sentences.map((entry, position) => ({
    sentence: entry.sentence,
    startMs: layout.startMs[position] ?? 0,
    isParagraphEnd: entry.isParagraphEnd,
  }));
  return {
    id,
    rateWpm: fit.rateWpm,
    pauseScale: fit.pauseScale,
    targetMs,
    encodedMs,
    files: [
      { path: audioPath(id, outDir), data: mp3 },
      { path: transcriptPath(id, outDir), data: Buffer.from(formatTranscript(transcript), 'utf8') },
    ],
  };
}

async function readIfPresent(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch {
    return undefined;
  }
}

const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');
const seconds = (ms: number): string => `${(ms / 1000).toFixed(3)} s`;

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const outDir = check ? await mkdtemp(join(tmpdir(), 'lessons-check-')) : LESSONS_DIR;
  console.log(`${await espeakVersion()}\n${await ffmpegVersion()}`);
  const differing: string[] = [];
  for (const id of READY_LESSON_IDS) {
    const lesson = await buildLesson(id, outDir);
    console.log(
      `lesson ${id}: ${lesson.rateWpm} wpm, pauses x${lesson.pauseScale.toFixed(3)}, ` +
        `${seconds(lesson.encodedMs)} (listed ${seconds(lesson.targetMs)})`,
    );
    for (const file of lesson.files) {
      await mkdir(dirname(file.path), { recursive: true });
      await writeFile(file.path, file.data);
      const name = relative(outDir, file.path);
      console.log(`  ${name}  ${(file.data.length / 1e6).toFixed(2)} MB  sha256 ${sha256(file.data)}`);
      if (check) {
        const committed = await readIfPresent(join(LESSONS_DIR, name));
        if (!committed || !committed.equals(file.data)) differing.push(name);
      }
    }
  }
  if (!check) return;
  if (differing.length > 0) {
    console.error(`lessons:build --check: these differ from content/lessons (rebuilt copies in ${outDir}):`);
    for (const name of differing) console.error(`  ${name}`);
    process.exitCode = 1;
    return;
  }
  await rm(outDir, { recursive: true, force: true });
  console.log('lessons:build --check: the committed audio and transcripts are up to date.');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
