import type { FastifyInstance } from 'fastify';
import type { PassageKind, RetrievalScope } from '@turtle/shared/search';

/**
 * A group of a feature's sources that a retrieval can be narrowed to (decision 044): the cards feature registers the
 * deck, whose cards' passages hold the deck in `parent_id`. `parents` answers the `parent_id`s of the group (a deck
 * and its subdecks) when `groupId` is the person's own, else none.
 */
export interface SourceGroup {
  name: 'deck';
  kind: PassageKind;
  parents(userId: string, groupId: string): Promise<string[]>;
}

const groupsByApp = new WeakMap<FastifyInstance, SourceGroup[]>();

export function registerSourceGroup(app: FastifyInstance, group: SourceGroup): void {
  groupsByApp.set(app, [...(groupsByApp.get(app) ?? []), group]);
}

/** What a read of the index may return: only these kinds and, when given, only passages under these parents. */
export interface ReadFilter {
  kinds?: readonly PassageKind[];
  parents?: readonly string[];
}

/** The filter a chat scope means: none for everything, a kind, or a group's kind under its parents. */
export async function scopeFilter(app: FastifyInstance, userId: string, scope?: RetrievalScope): Promise<ReadFilter> {
  if (!scope) return {};
  if (scope.kind !== 'deck') return { kinds: [scope.kind] };
  const group = (groupsByApp.get(app) ?? []).find((item) => item.name === 'deck');
  if (!group) return { kinds: ['card'], parents: [] };
  return { kinds: [group.kind], parents: await group.parents(userId, scope.deckId) };
}
