/**
 * PGlite's file system throws Emscripten's `{ name: 'ErrnoError', errno }`, not an Error, with Emscripten's own
 * numbers (not the OS's): the ones the start-up messages and the 507 act on.
 */
const EMSCRIPTEN_ERRNOS: Record<number, string> = {
  2: 'EACCES',
  20: 'EEXIST',
  51: 'ENOSPC',
  54: 'ENOTDIR',
  63: 'EPERM',
  69: 'EROFS',
};

/** The code of an error (`ENOSPC`, PostgreSQL's `53100`), looking through wrappers: AggregateError, `cause`. */
export function errorCode(error: unknown): string | undefined {
  let current = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    if (current instanceof AggregateError && current.errors.length) {
      current = current.errors[0];
      continue;
    }
    const { code, name, errno } = current as { code?: unknown; name?: unknown; errno?: unknown };
    if (typeof code === 'string') return code;
    if (name === 'ErrnoError' && typeof errno === 'number') return EMSCRIPTEN_ERRNOS[errno];
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function errorMessage(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length) return errorMessage(error.errors[0]);
  if (error instanceof Error) return error.message;
  return error && typeof error === 'object' ? describeObject(error) : String(error);
}

/** A thrown object that is not an Error (PGlite's ErrnoError) in words, never `[object Object]`. */
function describeObject(error: object): string {
  const { message, name } = error as { message?: unknown; name?: unknown };
  if (typeof message === 'string' && message) return message;
  let fields: string | undefined;
  try {
    fields = JSON.stringify(error).slice(0, 200);
  } catch {
    // Circular: the name alone.
  }
  const parts = [typeof name === 'string' ? name : undefined, errorCode(error), fields === '{}' ? undefined : fields];
  return parts.filter(Boolean).join(' ') || 'an object with no message';
}

/**
 * A full disk: the OS's ENOSPC (or Emscripten's, from PGlite's file system), PostgreSQL's `disk_full` (53100), or
 * PGlite's `Aborted()` (a WebAssembly abort; in practice it cannot write).
 */
export function isDiskFull(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'ENOSPC' || code === '53100' || /^Aborted\(/.test(errorMessage(error));
}

/** PostgreSQL cannot store the text: a NUL character (22021) or one its encoding lacks (22P05). */
export function isUnstorableText(error: unknown): boolean {
  const code = errorCode(error);
  return code === '22021' || code === '22P05';
}
