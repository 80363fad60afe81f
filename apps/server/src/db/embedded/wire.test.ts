import { DatabaseError, parse } from 'pg-protocol';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { errorCode, isDiskFull } from '../../lib/error-code';
import { carryError, closingReady, errorResponse, restoreError, SYNC } from './wire';

/** The messages node-postgres would read from these bytes. */
async function read(bytes: Uint8Array): Promise<{ name: string; error?: DatabaseError; status?: string }[]> {
  const stream = new PassThrough();
  const messages: { name: string; error?: DatabaseError; status?: string }[] = [];
  const done = parse(stream, (message) => {
    const status = (message as { status?: string }).status;
    messages.push({ name: message.name, error: message instanceof DatabaseError ? message : undefined, status });
  });
  stream.end(bytes);
  await done;
  return messages;
}

// docs/decisions/035-embedded-database-thread.md: PGlite's own throws reach node-postgres as errors it reads.
describe('the embedded database thread’s error messages', () => {
  it('turns a full disk in PGlite’s file system into an error that still reads as a full disk (the 507)', async () => {
    const errno = { name: 'ErrnoError', errno: 51 };
    const messages = await read(Buffer.concat([errorResponse(errno), closingReady(undefined)]));
    expect(messages.map((message) => message.name)).toEqual(['error', 'readyForQuery']);
    expect(messages[0]!.error!.code).toBe('ENOSPC');
    expect(isDiskFull(messages[0]!.error)).toBe(true);
    expect(messages[1]!.status).toBe('I');
  });

  it('keeps a WebAssembly abort’s message, which also reads as a full disk', async () => {
    const [message] = await read(errorResponse(new Error('Aborted(). Build with -sASSERTIONS for more info.')));
    expect(message!.error!.message).toMatch(/^Aborted\(/);
    expect(isDiskFull(message!.error)).toBe(true);
  });

  it('ends with the backend’s own ReadyForQuery after a Sync, not a second one', async () => {
    const fromBackend = Uint8Array.of(0x5a, 0, 0, 0, 5, 0x45);
    expect(closingReady(fromBackend)).toBe(fromBackend);
    expect(SYNC).toEqual(Uint8Array.of(0x53, 0, 0, 0, 4));
  });

  it('carries an error across the thread with its name, code and cause', () => {
    const original = Object.assign(new Error('no room', { cause: { name: 'ErrnoError', errno: 69 } }), {
      code: 'XX001',
    });
    const restored = restoreError(structuredClone(carryError(original)));
    expect(restored).toBeInstanceOf(Error);
    expect(restored.message).toBe('no room');
    expect(errorCode(restored)).toBe('XX001');
    expect(errorCode(restored.cause)).toBe('EROFS');
  });
});
