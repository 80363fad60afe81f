import { describe, expect, it } from 'vitest';
import { errorCode, errorMessage, isDiskFull } from './error-code';

/** What PGlite's Emscripten file system throws: not an Error, just a name and Emscripten's own errno. */
const emscriptenError = (errno: number) => ({ name: 'ErrnoError', errno });

describe('errorCode', () => {
  it('names the Emscripten errnos the start-up messages act on', () => {
    expect(errorCode(emscriptenError(51))).toBe('ENOSPC');
    expect(errorCode(emscriptenError(69))).toBe('EROFS');
    expect(errorCode(emscriptenError(2))).toBe('EACCES');
    expect(errorCode(new Error('Failed query', { cause: emscriptenError(51) }))).toBe('ENOSPC');
  });

  it('leaves the numeric errno of a Node error alone (its code says it)', () => {
    expect(errorCode(Object.assign(new Error('x'), { code: 'ENOENT', errno: -2 }))).toBe('ENOENT');
    expect(errorCode({ errno: 51 })).toBeUndefined();
  });
});

describe('isDiskFull', () => {
  it('recognises Emscripten ENOSPC from PGlite, bare or as a cause', () => {
    expect(isDiskFull(emscriptenError(51))).toBe(true);
    expect(isDiskFull(new Error('Failed query', { cause: emscriptenError(51) }))).toBe(true);
  });

  it('does not take another Emscripten errno for a full disk', () => {
    expect(isDiskFull(emscriptenError(29))).toBe(false);
  });
});

describe('errorMessage', () => {
  it('never answers [object Object] for a thrown object', () => {
    expect(errorMessage(emscriptenError(29))).toBe('ErrnoError {"name":"ErrnoError","errno":29}');
    expect(errorMessage(emscriptenError(51))).toBe('ErrnoError ENOSPC {"name":"ErrnoError","errno":51}');
    expect(errorMessage({ message: 'the reason' })).toBe('the reason');
    expect(errorMessage({})).toBe('an object with no message');
  });

  it('keeps the message of an Error and the text of anything else', () => {
    expect(errorMessage(new Error('the reason'))).toBe('the reason');
    expect(errorMessage('plain')).toBe('plain');
    expect(errorMessage(new AggregateError([new Error('first')]))).toBe('first');
  });

  it('survives an object that cannot be turned into JSON', () => {
    const circular: Record<string, unknown> = { name: 'Loop' };
    circular.self = circular;
    expect(errorMessage(circular)).toBe('Loop');
  });
});
