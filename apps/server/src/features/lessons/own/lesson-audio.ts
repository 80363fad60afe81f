import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseFile } from 'music-metadata';
import { OWN_LESSON_AUDIO_MAX_BYTES, OWN_LESSON_MESSAGES, type OwnLessonAudioType } from '@turtle/shared/own-lessons';
import { HttpError } from '../../../lib/http-error';
import type { FileStore } from '../../../core/storage/file-store';

export interface ReceivedAudio {
  scratchPath: string;
  bytes: number;
  type: OwnLessonAudioType;
  durationMs: number;
}

/** Counts the bytes going by and stops the upload at the cap, before the disk fills. */
function capped(maxBytes: number, seen: { bytes: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen.bytes += chunk.length;
      if (seen.bytes > maxBytes) callback(new HttpError(413, 'payloadTooLarge', OWN_LESSON_MESSAGES.tooLarge));
      else callback(null, chunk);
    },
  });
}

/** music-metadata's container names, to the type the browser is told; anything else is not a lesson's audio. */
function audioTypeOf(container: string | undefined): OwnLessonAudioType | null {
  const name = (container ?? '').toLowerCase();
  if (name === 'mpeg') return 'audio/mpeg';
  if (name === 'ogg') return 'audio/ogg';
  if (name === 'wave') return 'audio/wav';
  if (name.includes('webm')) return 'audio/webm';
  if (/^(m4a|mp4|isom|mp42|m4b|3gp)/.test(name)) return 'audio/mp4';
  return null;
}

/**
 * The request's body written to the store's scratch (never held whole in memory), then probed by its bytes alone
 * (docs/decisions/046-own-lessons.md): its container must be one a browser plays, with an audio track and a length.
 * Whatever fails removes the scratch file.
 */
export async function receiveAudio(body: Readable, store: FileStore): Promise<ReceivedAudio> {
  const scratchPath = await store.scratchPath();
  const seen = { bytes: 0 };
  try {
    await pipeline(body, capped(OWN_LESSON_AUDIO_MAX_BYTES, seen), createWriteStream(scratchPath));
    if (seen.bytes === 0) throw new HttpError(400, 'validation', 'Choose an audio file: the upload was empty.');
    const probed = await probe(scratchPath);
    return { scratchPath, bytes: seen.bytes, ...probed };
  } catch (error) {
    await rm(scratchPath, { force: true });
    if (body.destroyed && !(error instanceof HttpError)) {
      // The sender went away mid-upload: nothing was kept, and nobody is left to read a 500.
      throw new HttpError(400, 'badRequest', 'The upload stopped before the whole file arrived. Choose it again.');
    }
    throw error;
  }
}

async function probe(file: string): Promise<{ type: OwnLessonAudioType; durationMs: number }> {
  const notAudio = new HttpError(400, 'validation', OWN_LESSON_MESSAGES.notAudio);
  let metadata;
  try {
    metadata = await parseFile(file, { duration: true, skipCovers: true });
  } catch {
    throw notAudio;
  }
  const { format } = metadata;
  const type = audioTypeOf(format.container);
  const hasAudio = format.numberOfChannels !== undefined || format.codec !== undefined;
  const durationMs = Math.round((format.duration ?? 0) * 1000);
  if (!type || !hasAudio || !Number.isFinite(durationMs) || durationMs <= 0) throw notAudio;
  return { type, durationMs };
}
