import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('stores argon2id with 19 MiB, 2 iterations and 1 lane', async () => {
    expect(await hashPassword('correct horse')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('verifies the right password and refuses a wrong one, without trimming or case folding', async () => {
    const stored = await hashPassword('Pass ');
    expect(await verifyPassword(stored, 'Pass ')).toBe(true);
    expect(await verifyPassword(stored, 'pass')).toBe(false);
    expect(await verifyPassword(stored, 'Pass')).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('handles long Unicode passwords', async () => {
    const password = '🐢'.repeat(32);
    expect(await verifyPassword(await hashPassword(password), password)).toBe(true);
  });

  it('treats a malformed stored hash as a mismatch', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });
});
