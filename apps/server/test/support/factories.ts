import { randomUUID } from 'node:crypto';
import { SESSION_TTL_MS } from '@turtle/shared/constants';
import type { Db } from '../../src/db/database';
import { users } from '../../src/db/schema';
import { hashSessionToken, newSessionToken } from '../../src/core/identity/session-token';
import { insertSession } from '../../src/core/identity/sessions.repository';

export interface TestUser {
  id: string;
  name: string;
  email: string;
}

/** A user with a unique email, so tests never collide on a shared PostgreSQL database. */
export async function createUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}): Promise<TestUser> {
  const id = randomUUID();
  const values = { id, name: 'Test User', email: `user-${id}@example.test`, ...overrides };
  await db.insert(users).values(values);
  return { id: values.id, name: values.name, email: values.email };
}

/** A signed-in session for `userId`; returns the cookie token (what the browser would hold). */
export async function createSessionToken(
  db: Db,
  userId: string,
  expiresAt = new Date(Date.now() + SESSION_TTL_MS),
  /** When its login happened; now by default. */
  createdAt?: Date,
) {
  const token = newSessionToken();
  await insertSession(db, { id: hashSessionToken(token), userId, expiresAt, createdAt });
  return token;
}
