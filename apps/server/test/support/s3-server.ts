import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
// s3rver has no types of its own.
// @ts-expect-error -- an untyped CommonJS module
import S3rver from 's3rver';

export interface TestS3 {
  /** The server environment that points the file store at this bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * An S3-compatible server the suite starts itself (s3rver, from npm), one bucket, on a free loopback port, its files in
 * a folder of its own (docs/decisions/046-own-lessons.md's tests). It checks SigV4 signatures with its own keys.
 */
export async function startTestS3(bucket = 'turtle-test'): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'turtle-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  }) as { run(): Promise<{ port: number }>; close(): Promise<void> };
  const { port } = await server.run();
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
