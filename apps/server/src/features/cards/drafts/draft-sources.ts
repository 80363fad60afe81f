import type { CardSource } from '@turtle/shared/cards';
import type { DraftSourceRef } from '@turtle/shared/cards-drafts';
import { sentenceIndexAt } from '@turtle/shared/lesson-helpers';
import type { DbOrTx } from '../../../db/database';
import { HttpError } from '../../../lib/http-error';
import type { DraftedCard, DraftingSource } from '../../../providers/llm/card-drafter';
import { lessonNotFound, type LessonCatalog } from '../../../core/lessons/lesson-catalog';
import { findOwnNotesByIds } from '../../../core/notes/notes.repository';
import { findOwnReply } from '../../../core/conversations/conversations.repository';

/** What drafting reads, and how each draft will point back to it. */
export interface ResolvedSource {
  drafting: DraftingSource;
  sourceOf(card: DraftedCard): CardSource;
}

const notFound = (what: string) => new HttpError(404, 'notFound', `That ${what} does not exist.`);

/**
 * Reads the source the learner asked for, only if it is theirs (another person's note or chat reply answers 404,
 * like a missing one). Lessons are the same for everyone; a lesson without a transcript has nothing to draft from.
 */
export async function resolveDraftSource(
  db: DbOrTx,
  userId: string,
  ref: DraftSourceRef,
  lessons: () => Promise<LessonCatalog>,
): Promise<ResolvedSource> {
  if (ref.kind === 'note') {
    const [note] = await findOwnNotesByIds(db, userId, [ref.noteId]);
    if (!note) throw notFound('note');
    if (!note.content.trim())
      throw new HttpError(400, 'validation', 'That note is empty: there is nothing to make cards from.');
    const label = note.name;
    return {
      drafting: { kind: 'note', title: note.name, passages: [{ text: note.content }] },
      sourceOf: () => ({ kind: 'note', noteId: note.id, label }),
    };
  }
  if (ref.kind === 'chat') {
    const message = await findOwnReply(db, userId, ref.messageId);
    if (!message) throw notFound('chat reply');
    if (!message.content.trim())
      throw new HttpError(400, 'validation', 'That reply is empty: there is nothing to make cards from.');
    return {
      drafting: { kind: 'chat', title: message.title, passages: [{ text: message.content }] },
      sourceOf: () => ({
        kind: 'chat',
        conversationId: message.conversationId,
        messageId: ref.messageId,
        label: message.title,
      }),
    };
  }
  const entry = (await lessons()).get(ref.lessonId);
  if (!entry) throw lessonNotFound();
  const { lesson } = entry;
  if (!lesson.ready) throw new HttpError(404, 'notFound', 'This lesson has no transcript yet.');
  const transcript =
    ref.ms === undefined
      ? lesson.transcript
      : [lesson.transcript[Math.max(0, sentenceIndexAt(lesson.transcript, ref.ms))]!];
  const fallbackMs = transcript[0]?.startMs ?? 0;
  return {
    drafting: {
      kind: 'lesson',
      title: lesson.title,
      passages: transcript.map((entry) => ({ text: entry.sentence, ms: entry.startMs })),
    },
    sourceOf: (card) => ({ kind: 'lesson', lessonId: lesson.id, ms: card.ms ?? fallbackMs, label: lesson.title }),
  };
}
