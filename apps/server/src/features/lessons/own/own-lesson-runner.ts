import { randomUUID } from 'node:crypto';
import { writeFile, rm } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { TranscriptEntry } from '@turtle/shared/lesson';
import type { Db } from '../../../db/database';
import type { FileStore } from '../../../core/storage/file-store';
import {
  claimJob,
  finishJob,
  pieceKey,
  recordPiece,
  renewLease,
  type OwnLessonJobRow,
} from './own-lesson-jobs.repository';
import { finishVoicedLesson } from './own-lesson-finish';
import { SpeechError, type SpeechEngine } from './voicing/speech-engine';
import { NotWavError, parseWav } from './voicing/wav';
import { MP3_DELAY_SAMPLES } from './voicing/lesson-mp3';
import type { TranscriptionServiceConfig } from '../../../config/transcription-config';
import { TRANSCRIPTION_ENGINE, transcribeJob } from './transcribing/transcription-job';
import { TranscriptionError } from './transcribing/transcription-service';

export interface RunnerOptions {
  db: Db;
  store: FileStore;
  /** The voices by the name a job keeps (`embedded`, `service`); a job whose voice is gone fails. */
  engines: Record<string, () => SpeechEngine>;
  /** The speech-to-text service of lessons from audio alone (docs/decisions/051-transcribing-own-lessons.md), if any. */
  transcription: TranscriptionServiceConfig | null;
  log: FastifyBaseLogger;
  /** How long a claimed job is this process's without word from it (a stopped process's job is taken after). */
  leaseMs: number;
  /** How often an idle runner looks for work another process queued. */
  pollMs: number;
}

export interface JobRunner {
  /** Look for work now (a job was just queued here). */
  kick(): void;
  stop(): Promise<void>;
}

/** The job was cancelled or taken over: this process lets it go. */
class LostJob extends Error {}

/**
 * The background worker of one server process (docs/decisions/049-voicing-own-lessons.md): it claims one job at a time,
 * voices its sentences from the first not yet voiced, keeps each sentence's samples in the file store, and makes the
 * lesson when all are said. Started at the server's start, it also picks up what a stopped process left.
 */
