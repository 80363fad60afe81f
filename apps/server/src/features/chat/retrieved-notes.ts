import type { MessageSource } from '@turtle/shared/conversation';
import type { Db } from '../../db/database';
import { retrievePassages, type RetrievedPassage } from '../../core/knowledge/passages.repository';

/** How many passages a reply is given, and from one note at most (docs/decisions/036-one-index.md). */
export const RETRIEVED_PASSAGES_MAX = 5;
export const RETRIEVED_PER_NOTE_MAX = 2;

export interface CitedPassage extends RetrievedPassage {
  /** The note's number in the reply ([1], [2]): passages of one note share it. */
  citation: number;
}

/**
 * With no note mentioned, the passages of the person's notes that best match the question, each numbered by its
 * note, and the notes as the reply's sources in that order.
 */
export async function retrieveForQuestion(
  db: Db,
  userId: string,
  question: string,
): Promise<{ passages: CitedPassage[]; sources: MessageSource[] }> {
  const found = await retrievePassages(db, userId, question, {
    limit: RETRIEVED_PASSAGES_MAX,
    perSource: RETRIEVED_PER_NOTE_MAX,
  });
  const sources: MessageSource[] = [];
  const numbers = new Map<string, number>();
  const passages = found.map((passage) => {
    let citation = numbers.get(passage.sourceId);
    if (citation === undefined) {
      citation = numbers.size + 1;
      numbers.set(passage.sourceId, citation);
      sources.push({ id: passage.sourceId, name: passage.title, citation });
    }
    return { ...passage, citation };
  });
  return { passages, sources };
}
