import type { TranscriptEntry } from '@turtle/shared/lesson';
import type { Db } from '../../../../db/database';
import type { FileStore } from '../../../../core/storage/file-store';
import type { TranscriptionServiceConfig } from '../../../../config/transcription-config';
import { lockUser } from '../../../../core/identity/users.repository';
import { HttpError } from '../../../../lib/http-error';
import type { Cue } from '../captions';
import { cuesToTranscript } from '../cue-sentences';
import { finishJob, lockHeldJob, recordTranscribedPiece, type OwnLessonJobRow } from '../own-lesson-jobs.repository';
import { checkFits } from '../own-lesson-limits';
import { indexOwnLesson } from '../own-lesson-index';
import { insertOwnLesson, ownLessonAllowance } from '../own-lessons.repository';
import { audioFileName, pieceFile, planPieces, type AudioPiece } from './audio-pieces';
import { transcribe, TranscriptionError, type Segment } from './transcription-service';

/** The job's `engine` for a lesson from audio alone. */
export const TRANSCRIPTION_ENGINE = 'transcription';

/** The segments of one piece as cues of the whole audio: placed at the piece's start, kept inside it, words trimmed. */
export function segmentsToCues(segments: readonly Segment[], piece: Pick<AudioPiece, 'startMs' | 'endMs'>): Cue[] {
  const cues: Cue[] = [];
  const inside = (seconds: number) =>
    Math.min(piece.endMs, Math.max(piece.startMs, piece.startMs + Math.round(seconds * 1000)));
  for (const segment of segments) {
    const text = segment.text.replace(/\s+/g, ' ').trim();
    if (!text) continue;
    const startMs = Math.max(inside(segment.start), cues.at(-1)?.startMs ?? piece.startMs);
    cues.push({ startMs, endMs: Math.max(startMs, inside(segment.end)), text });
  }
  return cues;
}

export interface TranscribeOptions {
  db: Db;
  store: FileStore;
  service: TranscriptionServiceConfig;
  leaseMs: number;
}

/**
 * A lesson from audio alone (docs/decisions/051-transcribing-own-lessons.md): the audio's pieces from the first not yet
 * transcribed, each sent to the service and its cues kept with the job (so a job taken up again goes on from there);
 * then the cues become the transcript's sentences as a VTT's do, and the lesson is made. Answers `lost` when the job
 * was cancelled or taken over, `stopped` when the process is stopping; a failure of the service throws a
 * TranscriptionError.
 */
export async function transcribeJob(
  options: TranscribeOptions,
  owner: string,
  job: OwnLessonJobRow,
  stopping: () => boolean,
): Promise<'made' | 'lost' | 'stopped'> {
  const { db, store, leaseMs } = options;
  const audio = job.audio!;
  const pieces = await planPieces(store, audio);
  const cues: Cue[] = [...(job.cues ?? [])];
  for (let index = job.pieces.length; index < pieces.length; index += 1) {
    if (stopping()) return 'stopped';
    const piece = pieces[index]!;
    const file = await pieceFile(store, audio, piece);
    let segments: Segment[];
    try {
      segments = await transcribe(options.service, file.blob, audioFileName(audio.type));
    } finally {
      await file.done();
    }
    const heard = segmentsToCues(segments, piece);
    const endMs = index === pieces.length - 1 ? audio.durationMs : piece.endMs;
    if (!(await recordTranscribedPiece(db, { id: job.id, owner, index, endMs, cues: heard }, Date.now(), leaseMs))) {
      return 'lost';
    }
    cues.push(...heard);
  }
  if (cues.length === 0) throw new TranscriptionError('The speech-to-text service heard no words in this audio.');
  return finishTranscribedLesson(options, owner, job, cuesToTranscript(cues));
}

/**
 * The lesson made from the job in one transaction, the person's row locked and the plan checked with the audio's
 * length, as a make from audio and a transcript is; its audio is the upload's file. Refused (a TranscriptionError
 * with the plan's message), the runner fails the job, which frees the audio and charges nothing.
 */
async function finishTranscribedLesson(
  options: TranscribeOptions,
  owner: string,
  job: OwnLessonJobRow,
  transcript: TranscriptEntry[],
): Promise<'made' | 'lost'> {
  const audio = job.audio!;
  const now = Date.now();
  return options.db.transaction(async (tx) => {
    const person = await lockUser(tx, job.userId);
    if (!person || !(await lockHeldJob(tx, job.id, owner))) return 'lost' as const;
    try {
      checkFits(await ownLessonAllowance(tx, person), audio.durationMs);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      throw new TranscriptionError(error.message);
    }
    const row = {
      id: job.id,
      userId: job.userId,
      title: job.title,
      audioKey: audio.key,
      audioType: audio.type,
      audioBytes: audio.bytes,
      durationMs: audio.durationMs,
      transcript,
      createdAt: now,
      updatedAt: now,
    };
    await insertOwnLesson(tx, row);
    await indexOwnLesson(tx, row, now);
    await finishJob(tx, job.id, 'ready', null, now, owner);
    return 'made' as const;
  });
}
