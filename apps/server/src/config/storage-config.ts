import path from 'node:path';
import { z } from 'zod';
import { ConfigError } from './config-error';

const optionalText = z.string().trim().min(1).optional();

/** The variables of the file store (docs/decisions/046-own-lessons.md), part of the server's environment schema. */
export const STORAGE_ENV = {
  /** An S3-compatible endpoint (MinIO, R2, Backblaze B2…); unset with S3_BUCKET set means AWS itself. */
  S3_ENDPOINT: z.url({ error: 'must be a URL' }).optional(),
  S3_BUCKET: optionalText,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
};

type StorageEnv = z.infer<z.ZodObject<typeof STORAGE_ENV>> & { DATA_DIR: string };

/** Where large files are kept: a folder (`DATA_DIR/files`), or a bucket every server process shares. */
export type StorageConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      endpoint: string | undefined;
      bucket: string;
      region: string;
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

/** S3 when S3_BUCKET is set (its keys both or neither), else the data folder; a lone S3 variable is a mistake. */
export function storageConfig(e: StorageEnv): StorageConfig {
  const keys = [e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY];
  if (!e.S3_BUCKET) {
    const stray = e.S3_ENDPOINT
      ? 'S3_ENDPOINT'
      : e.S3_ACCESS_KEY_ID
        ? 'S3_ACCESS_KEY_ID'
        : e.S3_SECRET_ACCESS_KEY
          ? 'S3_SECRET_ACCESS_KEY'
          : null;
    if (stray) throw new ConfigError(`Invalid configuration: S3_BUCKET must be set when ${stray} is`);
    return { kind: 'local', dir: path.resolve(e.DATA_DIR, 'files') };
  }
  if (keys.filter(Boolean).length === 1) {
    throw new ConfigError(
      'Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (set both, or neither for the SDK’s own credentials)',
    );
  }
  return {
    kind: 's3',
    endpoint: e.S3_ENDPOINT,
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}
