import type { FastifyInstance } from 'fastify';

/**
 * How much of one kind of material each of some people has (cards, lessons), counted by the feature that owns it,
 * for the operator console's people list (decision 037). Counts only, never content.
 */
export interface PersonCounter {
  name: 'cards' | 'lessons';
  count(userIds: string[]): Promise<Map<string, number>>;
}

const countersByApp = new WeakMap<FastifyInstance, PersonCounter[]>();

/** Features register their counters here, so the console needs to know none of them. */
export function registerPersonCounter(app: FastifyInstance, counter: PersonCounter): void {
  countersByApp.set(app, [...(countersByApp.get(app) ?? []), counter]);
}

/** Each registered counter's figures for `userIds` (0 for a person a counter did not name). */
export async function countForPeople(
  app: FastifyInstance,
  userIds: string[],
): Promise<Map<PersonCounter['name'], Map<string, number>>> {
  const counters = countersByApp.get(app) ?? [];
  const counted = await Promise.all(
    counters.map(async (counter) => [counter.name, await counter.count(userIds)] as const),
  );
  return new Map(counted);
}
