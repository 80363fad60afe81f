import type { CardSource } from '@turtle/shared/cards';
import type { DraftSourceRef } from '@turtle/shared/cards-drafts';
import { isSeriesLesson, sentenceIndexAt } from '@turtle/shared/lesson-helpers';
import type { DbOrTx } from '../../../db/database';
import { HttpError } from '../../../lib/http-error';
import type { DraftedCard, DraftingSource } from '../../../providers/llm/card-drafter';
import { lessonNotFound } from '../../../core/lessons/lesson-catalog';
import type { CardsOptions } from '../cards-options';
import { findOwnNotesByIds } from '../../../core/notes/notes.repository';
import { findOwnReply } from '../../../core/conversations/conversations.repository';
import { lessonsOpenTo } from '../../../core/lessons/lesson-passages';
import { readSourcePassage, type SourcePassage } from '../../../core/knowledge/source-passage';

/** What drafting reads, and how each draft will point back to it. */
export interface ResolvedSource {
  drafting: DraftingSource;
  sourceOf(card: DraftedCard): CardSource;
}

/** A series lesson, or one of the learner's own (another person's is not found, docs/decisions/046-own-lessons.md). */
async function readLesson(userId: string, lessonId: string, lessons: Pick<CardsOptions, 'lessons' | 'ownLesson'>) {
  if (!isSeriesLesson(lessonId)) {
    const own = await lessons.ownLesson(userId, lessonId);
    if (!own) throw lessonNotFound();
    return own;
  }
  const entry = (await lessons.lessons()).get(lessonId);
  if (!entry) throw lessonNotFound();
  if (!entry.lesson.ready) throw new HttpError(404, 'notFound', 'This lesson has no transcript yet.');
  return entry.lesson;
}

const notFound = (what: string) => new HttpError(404, 'notFound', `That ${what} does not exist.`);

/** Where a card drafted from a found passage points back to: the exact place the passage opens. */
function passageSource(passage: SourcePassage, card: DraftedCard): CardSource {
  const label = passage.title;
  switch (passage.kind) {
    case 'note':
      return { kind: 'note', noteId: passage.sourceId, label, position: passage.position };
    case 'lesson':
      return { kind: 'lesson', lessonId: passage.sourceId, ms: card.ms ?? passage.startMs ?? 0, label };
    case 'chat':
      return { kind: 'chat', conversationId: passage.parentId ?? '', messageId: passage.sourceId, label };
    case 'card':
      return { kind: 'card', cardId: passage.sourceId, label };
  }
}

/** One passage of the index, the learner's or a lesson they can open (docs/decisions/050-cards-from-a-source.md). */
async function resolvePassage(db: DbOrTx, userId: string, ref: Extract<DraftSourceRef, { kind: 'passage' }>) {
  const passage = await readSourcePassage(db, userId, ref, { lessons: lessonsOpenTo() });
  if (!passage) throw notFound('passage');
  if (!passage.text.trim())
    throw new HttpError(400, 'validation', 'That passage is empty: there is nothing to make cards from.');
  const drafting: DraftingSource = {
    kind: passage.kind,
    title: passage.title,
    passages: [{ text: passage.text, ...(passage.startMs === undefined ? {} : { ms: passage.startMs }) }],
  };
  return { drafting, sourceOf: (card: DraftedCard) => passageSource(passage, card) };
}

/**
 * Reads the source the learner asked for, only if it is theirs (another person's note or chat reply answers 404,
 * like a missing one). The series' lessons are the same for everyone, a learner's own lesson is theirs alone; a lesson
 * without a transcript has nothing to draft from.
 */
export async function resolveDraftSource(
  db: DbOrTx,
  userId: string,
  ref: DraftSourceRef,
  lessons: Pick<CardsOptions, 'lessons' | 'ownLesson'>,
): Promise<ResolvedSource> {
  if (ref.kind === 'passage') return resolvePassage(db, userId, ref);
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
  const lesson = await readLesson(userId, ref.lessonId, lessons);
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
