import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageConfig } from '../src/config/storage-config';
import type { FileStore } from '../src/core/storage/file-store';
import { openFileStore } from '../src/core/storage/open-file-store';
import { startTestS3, type TestS3 } from './support/s3-server';

/** docs/decisions/046-own-lessons.md: the file store, the same behaviour in a folder and in an S3-compatible bucket. */

let s3: TestS3;
let folder: string;
beforeAll(async () => {
  s3 = await startTestS3();
  folder = await mkdtemp(path.join(tmpdir(), 'turtle-store-'));
});
afterAll(async () => {
  await s3.close();
  await rm(folder, { recursive: true, force: true });
});

async function bytesOf(stream: Readable | null): Promise<Buffer | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const stores: [string, () => Promise<FileStore>][] = [
  ['a folder', () => openFileStore(storageConfig({ DATA_DIR: folder, S3_REGION: 'us-east-1' }))],
  [
    'an S3-compatible bucket',
    () => openFileStore(storageConfig({ DATA_DIR: folder, S3_REGION: 'us-east-1', ...s3.env })),
  ],
];

describe.each(stores)('the file store in %s', (_where, open) => {
  it('keeps a scratch file whole under its key, reads it and a range of it, sizes and removes it', async () => {
    const store = await open();
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, index) => index % 251));
    const scratch = await store.scratchPath();
    await writeFile(scratch, bytes);
    await store.keep('lessons/user-1/file-1', scratch);
    expect(await readdir(path.dirname(scratch))).not.toContain(path.basename(scratch));
    expect(await store.size('lessons/user-1/file-1')).toBe(bytes.length);
    expect((await bytesOf(await store.read('lessons/user-1/file-1')))!.equals(bytes)).toBe(true);
    const part = await bytesOf(await store.read('lessons/user-1/file-1', { start: 65_000, end: 65_099 }));
    expect(part!.equals(bytes.subarray(65_000, 65_100))).toBe(true);
    await store.remove('lessons/user-1/file-1');
    expect(await store.size('lessons/user-1/file-1')).toBeNull();
    expect(await store.read('lessons/user-1/file-1')).toBeNull();
    // Removing what is not there is not an error.
    await store.remove('lessons/user-1/file-1');
  });

  it('refuses a key that could reach outside the store', async () => {
    const store = await open();
    for (const key of ['../etc/passwd', 'lessons//x', '/abs', 'a/./b', 'a b']) {
      await expect(store.size(key)).rejects.toThrow('Not a file key');
    }
  });
});

describe('scratch left by a crash', () => {
  it('is cleared at start when older than an hour; newer scratch (another process writing) stays', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'turtle-scratch-'));
    await mkdir(path.join(root, '.scratch'));
    const old = path.join(root, '.scratch', 'old');
    const fresh = path.join(root, '.scratch', 'fresh');
    await writeFile(old, 'half an upload');
    await writeFile(fresh, 'an upload under way');
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await utimes(old, twoHoursAgo, twoHoursAgo);
    await openFileStore({ kind: 'local', dir: root });
    expect(await readdir(path.join(root, '.scratch'))).toEqual(['fresh']);
    await rm(root, { recursive: true, force: true });
  });
});

describe('storage configuration', () => {
  const base = { DATA_DIR: '/srv/turtle', S3_REGION: 'us-east-1' };
  it('is the data folder by default, a bucket with S3_BUCKET, and refuses half a configuration', () => {
    expect(storageConfig(base)).toEqual({ kind: 'local', dir: '/srv/turtle/files' });
    expect(storageConfig({ ...base, S3_BUCKET: 'b' })).toMatchObject({
      kind: 's3',
      bucket: 'b',
      credentials: undefined,
    });
    expect(() => storageConfig({ ...base, S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      'S3_BUCKET must be set when S3_ENDPOINT is',
    );
    expect(() => storageConfig({ ...base, S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow('go together');
  });
});
