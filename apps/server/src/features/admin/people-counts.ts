import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AdminPeopleQuery } from '@turtle/shared/admin';
import { users } from '../../core/identity/identity.tables';
import { personFigures } from '../../core/identity/person-figures.tables';

/** The first day of this month, UTC (`YYYY-MM-DD`): replies this month are those of a person's kept month if it is this one. */
export function monthStart(now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString().slice(0, 10);
}

/**
 * How the people list orders each sort, ties broken by the id in the same direction, so that each reads one index
 * forwards or backwards (decision 037 "The people list at scale"): the account's columns from `users`, the counts,
 * the sign-in method and the last sign-in from the figures kept for each person (`person_figures`, migration 0034).
 * Replies this month order by the kept month, then its replies: a month before this one counts none, and is earlier.
 */
export function sortKeys(
  sort: AdminPeopleQuery['sort'],
  order: AdminPeopleQuery['order'],
  /** The other way round, exactly (the far end of the list read first). */
  reverse = false,
): { table: 'users' | 'figures'; keys: SQL[] } {
  const ascending = (order === 'asc') !== reverse;
  const direction = ascending ? asc : desc;
  const by = (table: 'users' | 'figures', columns: AnyColumn[]) => ({
    table,
    keys: [...columns, table === 'users' ? users.id : personFigures.userId].map((column) => direction(column)),
  });
  switch (sort) {
    case 'signedUp':
      return by('users', [users.createdAt]);
    case 'name':
      return by('users', [users.name]);
    case 'email':
      return by('users', [users.email]);
    case 'plan':
      return by('users', [users.plan, users.expireAt]);
    case 'signInMethod':
      return by('figures', [personFigures.signIn]);
    case 'repliesThisMonth':
      return by('figures', [personFigures.repliesMonth, personFigures.replies]);
    case 'cards':
      return by('figures', [personFigures.cards]);
    case 'lessons':
      return by('figures', [personFigures.lessons]);
    case 'lastSignIn':
      // Never signed in comes last either way (an index for each direction), so first when turned round.
      return {
        table: 'figures',
        keys: [
          sql`${personFigures.lastSignIn} ${sql.raw(ascending ? 'asc' : 'desc')} nulls ${sql.raw(reverse ? 'first' : 'last')}`,
          direction(personFigures.userId),
        ],
      };
  }
}
