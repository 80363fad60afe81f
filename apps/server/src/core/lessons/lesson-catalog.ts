import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { LESSON_DURATIONS, LESSON_SERIES_TITLE, READY_LESSON_IDS } from '@turtle/shared/constants';
import { TranscriptSchema, type Lesson, type SeriesInfo, type TranscriptEntry } from '@turtle/shared/lesson';
import { LESSON_IDS, LESSON_NOT_FOUND_MESSAGE, parseDuration } from '@turtle/shared/lesson-helpers';
import { HttpError } from '../../lib/http-error';

/** One lesson's audio, held in memory (a few MB for the whole series) and named by its content's hash. */
export interface LessonAudio {
  /** The last part of its URL: `lesson-1.<hash>.mp3`. */
  fileName: string;
  contentType: string;
  data: Buffer;
  etag: string;
}

export interface CatalogLesson {
  lesson: Lesson;
  durationMs: number;
  audio: LessonAudio | undefined;
}

export interface LessonCatalog {
  series: SeriesInfo;
  lessons: CatalogLesson[];
  get(id: string): CatalogLesson | undefined;
  audio(fileName: string): LessonAudio | undefined;
}

export const AUDIO_URL_PREFIX = '/media/lessons/';

export const lessonNotFound = () => new HttpError(404, 'notFound', LESSON_NOT_FOUND_MESSAGE);

const AUDIO_TYPES: Record<string, string> = {
  '.mp3': 'audio/mpeg',
  '.opus': 'audio/ogg',
  '.ogg': 'audio/ogg',
  '.m4a': 'audio/mp4',
  '.webm': 'audio/webm',
};

/**
 * The repository's `content/lessons`, found by walking up from this module: the server runs both from source
 * (`apps/server/src/features/lessons`) and bundled (`apps/server/dist`), at different depths.
 */
export function defaultLessonsDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 8; depth += 1) {
    const candidate = path.join(dir, 'content', 'lessons');
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return path.resolve('content', 'lessons');
}

async function readIfPresent(file: string): Promise<Buffer | undefined> {
  try {
    return await fs.readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The title is the script's first line, `# <title>`. */
export function titleOfScript(script: string | undefined, id: string): string {
  const firstLine = script?.split('\n', 1)[0]?.trim() ?? '';
  const title = /^#\s+(.+)$/.exec(firstLine)?.[1]?.trim();
  return title || `Lesson ${id}`;
}

/** A transcript must parse, start in order, and not be empty; anything else leaves the lesson not ready. */
export function parseTranscript(raw: Buffer): TranscriptEntry[] | string {
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    return 'not valid JSON';
  }
  const parsed = TranscriptSchema.safeParse(json);
  if (!parsed.success) return `not a transcript (${parsed.error.issues[0]?.message ?? 'invalid'})`;
  if (parsed.data.length === 0) return 'empty';
  if (parsed.data.some((entry, index) => index > 0 && entry.startMs < parsed.data[index - 1]!.startMs)) {
    return 'sentences out of order';
  }
  return parsed.data;
}

async function findAudio(dir: string, id: string): Promise<LessonAudio | undefined> {
  for (const [extension, contentType] of Object.entries(AUDIO_TYPES)) {
    const data = await readIfPresent(path.join(dir, 'audio', `lesson-${id}${extension}`));
    if (!data || data.length === 0) continue;
    const hash = createHash('sha256').update(data).digest('hex').slice(0, 16);
    return { fileName: `lesson-${id}.${hash}${extension}`, contentType, data, etag: `"${hash}"` };
  }
  return undefined;
}

/**
 * Reads the series once at start: titles from the scripts (`lesson-N.md`), durations from product.md §9, and for the ready
 * lessons (product.md §9: 1 to 3) their audio and transcript. A ready lesson whose files are missing or broken is listed as
 * not ready, with a warning, so the rest of the app still starts.
 */
export async function loadLessonCatalog(dir: string, log?: FastifyBaseLogger): Promise<LessonCatalog> {
  const lessons: CatalogLesson[] = [];
  for (const [index, id] of LESSON_IDS.entries()) {
    const duration = LESSON_DURATIONS[index] ?? '0:00';
    const script = (await readIfPresent(path.join(dir, `lesson-${id}.md`)))?.toString('utf8');
    const title = titleOfScript(script, id);
    let audio: LessonAudio | undefined;
    let transcript: TranscriptEntry[] = [];
    if ((READY_LESSON_IDS as readonly string[]).includes(id)) {
      audio = await findAudio(dir, id);
      const raw = await readIfPresent(path.join(dir, 'transcripts', `lesson-${id}.json`));
      const parsed = raw ? parseTranscript(raw) : 'missing';
      if (typeof parsed === 'string') log?.warn({ lesson: id, dir }, `lesson ${id} transcript: ${parsed}`);
      else transcript = parsed;
      if (!audio) log?.warn({ lesson: id, dir }, `lesson ${id} audio: missing`);
    }
    const ready = audio !== undefined && transcript.length > 0;
    lessons.push({
      lesson: {
        id,
        title,
        duration,
        ready,
        audioFile: ready ? AUDIO_URL_PREFIX + audio!.fileName : null,
        captionsFile: ready ? `/api/lessons/${id}/transcript.vtt` : null,
        transcript: ready ? transcript : [],
      },
      durationMs: parseDuration(duration),
      audio: ready ? audio : undefined,
    });
  }
  const byId = new Map(lessons.map((entry) => [entry.lesson.id, entry]));
  const byFile = new Map(
    lessons.flatMap(({ audio }): [string, LessonAudio][] => (audio ? [[audio.fileName, audio]] : [])),
  );
  return {
    series: { title: LESSON_SERIES_TITLE, numberOfLessons: lessons.length },
    lessons,
    get: (id) => byId.get(id),
    audio: (fileName) => byFile.get(fileName),
  };
}
