import type { StorageConfig } from '../../config/storage-config';
import type { FileStore } from './file-store';
import { openLocalFileStore } from './local-file-store';

/** The configured store (docs/decisions/046-own-lessons.md); the S3 client loads only when a bucket is named. */
export async function openFileStore(config: StorageConfig): Promise<FileStore> {
  if (config.kind === 'local') return openLocalFileStore(config.dir);
  const { openS3FileStore } = await import('./s3-file-store');
  return openS3FileStore(config);
}
