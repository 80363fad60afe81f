import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database';
import { loginTickets, users } from './identity.tables';
import type { UserRow } from './users.repository';

/**
 * Work another feature must do outside our database before an account goes (cancel a Stripe subscription). A step
 * that throws stops the deletion, so nothing is deleted while the person would still be billed.
 */
export type AccountDeletionStep = (user: UserRow, log: FastifyBaseLogger) => Promise<void>;

const stepsByApp = new WeakMap<FastifyInstance, AccountDeletionStep[]>();

/** Features register their steps here, so this feature needs to know none of them. */
export function registerAccountDeletionStep(app: FastifyInstance, step: AccountDeletionStep): void {
  const steps = stepsByApp.get(app) ?? [];
  steps.push(step);
  stepsByApp.set(app, steps);
}

/**
 * Deletes the account and everything it owns, in one transaction: every table that holds a person's rows references
 * `users` with `ON DELETE CASCADE` (notes, conversations and their messages, decks, cards, reviews, drafts, sessions,
 * identities, billing, usage, idempotency keys, known devices), and the sign-in tickets waiting for its email, which
 * name no user, go with it.
 */
export async function deleteAccount(
  app: FastifyInstance,
  db: Db,
  user: UserRow,
  log: FastifyBaseLogger,
  /** More work in the deletion's transaction (an administrator's audit entry). */
  alsoInTransaction?: (tx: DbOrTx) => Promise<void>,
) {
  for (const step of stepsByApp.get(app) ?? []) await step(user, log);
  await db.transaction(async (tx) => {
    await tx.delete(loginTickets).where(eq(loginTickets.email, user.email));
    await tx.delete(users).where(eq(users.id, user.id));
    await alsoInTransaction?.(tx);
  });
}
