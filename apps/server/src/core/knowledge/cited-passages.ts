import type { MessageSource } from '@turtle/shared/conversation';
import { formatClock } from '@turtle/shared/lesson-helpers';
import type { RetrievedPassage } from './passages.repository';
import type { MentionedNote } from '../../providers/llm/assistant';

/*
 * Found passages numbered for a reply and named as its sources (decisions 036, 039 and 044): the chat's and the
 * lesson tutor's.
 */

export interface CitedPassage extends RetrievedPassage {
  /** The source's number in the reply ([1], [2]): passages of one note share it. */
  citation: number;
  /** A lesson passage's moment, mm:ss. */
  at?: string;
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

/** The passages found for the question as the offline assistant reads notes: one per source, with its number. */
export function citedNotes(passages: CitedPassage[]): MentionedNote[] {
  const byNote = new Map<number, MentionedNote>();
  for (const passage of passages) {
    const note = byNote.get(passage.citation);
    if (note) note.content += `\n\n${passage.body}`;
    else {
      const found =
        passage.kind === 'chat' || passage.kind === 'card'
          ? { kind: passage.kind }
          : passage.at
            ? { kind: 'lesson' as const, at: passage.at }
            : undefined;
      byNote.set(passage.citation, {
        name: passage.title,
        content: passage.body,
        citation: passage.citation,
        ...(found ? { found } : {}),
      });
    }
  }
  return [...byNote.values()];
}
