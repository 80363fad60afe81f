import type { FastifyInstance } from 'fastify';

/**
 * A feature's pass over its material written before the index held it (decision 044): the cards feature registers
 * one, so the search feature runs it with the notes' and the chats' once the server is ready, knowing no feature.
 * `run` answers how many sources it indexed and stops early when `shouldStop` says the server is closing.
 */
export interface IndexBackfill {
  /** The material, for the start-up line ("search: indexed the cards written before the index"). */
  name: string;
  run(shouldStop: () => boolean): Promise<number>;
}

const backfillsByApp = new WeakMap<FastifyInstance, IndexBackfill[]>();

export function registerIndexBackfill(app: FastifyInstance, backfill: IndexBackfill): void {
  backfillsByApp.set(app, [...(backfillsByApp.get(app) ?? []), backfill]);
}

/** The passes registered so far, in the order they were. */
export function indexBackfills(app: FastifyInstance): readonly IndexBackfill[] {
  return backfillsByApp.get(app) ?? [];
}
