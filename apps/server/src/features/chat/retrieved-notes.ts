import type { MessageSource } from '@turtle/shared/conversation';
import { formatClock } from '@turtle/shared/lesson-helpers';
import type { Db } from '../../db/database';
import { retrievePassages, type RetrievedPassage } from '../../core/knowledge/passages.repository';
import { lessonsOpenTo } from '../../core/lessons/lesson-passages';
import type { ReadFilter } from '../../core/knowledge/source-groups';
import type { PromptPassage } from './prompt';

/** How many passages a reply is given, and from one note (or one past chat) at most (docs/decisions/036-one-index.md). */
export const RETRIEVED_PASSAGES_MAX = 5;
export const RETRIEVED_PER_NOTE_MAX = 2;

export interface CitedPassage extends RetrievedPassage, PromptPassage {
  /** The source's number in the reply ([1], [2]): passages of one note share it. */
  citation: number;
}

/**
 * The reply's source a passage names: a note, a past chat's message, a lesson's moment (decision 039), a card named
 * by its front (decision 044).
 */
export function sourceOf(passage: RetrievedPassage, citation: number): MessageSource {
  const source: MessageSource = { id: passage.sourceId, name: passage.title, citation };
  if (passage.kind === 'chat' && passage.parentId !== undefined) {
    source.kind = 'chat';
    source.conversationId = passage.parentId;
  } else if (passage.kind === 'lesson') {
    source.kind = 'lesson';
    source.startMs = passage.startMs ?? 0;
  } else if (passage.kind === 'card') {
    source.kind = 'card';
  } else {
    // The note opens at its best passage.
    source.position = passage.position;
  }
  return source;
}

/** What numbers a source: a note is one source, a past chat's message one, a lesson's moment one. */
function sourceKey(passage: RetrievedPassage): string {
  return passage.kind === 'lesson' ? `lesson:${passage.sourceId}:${passage.startMs}` : passage.sourceId;
}

/** Numbers the passages by source, in order of relevance, and lists the sources in that order. */
export function citePassages(found: RetrievedPassage[]): { passages: CitedPassage[]; sources: MessageSource[] } {
  const sources: MessageSource[] = [];
  const numbers = new Map<string, number>();
  const passages = found.map((passage): CitedPassage => {
    const key = sourceKey(passage);
    let citation = numbers.get(key);
    if (citation === undefined) {
      citation = numbers.size + 1;
      numbers.set(key, citation);
      sources.push(sourceOf(passage, citation));
    }
    const at = passage.kind === 'lesson' ? { at: formatClock(passage.startMs ?? 0) } : {};
    return { ...passage, ...at, citation };
  });
  return { passages, sources };
}

/**
 * With no note mentioned, the passages of the person's material that best match the question, each numbered by its
 * source, and the sources in that order. The conversation being answered is left out: it is already the history.
 * `filter` is the chat's scope (decision 044): only notes, lessons, cards or one deck's cards.
 */
export async function retrieveForQuestion(
  db: Db,
  userId: string,
  question: string,
  exceptConversation?: string,
  filter: ReadFilter = {},
): Promise<{ passages: CitedPassage[]; sources: MessageSource[] }> {
  const found = await retrievePassages(db, userId, question, {
    limit: RETRIEVED_PASSAGES_MAX,
    perSource: RETRIEVED_PER_NOTE_MAX,
    exceptParent: exceptConversation,
    lessons: lessonsOpenTo(),
    ...filter,
  });
  return citePassages(found);
}
