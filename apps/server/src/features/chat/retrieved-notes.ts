import type { MessageSource } from '@turtle/shared/conversation';
import type { SemanticUse } from '@turtle/shared/search';
import type { Db } from '../../db/database';
import { retrieveWithSemantic } from '../../core/knowledge/passages.repository';
import { lessonsOpenTo } from '../../core/lessons/lesson-passages';
import type { ReadFilter } from '../../core/knowledge/source-groups';
import { citePassages, type CitedPassage } from '../../core/knowledge/cited-passages';

export { citePassages, sourceOf, type CitedPassage } from '../../core/knowledge/cited-passages';

/** How many passages a reply is given, and from one note (or one past chat) at most (docs/decisions/036-one-index.md). */
export const RETRIEVED_PASSAGES_MAX = 5;
export const RETRIEVED_PER_NOTE_MAX = 2;

/**
 * With no note mentioned, the passages of the person's material that best match the question, each numbered by its
 * source, and the sources in that order. The conversation being answered is left out: it is already the history.
 * `filter` is the chat's scope (decision 044): only notes, lessons, cards or one deck's cards. `semantic` says whether
 * the passages' vectors were read (docs/decisions/048-semantic-search.md).
 */
export async function retrieveForQuestion(
  db: Db,
  userId: string,
  question: string,
  exceptConversation?: string,
  filter: ReadFilter = {},
): Promise<{ passages: CitedPassage[]; sources: MessageSource[]; semantic: SemanticUse }> {
  const { passages, semantic } = await retrieveWithSemantic(db, userId, question, {
    limit: RETRIEVED_PASSAGES_MAX,
    perSource: RETRIEVED_PER_NOTE_MAX,
    exceptParent: exceptConversation,
    lessons: lessonsOpenTo(),
    ...filter,
  });
  return { ...citePassages(passages), semantic };
}
