import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, sent to the browser in the `sid` cookie. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of the token: a stolen table cannot be replayed as cookies. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