export function startJobRunner(options: RunnerOptions): JobRunner {
  const owner = `runner-${randomUUID()}`;
  let stopped = false;
  let wake: (() => void) | null = null;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
    });
  const loop = (async () => {
    while (!stopped) {
      let job: OwnLessonJobRow | null = null;
      try {
        job = await claimJob(options.db, { owner, storeId: options.store.id }, Date.now(), options.leaseMs);
      } catch (error) {
        if (!stopped) options.log.error({ err: error }, 'could not claim a lesson job');
      }
      if (!job) {
        if (!stopped) await sleep(options.pollMs);
        continue;
      }
      await runJob(options, owner, job, () => stopped);
    }
  })();
  return {
    kick: () => wake?.(),
    stop: async () => {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}

/** A lesson from audio alone (docs/decisions/051-transcribing-own-lessons.md), with the same lease and failures. */
async function runTranscription(options: RunnerOptions, owner: string, job: OwnLessonJobRow, stopping: () => boolean) {
  const { db, store, leaseMs, transcription } = options;
  if (!transcription) {
    await failJob(options, job, owner, 'The speech-to-text service this lesson was sent to is no longer set up.');
    return;
  }
  const heartbeat = setInterval(
    () => void renewLease(db, job.id, owner, Date.now(), leaseMs).catch(() => {}),
    leaseMs / 3,
  );
  try {
    await transcribeJob({ db, store, leaseMs, service: transcription }, owner, job, stopping);
  } catch (error) {
    if (stopping()) return;
    if (!(error instanceof TranscriptionError)) options.log.error({ err: error, job: job.id }, 'a lesson job failed');
    const message =
      error instanceof TranscriptionError
        ? error.message
        : 'Something went wrong while transcribing this audio. Try again.';
    await failJob(options, job, owner, message);
  } finally {
    clearInterval(heartbeat);
  }
}

async function runJob(options: RunnerOptions, owner: string, job: OwnLessonJobRow, stopping: () => boolean) {
  if (job.engine === TRANSCRIPTION_ENGINE) return runTranscription(options, owner, job, stopping);
  const { db, store, leaseMs } = options;
  const makeEngine = options.engines[job.engine];
  if (!makeEngine) {
    await failJob(options, job, owner, 'The speech service this lesson was voiced with is no longer set up.');
    return;
  }
  const engine = makeEngine();
  // A sentence may take a while on a slow service: the lease is renewed meanwhile, so no other process takes it.
  const heartbeat = setInterval(
    () => void renewLease(db, job.id, owner, Date.now(), leaseMs).catch(() => {}),
    leaseMs / 3,
  );
  let sampleRate = job.sampleRate;
  try {
    for (let index = job.pieces.length; index < job.sentences.length; index += 1) {
      if (stopping()) return;
      const pcm = parseWav(await engine.voice(job.sentences[index]!.sentence));
      if (sampleRate !== null && pcm.sampleRate !== sampleRate) {
        throw new SpeechError('The speech service changed its sample rate in the middle of the text.');
      }
      sampleRate = pcm.sampleRate;
      const key = pieceKey(job.userId, job.id, index);
      const scratch = await store.scratchPath();
      await writeFile(scratch, new Uint8Array(pcm.samples.buffer, pcm.samples.byteOffset, pcm.samples.byteLength));
      await store.keep(key, scratch).catch(async (error: unknown) => {
        await rm(scratch, { force: true });
        throw error;
      });
      const held = await recordPiece(
        db,
        { id: job.id, owner, index, samples: pcm.samples.length, sampleRate },
        Date.now(),
        leaseMs,
      );
      if (!held) {
        await store.remove(key);
        throw new LostJob();
      }
      job.pieces.push(pcm.samples.length);
    }
    // All said: the voice (the embedded one's child, about 120 MB) is let go before the MP3 is encoded, not after.
    engine.close();
    const transcript = timedTranscript(job, sampleRate!);
    await finishVoicedLesson(options, owner, job, sampleRate!, transcript);
  } catch (error) {
    if (error instanceof LostJob) return;
    // Stopping: the job stays running, and is taken up again once its lease runs out.
    if (stopping()) return;
    const message =
      error instanceof SpeechError
        ? error.message
        : error instanceof NotWavError
          ? 'The speech service did not answer with WAV audio.'
          : 'Something went wrong while voicing this text. Try again.';
    if (!(error instanceof SpeechError || error instanceof NotWavError)) {
      options.log.error({ err: error, job: job.id }, 'a lesson job failed');
    }
    await failJob(options, job, owner, message);
  } finally {
    clearInterval(heartbeat);
    engine.close();
  }
}

/**
 * Each sentence starts where the ones before it end: the sum of their samples (exact, not guessed), heard later by the
 * MP3's delay; the first starts at the beginning.
 */
export function timedTranscript(
  job: Pick<OwnLessonJobRow, 'sentences' | 'pieces'>,
  sampleRate: number,
): TranscriptEntry[] {
  let at = 0;
  return job.sentences.map((entry, index) => {
    const startMs = index === 0 ? 0 : Math.round(((at + MP3_DELAY_SAMPLES) / sampleRate) * 1000);
    at += job.pieces[index] ?? 0;
    return { sentence: entry.sentence, startMs, isParagraphEnd: entry.isParagraphEnd };
  });
}

/**
 * A failed job keeps nothing: its message for the card, its sentences' audio removed, nothing charged. The audio sent
 * alone (decision 051) is removed only when this process failed the job: one taken over is another's to finish.
 */
export async function failJob(
  options: Pick<RunnerOptions, 'db' | 'store'>,
  job: OwnLessonJobRow,
  owner: string,
  message: string,
) {
  const failed = await finishJob(options.db, job.id, 'failed', message, Date.now(), owner).catch(() => false);
  await removePieces(options.store, job.userId, job.id, job.sentences.length);
  if (failed && job.audio) await options.store.remove(job.audio.key);
}

export async function removePieces(store: FileStore, userId: string, jobId: string, total: number) {
  for (let index = 0; index < total; index += 1) await store.remove(pieceKey(userId, jobId, index));
}
