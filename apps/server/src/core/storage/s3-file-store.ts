import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { checkKey, type FileStore } from './file-store';
import { clearOldScratch, SCRATCH_KEPT_MS } from './local-file-store';

export interface S3Config {
  /** Unset means AWS itself; MinIO, R2, Backblaze and the test server give theirs. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Unset means the SDK's own chain (an instance role, the environment). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * Files in an S3-compatible bucket (docs/decisions/046-own-lessons.md), so every server process reads what any of them
 * kept. A file is written to this machine's scratch first (the upload is probed there), then put whole: an object
 * appears only complete. Checksums are sent only where an operation requires them, which every S3-compatible store
 * understands (the SDK's default trailing checksums are AWS's own).
 */
export async function openS3FileStore(config: S3Config): Promise<FileStore> {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.endpoint !== undefined,
    credentials: config.credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const scratch = path.join(tmpdir(), 'turtle-scratch');
  await mkdir(scratch, { recursive: true });
  await clearOldScratch(scratch, Date.now() - SCRATCH_KEPT_MS);
  const Bucket = config.bucket;
  return {
    id: `s3:${config.endpoint ?? 'aws'}/${Bucket}`,
    scratchPath: async () => path.join(scratch, randomUUID()),
    keep: async (key, scratchPath) => {
      const { size } = await stat(scratchPath);
      await client.send(
        new PutObjectCommand({ Bucket, Key: checkKey(key), Body: createReadStream(scratchPath), ContentLength: size }),
      );
      await rm(scratchPath, { force: true });
    },
    read: async (key, range) => {
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: checkKey(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        return answer.Body as Readable;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    size: async (key) => {
      try {
        return (await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }))).ContentLength ?? null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    remove: async (key) => {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
  };
}
