import { z } from './zod';

/**
 * PostgreSQL cannot store U+0000 in text: a NUL that reached a query was a 500 (issue 17, item 8). Every string a
 * request carries into the database is refused with this message instead.
 */
export const NUL_MESSAGE = 'Text cannot contain the NUL character (U+0000).';

export function containsNul(value: string): boolean {
  return value.includes('\u0000');
}

/** `z.string(params)` that refuses NUL with a 400, before any other rule. */
export function safeText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !containsNul(value), NUL_MESSAGE);
}
