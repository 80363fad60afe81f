import fc from 'fast-check';
import { wellFormedText } from '@turtle/shared/text';

// Text that breaks naive code, for the endpoint fuzz test (fuzz-endpoints.test.ts).

/** Text that passes the NUL refusal and still holds control characters, lone surrogates and invisible characters. */
const controls = fc.string({
  unit: fc.constantFrom(
    ...['\u0001', '\u0007', '\b', '\u000b', '\u001b', '\u001f', '\u007f', '\u0085', '\ud800', '\udfff', '\u200b'],
    ...['\u202e', '\ufeff', 'x', 'é', ' ', '\t', '\n', '\r', '%', '"', '<', '\\'],
  ),
  minLength: 1,
  maxLength: 24,
});

/** Text with what breaks naive code: NUL, other control characters, lone surrogates, long runs. */
export const nasty = fc.oneof(
  controls,
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('\u0000', 'a\u0000b', '\u0001\u0002\u001f\u007f', '\t\r\n', '\ud800', '\u202e', '', ' ', '__proto__'),
  fc.string({ unit: fc.constantFrom('\u0000', '\u0007', '\u001b', 'x', '%', '&', '=', '"'), maxLength: 20 }),
);

/** Nasty text with a letter at each end: not blank, so it passes "must not be empty" rules. */
export const filled = fc.oneof(
  nasty,
  nasty.map((text) => `a${text}b`),
);

/** `encodeURIComponent`, which throws on a lone surrogate: that one becomes U+FFFD, as a browser would send it. */
export function encodeLoosely(value: string): string {
  return encodeURIComponent(wellFormedText(value));
}

export const query = (values: Record<string, string | undefined>) =>
  Object.entries(values)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${key}=${encodeLoosely(value)}`)
    .join('&');
