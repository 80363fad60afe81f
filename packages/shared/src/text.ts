import { z } from './zod';

/**
 * PostgreSQL cannot store U+0000 in text: a NUL that reached a query was a 500 (security.md 7c.4). Every string a
 * request carries into the database is refused with this message instead.
 */
export const NUL_MESSAGE = 'Text cannot contain the NUL character (U+0000).';

export function containsNul(value: string): boolean {
  return value.includes('\u0000');
}

const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * `text` with each half of a surrogate pair that lacks its other half replaced by U+FFFD, as the database stores it
 * in a text column (jsonb refuses it). JSON can carry one ("\udfff"); UTF-8 cannot.
 */
export function wellFormedText(text: string): string {
  return text.replace(LONE_SURROGATES, '\ufffd');
}

/** `z.string(params)` that refuses NUL with a 400, before any other rule. */
export function safeText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !containsNul(value), NUL_MESSAGE);
}
