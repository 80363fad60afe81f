import { describe, it, expect } from 'vitest';
import { hashSessionToken, newSessionToken } from './session-token';

describe('newSessionToken', () => {
  it('is base64url text that decodes to 32 random bytes', () => {
    const token = newSessionToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(Buffer.from(token, 'base64url').toString('base64url')).toBe(token);
  });

  it('gives a different token each time', () => {
    const tokens = new Set(Array.from({ length: 50 }, () => newSessionToken()));
    expect(tokens.size).toBe(50);
  });
});

describe('hashSessionToken', () => {
  it('is 64 lowercase hex characters and differs from the token', () => {
    const token = newSessionToken();
    const hash = hashSessionToken(token);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toBe(token);
  });

  it('gives the same hash for the same token', () => {
    const token = newSessionToken();
    expect(hashSessionToken(token)).toBe(hashSessionToken(token));
  });

  it('is the SHA-256 of the token', () => {
    expect(hashSessionToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('gives different hashes for different tokens', () => {
    expect(hashSessionToken(newSessionToken())).not.toBe(hashSessionToken(newSessionToken()));
  });
});
