import type { FastifyInstance } from 'fastify';
import { lessonEndpoints } from '@turtle/shared/endpoints/lessons.schemas';
import type { LessonChatBody } from '@turtle/shared/lesson';
import { LESSON_NOT_READY_MESSAGE } from '@turtle/shared/lesson-helpers';
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

/** The server's own transcript (with times) when the body names a lesson; otherwise the script it sent. */
function tutorContext(catalog: LessonCatalog, body: LessonChatBody): LessonContext {
  if (body.lessonId === undefined) return contextFromScript(body.fullScript, body.currentSentence);
  const entry = catalog.get(body.lessonId);
  if (!entry) throw lessonNotFound();
  if (!entry.lesson.ready) throw new HttpError(409, 'conflict', LESSON_NOT_READY_MESSAGE);
  const { title, transcript } = entry.lesson;
  return { title, transcript, currentIndex: findSentence(transcript, body.currentSentence) };
}

/**
 * `POST /api/lesson/chat` (product.md §7, rules.md "Lessons"): the tutor, on the chat's one assistant path (session, the
 * per-minute limit, the one stream slot, the daily replies, the same model list). A client that accepts
 * `text/event-stream` gets the answer token by token, framed like the chat's; any other gets product.md §7's `{reply}` once
 * it is whole, or 502/504 with a readable message (refunded). Either way the person leaving stops the upstream call.
 */
export function lessonChatRoute(app: FastifyInstance, catalog: LessonCatalog, services: AssistantServices): void {
  route(
    app,
    lessonEndpoints.tutor,
    { user: requireUser, config: { cachedSession: true }, preHandler: assistantRateLimit(app) },
    async ({ user, body }, request, reply) => {
      const model = resolveModel(services.config, body.model);
      const lesson = tutorContext(catalog, body);
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
          messages: buildTutorPrompt(lesson, body.messages),
          conversation: body.messages,
          notes: [],
          lesson,
        },
      });
      if (streamed || ending.kind === 'gone') return undefined;
      if (ending.kind === 'complete') return { reply: content };
      if (ending.kind === 'failed') throw new HttpError(ending.timedOut ? 504 : 502, 'unavailable', ending.message);
      throw new HttpError(503, 'unavailable', SHUTDOWN_MESSAGE);
    },
  );
}
