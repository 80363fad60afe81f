// Where the series lives and what a built lesson consists of. Shared by the build and its tests.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LessonScript } from './sentences';

export const REPO_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const LESSONS_DIR = join(REPO_ROOT, 'content', 'lessons');

/** product.md §3 "Transcript entry". */
export interface TranscriptEntry {
  sentence: string;
  startMs: number;
  isParagraphEnd: boolean;
}

export const scriptPath = (id: string, dir = LESSONS_DIR): string => join(dir, `lesson-${id}.md`);
export const audioPath = (id: string, dir = LESSONS_DIR): string => join(dir, 'audio', `lesson-${id}.mp3`);
export const transcriptPath = (id: string, dir = LESSONS_DIR): string => join(dir, 'transcripts', `lesson-${id}.json`);

/** The script's sentences in order, each marked if it ends its paragraph. */
export function scriptSentences(script: LessonScript): { sentence: string; isParagraphEnd: boolean }[] {
  return script.paragraphs.flatMap((sentences) =>
    sentences.map((sentence, index) => ({ sentence, isParagraphEnd: index === sentences.length - 1 })),
  );
}

/**
 * The transcript file's text, formatted exactly as Prettier formats JSON (two-space
 * indent, trailing newline), so `npm run format:check` and a rebuild agree byte for byte.
 */
export function formatTranscript(entries: readonly TranscriptEntry[]): string {
  return `${JSON.stringify(entries, null, 2)}\n`;
}
