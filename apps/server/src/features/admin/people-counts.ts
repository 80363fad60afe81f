import type { FastifyInstance } from 'fastify';
import { and, gte, inArray, sql } from 'drizzle-orm';
import type { AdminPerson } from '@turtle/shared/admin';
import type { DbOrTx } from '../../db/database';
import { replyUsage } from '../../core/assistant/assistant.tables';
import { countForPeople } from '../../core/identity/person-counts';

/** The first moment of this month, UTC. */
function monthStart(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * A page of people with their counts (decision 037): assistant replies this month (UTC), cards and lessons started,
 * each counted by the feature that owns the rows (registered through core, never read from here).
 */
export async function withCounts(
  app: FastifyInstance,
  db: DbOrTx,
  people: Omit<AdminPerson, 'counts'>[],
): Promise<AdminPerson[]> {
  const ids = people.map((person) => person.id);
  if (ids.length === 0) return [];
  const [replies, counted] = await Promise.all([
    db
      .select({ userId: replyUsage.userId, count: sql<number>`count(*)::int` })
      .from(replyUsage)
      .where(and(inArray(replyUsage.userId, ids), gte(replyUsage.createdAt, monthStart())))
      .groupBy(replyUsage.userId),
    countForPeople(app, ids),
  ]);
  const repliesOf = new Map(replies.map((row) => [row.userId, Number(row.count)]));
  return people.map((person) => ({
    ...person,
    counts: {
      repliesThisMonth: repliesOf.get(person.id) ?? 0,
      cards: counted.get('cards')?.get(person.id) ?? 0,
      lessons: counted.get('lessons')?.get(person.id) ?? 0,
    },
  }));
}
