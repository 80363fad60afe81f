import type { FastifyInstance } from 'fastify';
import { lessonEndpoints } from '@turtle/shared/endpoints/lessons.schemas';
import type { LessonChatBody } from '@turtle/shared/lesson';
import type { TranscriptEntry } from '@turtle/shared/lesson';
import { isSeriesLesson, LESSON_NOT_READY_MESSAGE } from '@turtle/shared/lesson-helpers';
import { answerWithAssistant, type AssistantServices } from '../../core/assistant/assistant-reply';
import { assistantRateLimit } from '../../core/assistant/assistant-rate-limit';
import { resolveModel } from '../../core/assistant/reply-checks';
import { SHUTDOWN_MESSAGE } from '../../core/assistant/reply-ending';
import { HttpError } from '../../lib/http-error';
import { route } from '../../lib/route';
import type { LessonContext } from '../../providers/llm/assistant';
import { requireUser } from '../../core/identity/sessions';
import { lessonNotFound, type LessonCatalog } from '../../core/lessons/lesson-catalog';
import { buildTutorPrompt, contextFromScript, findSentence } from './tutor-prompt';
import { findOwnLesson } from './own/own-lessons.repository';
import type { Db } from '../../db/database';
import { citedNotes, citePassages } from '../../core/knowledge/cited-passages';
import { retrievePassages } from '../../core/knowledge/passages.repository';

/**
 * The server's own transcript (with times) when the body names a lesson, a series one or one of the learner's own
 * (docs/decisions/046-own-lessons.md; another person's is not found); otherwise the script it sent.
 */
async function tutorContext(
  catalog: LessonCatalog,
  body: LessonChatBody,
  own: (id: string) => Promise<{ title: string; transcript: TranscriptEntry[] } | null>,
): Promise<LessonContext> {
  if (body.lessonId === undefined) return contextFromScript(body.fullScript, body.currentSentence);
  if (!isSeriesLesson(body.lessonId)) {
    const lesson = await own(body.lessonId);
    if (!lesson) throw lessonNotFound();
    return { ...lesson, currentIndex: findSentence(lesson.transcript, body.currentSentence) };
  }
  const entry = catalog.get(body.lessonId);
  if (!entry) throw lessonNotFound();
  if (!entry.lesson.ready) throw new HttpError(409, 'conflict', LESSON_NOT_READY_MESSAGE);
  const { title, transcript } = entry.lesson;
  return { title, transcript, currentIndex: findSentence(transcript, body.currentSentence) };
}

/** How many of the learner's passages the tutor is given beside the transcript, one a source at most. */
export const TUTOR_PASSAGES_MAX = 3;

/**
 * The learner's notes and cards that best match the question (decision 044), numbered as the tutor cites them: the
 * lesson is the transcript already, and past chats are not what a lesson is about.
 */
async function tutorPassages(db: Db, userId: string, question: string) {
  const found = await retrievePassages(db, userId, question, {
    limit: TUTOR_PASSAGES_MAX,
    perSource: 1,
    kinds: ['note', 'card'],
  });
  return citePassages(found);
}

/**
 * `POST /api/lesson/chat` (product.md §7, rules.md "Lessons"): the tutor, on the chat's one assistant path (session, the
 * per-minute limit, the one stream slot, the daily replies, the same model list). A client that accepts
 * `text/event-stream` gets the answer token by token, framed like the chat's; any other gets product.md §7's `{reply}` once
 * it is whole, or 502/504 with a readable message (refunded). Either way the person leaving stops the upstream call.
 * The learner's matching notes and cards come with the transcript; their `sources` open the stream (or join `reply`).
 */
export function lessonChatRoute(app: FastifyInstance, catalog: LessonCatalog, services: AssistantServices): void {
  route(
    app,
    lessonEndpoints.tutor,
    { user: requireUser, config: { cachedSession: true }, preHandler: assistantRateLimit(app) },
    async ({ user, body }, request, reply) => {
      const model = resolveModel(services.config, body.model);
      const lesson = await tutorContext(catalog, body, (id) => findOwnLesson(services.db, user.id, id));
      const found = await tutorPassages(services.db, user.id, body.messages.at(-1)!.content);
      const streamed = /\btext\/event-stream\b/.test(request.headers.accept ?? '');
      const { ending, content } = await answerWithAssistant(services, {
        request,
        reply,
        user,
        output: streamed ? 'sse' : 'json',
        endsWithPage: true,
        source: 'tutor',
        prompt: {
          model,
          messages: buildTutorPrompt(lesson, body.messages, found.passages),
          conversation: body.messages,
          // What the offline tutor quotes besides the transcript; a model reads the passages in `messages`.
          notes: citedNotes(found.passages),
          lesson,
        },
        sources: found.sources,
      });
      if (streamed || ending.kind === 'gone') return undefined;
      if (ending.kind === 'complete')
        return found.sources.length > 0 ? { reply: content, sources: found.sources } : { reply: content };
      if (ending.kind === 'failed') throw new HttpError(ending.timedOut ? 504 : 502, 'unavailable', ending.message);
      throw new HttpError(503, 'unavailable', SHUTDOWN_MESSAGE);
    },
  );
}
