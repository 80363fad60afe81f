/** Where a signed-in person's work is: sign-in lands here without a `next` (decision 019). */
export const SIGNED_IN_HOME = '/';

/**
 * Where to go after signing in: the `next` query parameter when it is a path on this site, else `fallback` ("/").
 * Anything that could leave the site is refused: absolute URLs, protocol-relative `//host`, `/\host` (browsers
 * read the backslash as a slash) and schemes such as `javascript:`.
 */
export function safeNextPath(next: string | null | undefined, fallback = '/'): string {
  if (!next || !next.startsWith('/')) return fallback;
  if (next.startsWith('//') || next.startsWith('/\\')) return fallback;
  // Tabs and newlines are dropped by URL parsers, so "/\t/evil.test" would become "//evil.test".
  if ([...next].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return fallback;
  return next;
}

/** The login (or signup) address that returns to `next` afterwards. */
export function signInPath(base: '/login' | '/signup', next: string | null | undefined): string {
  return next ? `${base}?${new URLSearchParams({ next })}` : base;
}
