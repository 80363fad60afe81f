import type { FastifyInstance } from 'fastify';
import { DAILY_LIMIT_MESSAGE, effectivePlan } from '@turtle/shared/entitlements';
import {
  LESSON_NOT_READY_MESSAGE,
  LessonChatBodySchema,
  type LessonChatBody,
  type LessonChatResponse,
} from '@turtle/shared/lesson';
import { Plan } from '@turtle/shared/plans';
import type { AssistantConfig } from '../../config/config';
import type { Db } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import { parseInput } from '../../lib/validate';
import { AssistantError, type Assistant, type LessonContext } from '../../providers/llm/assistant';
import { chatRateLimit } from '../chat/chat-rate-limit';
import { refundReply, takeReply, usageDay } from '../chat/usage.repository';
import { requireUser } from '../sessions/sessions';
import { lessonNotFound, type LessonCatalog } from './lesson-catalog';
import { buildTutorPrompt, contextFromScript, findSentence } from './tutor-prompt';

class TimeoutAbort extends Error {}
const TIMEOUT_MESSAGE = 'The tutor took too long to answer. Please try again.';
const FAILED_MESSAGE = 'The tutor could not answer. Please try again.';
const EMPTY_MESSAGE = 'The tutor sent an empty answer. Please try again.';

interface LessonChatOptions {
  db: Db;
  assistant: Assistant;
  config: AssistantConfig;
}

/** The same per-plan limit as the chat (DECISIONS "Chat"): a tutor answer is an assistant reply. */
function dailyLimit(config: AssistantConfig, plan: number): number {
  return plan === Plan.PRO ? config.dailyReplies.pro : config.dailyReplies.free;
}

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
 * `POST /api/lesson/chat` (SPEC 7, DECISIONS "Lessons"): needs a session, shares the chat's per-minute request limit,
 * counts toward the daily reply limit, and
 * answers `{reply}` once the assistant has finished. A failure or timeout answers 502/504 with a readable message
 * and gives the reply back; so does the person leaving, which also stops the upstream call.
 */
export function lessonChatRoute(app: FastifyInstance, catalog: LessonCatalog, options: LessonChatOptions): void {
  const { db, assistant, config } = options;
  app.post(
    '/api/lesson/chat',
    { config: { accepts: 'json' }, preHandler: chatRateLimit(app) },
    async (request, reply): Promise<LessonChatResponse> => {
      const user = requireUser(request);
      const body = parseInput(LessonChatBodySchema, request.body ?? {});
      const lesson = tutorContext(catalog, body);

      const now = Date.now();
      const { day, resetsAt } = usageDay(now);
      if ((await takeReply(db, user.id, day, dailyLimit(config, effectivePlan(user, now)))) === undefined) {
        reply.header('retry-after', String(Math.ceil((resetsAt - now) / 1000)));
        throw new HttpError(429, 'rateLimited', DAILY_LIMIT_MESSAGE);
      }

      const controller = new AbortController();
      const res = reply.raw;
      const onClose = () => {
        if (!res.writableFinished) controller.abort();
      };
      res.on('close', onClose);
      let timer: NodeJS.Timeout | undefined;
      const armTimeout = () => {
        clearTimeout(timer);
        timer = setTimeout(() => controller.abort(new TimeoutAbort()), config.firstTokenTimeoutMs);
      };
      armTimeout();
      let text = '';
      try {
        const pieces = assistant.stream({
          model: config.defaultModel,
          messages: buildTutorPrompt(lesson, body.messages),
          conversation: body.messages,
          notes: [],
          lesson,
          signal: controller.signal,
        });
        for await (const piece of pieces) {
          if (controller.signal.aborted) break;
          armTimeout();
          text += piece.token;
        }
        if (controller.signal.aborted) throw controller.signal.reason;
        if (!text.trim()) throw new AssistantError(EMPTY_MESSAGE);
        return { reply: text };
      } catch (error) {
        await refundReply(db, user.id, day);
        if (controller.signal.reason instanceof TimeoutAbort) throw new HttpError(504, 'unavailable', TIMEOUT_MESSAGE);
        if (!controller.signal.aborted) request.log.warn({ err: error }, 'lesson tutor failed');
        throw new HttpError(502, 'unavailable', error instanceof AssistantError ? error.message : FAILED_MESSAGE);
      } finally {
        clearTimeout(timer);
        res.off('close', onClose);
      }
    },
  );
}
