import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` is a `const enum` in the library's types, with no runtime object behind it: its value is 2. */
const ARGON2ID_ALGORITHM = 2;
/** OWASP ASVS's argon2id setting (rules.md "Security controls"): 19 MiB, 2 iterations, 1 lane. */
const ARGON2ID = { algorithm: ARGON2ID_ALGORITHM, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes off the event loop (the library runs on libuv's thread pool). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash never signs anyone in.
    return false;
  }
}
