import { eq } from 'drizzle-orm';
import { COMPLIMENTARY_MAX_MS } from '@turtle/shared/admin';
import { effectivePlan } from '@turtle/shared/entitlements';
import { Plan, Subscription } from '@turtle/shared/plans';
import type { DbOrTx } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import { recordAudit } from '../../core/audit/audit.repository';
import { users } from '../../core/identity/identity.tables';
import { lockUser } from '../../core/identity/users.repository';

const membershipOf = (row: typeof users.$inferSelect) => ({
  plan: row.plan,
  subscription: row.subscription,
  expireAt: row.expireAt,
  complimentary: row.complimentary,
});

/**
 * Gives a person Pro until `until`, not paid for (decision 037), with its audit entry, in one transaction. Someone
 * who pays for Pro now is left alone (their subscription is the provider's); a grant can be moved while it runs.
 * Undefined when nobody has the id.
 */
export function grantComplimentary(
  db: DbOrTx,
  actorId: string,
  personId: string,
  until: number,
  now = Date.now(),
): Promise<true | undefined> {
  return db.transaction(async (tx) => {
    const person = await lockUser(tx, personId);
    if (!person) return undefined;
    if (until <= now) throw new HttpError(400, 'validation', 'Choose a day after today.', 'until');
    if (until > now + COMPLIMENTARY_MAX_MS) {
      throw new HttpError(400, 'validation', 'A complimentary Pro lasts at most five years.', 'until');
    }
    if (effectivePlan(person, now) === Plan.PRO && !person.complimentary) {
      throw new HttpError(400, 'validation', `${person.name} pays for Pro now; their subscription is left as it is.`);
    }
    const after = { plan: Plan.PRO, subscription: Subscription.LIFETIME, expireAt: until, complimentary: true };
    await tx.update(users).set(after).where(eq(users.id, personId));
    await recordAudit(tx, {
      actorId,
      via: 'console',
      action: 'grant complimentary pro',
      targetId: person.id,
      targetEmail: person.email,
      before: membershipOf(person),
      after,
    });
    return true;
  });
}

/** Ends a complimentary grant now: the person is on Free. Undefined when nobody has the id. */
export function endComplimentary(
  db: DbOrTx,
  actorId: string,
  personId: string,
  now = Date.now(),
): Promise<true | undefined> {
  return db.transaction(async (tx) => {
    const person = await lockUser(tx, personId);
    if (!person) return undefined;
    if (!person.complimentary || effectivePlan(person, now) !== Plan.PRO) {
      throw new HttpError(400, 'validation', `${person.name} has no complimentary Pro to end.`);
    }
    const after = { plan: Plan.FREE, subscription: Subscription.LIFETIME, expireAt: -1, complimentary: false };
    await tx.update(users).set(after).where(eq(users.id, personId));
    await recordAudit(tx, {
      actorId,
      via: 'console',
      action: 'end complimentary pro',
      targetId: person.id,
      targetEmail: person.email,
      before: membershipOf(person),
      after,
    });
    return true;
  });
}
