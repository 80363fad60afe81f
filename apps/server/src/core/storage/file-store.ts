import type { Readable } from 'node:stream';

/**
 * Where large files live (docs/decisions/046-own-lessons.md): a folder under the data folder by default. Keys are
 * made by the server (`lessons/<user id>/<file id>`), never taken from a request.
 */
export interface FileStore {
  /** Which store this is (a folder's path, or an endpoint's bucket): processes with the same id share their files. */
  readonly id: string;
  /** A path a stream may write to before the file is kept (same filesystem as the store, so keeping is a rename). */
  scratchPath(): Promise<string>;
  /** Keeps the finished scratch file under `key` (replacing nothing: keys are new). */
  keep(key: string, scratchPath: string): Promise<void>;
  /** The file's bytes from `start` to `end` inclusive (all by default), or null when there is no such file. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable | null>;
  size(key: string): Promise<number | null>;
  /** Deleting what is not there is not an error. */
  remove(key: string): Promise<void>;
}

const KEY = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*$/;

/** Keys are ours, but a bug must never reach outside the store's folder. */
export function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Not a file key: ${JSON.stringify(key)}`);
  return key;
}
