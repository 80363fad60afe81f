/** The code of an error (`ENOSPC`, PostgreSQL's `53100`), looking through wrappers: AggregateError, `cause`. */
export function errorCode(error: unknown): string | undefined {
  let current = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    if (current instanceof AggregateError && current.errors.length) {
      current = current.errors[0];
      continue;
    }
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function errorMessage(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length) return errorMessage(error.errors[0]);
  return error instanceof Error ? error.message : String(error);
}

/**
 * A full disk: the OS's ENOSPC, PostgreSQL's `disk_full` (53100), or PGlite's `Aborted()` (a WebAssembly abort; in
 * practice it cannot write).
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
