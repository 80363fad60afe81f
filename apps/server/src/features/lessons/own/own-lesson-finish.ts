import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { TranscriptEntry } from '@turtle/shared/lesson';
import type { Db } from '../../../db/database';
import type { FileStore } from '../../../core/storage/file-store';
import { lockUser } from '../../../core/identity/users.repository';
import { HttpError } from '../../../lib/http-error';
import { finishJob, lockHeldJob, pieceKey, type OwnLessonJobRow } from './own-lesson-jobs.repository';
import { checkFits } from './own-lesson-limits';
import { indexOwnLesson } from './own-lesson-index';
import { insertOwnLesson, ownLessonAllowance } from './own-lessons.repository';
import { failJob, removePieces } from './own-lesson-runner';
import { Loudness, MP3_DELAY_SAMPLES, writeMp3 } from './voicing/lesson-mp3';

async function readAll(stream: Readable): Promise<Int16Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  // A piece's own buffer (over Node's 4 KB pool size) is read in place; a small one from the pool is copied out.
  if (bytes.byteOffset % 2 === 0 && bytes.length % 2 === 0) {
    return new Int16Array(bytes.buffer, bytes.byteOffset, bytes.length / 2);
  }
  return new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
}

/** The voiced sentences in order, read back one at a time from the store. */
async function* piecesOf(store: FileStore, job: OwnLessonJobRow): AsyncGenerator<Int16Array> {
  for (let index = 0; index < job.sentences.length; index += 1) {
    const stream = await store.read(pieceKey(job.userId, job.id, index));
    if (!stream) throw new Error(`sentence ${index} of job ${job.id} is missing from the store`);
    yield await readAll(stream);
  }
}

/**
 * All sentences voiced (docs/decisions/049-voicing-own-lessons.md): their loudness measured, the lesson's MP3 written
 * and kept, then in one transaction (the person's row locked, as a make from audio) the plan checked with the real
 * length and the lesson made from the job. Refused or failed, the MP3 and the sentences are removed and nothing is
 * charged; made, the sentences' audio is removed.
 */
export async function finishVoicedLesson(
  options: { db: Db; store: FileStore },
  owner: string,
  job: OwnLessonJobRow,
  sampleRate: number,
  transcript: TranscriptEntry[],
): Promise<void> {
  const { db, store } = options;
  const loudness = new Loudness();
  for await (const piece of piecesOf(store, job)) loudness.add(piece);
  const scratch = await store.scratchPath();
  const audioKey = `lessons/${job.userId}/${job.id}`;
  let audioBytes: number;
  try {
    audioBytes = await writeMp3(scratch, sampleRate, loudness.gain(), piecesOf(store, job));
    await store.keep(audioKey, scratch);
  } catch (error) {
    await rm(scratch, { force: true });
    throw error;
  }
  const samples = job.pieces.reduce((sum, count) => sum + count, 0);
  // As long as it plays: the samples and the MP3's delay before them.
  const durationMs = Math.round(((samples + MP3_DELAY_SAMPLES) / sampleRate) * 1000);
  const now = Date.now();
  let refused: string | null = null;
  let made = false;
  try {
    made = await db.transaction(async (tx) => {
      const person = await lockUser(tx, job.userId);
      if (!person || !(await lockHeldJob(tx, job.id, owner))) return false;
      try {
        checkFits(await ownLessonAllowance(tx, person), durationMs);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        refused = error.message;
        return false;
      }
      const row = {
        id: job.id,
        userId: job.userId,
        title: job.title,
        audioKey,
        audioType: 'audio/mpeg' as const,
        audioBytes,
        durationMs,
        transcript,
        createdAt: now,
        updatedAt: now,
      };
      await insertOwnLesson(tx, row);
      await indexOwnLesson(tx, row, now);
      await finishJob(tx, job.id, 'ready', null, now, owner);
      return true;
    });
  } finally {
    if (!made) await store.remove(audioKey);
  }
  if (made) await removePieces(store, job.userId, job.id, job.sentences.length);
  else if (refused) await failJob(options, job, owner, refused);
  else await removePieces(store, job.userId, job.id, job.sentences.length);
}
