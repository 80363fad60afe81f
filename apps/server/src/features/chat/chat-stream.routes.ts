import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ChatStreamBodySchema } from '@turtle/shared/chat-stream';
import { DAILY_LIMIT_MESSAGE, effectivePlan, type ChatUsage } from '@turtle/shared/entitlements';
import { Plan } from '@turtle/shared/plans';
import type { AssistantConfig } from '../../config/config';
import type { Db } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import { parseInput } from '../../lib/validate';
import { AssistantError, type Assistant } from '../../providers/llm/assistant';
import { findOwnNotesByIds } from '../notes/notes.repository';
import { requireUser } from '../sessions/sessions';
import { buildPrompt } from './prompt';
import { SseWriter } from './sse';
import { refundReply, repliesUsed, takeReply, usageDay } from './usage.repository';

class TimeoutAbort extends Error {}
const TIMEOUT_MESSAGE = 'The assistant took too long to answer. Please try again.';

interface ChatStreamOptions {
  db: Db;
  assistant: Assistant;
  config: AssistantConfig;
}

/**
 * SPEC 7's stream, `POST /api/chat/stream` and its spec name `POST /api/test/stream`. Everything is checked before
 * the first byte (so bad input gets a plain JSON error); then the answer streams token by token. The upstream call
 * is aborted the moment the response closes, or when no token arrives within the timeout.
 */
export function chatStreamRoutes(app: FastifyInstance, options: ChatStreamOptions): void {
  const handler = (request: FastifyRequest, reply: FastifyReply) => streamReply(request, reply, options);
  app.post('/api/chat/stream', { config: { accepts: 'json' } }, handler);
  app.post('/api/test/stream', { config: { accepts: 'json' } }, handler);

  /** The meter by the composer: replies used today against the plan's limit. */
  app.get('/api/chat/usage', async (request): Promise<ChatUsage> => {
    const user = requireUser(request);
    const now = Date.now();
    const plan = effectivePlan(user, now);
    const limit = dailyLimit(options.config, plan);
    const { day, resetsAt } = usageDay(now);
    const used = await repliesUsed(options.db, user.id, day);
    return { used, limit, remaining: Math.max(0, limit - used), plan, resetsAt };
  });
}

function dailyLimit(config: AssistantConfig, plan: number): number {
  return plan === Plan.PRO ? config.dailyReplies.pro : config.dailyReplies.free;
}

async function streamReply(request: FastifyRequest, reply: FastifyReply, { db, assistant, config }: ChatStreamOptions) {
  const user = requireUser(request);
  const body = parseInput(ChatStreamBodySchema, request.body ?? {});
  if (!config.models.includes(body.model)) {
    throw new HttpError(400, 'validation', `The model "${body.model}" is not available here.`, 'model');
  }
  const noteIds = [...new Set(body.noteIds ?? [])];
  const notes = await findOwnNotesByIds(db, user.id, noteIds);
  if (notes.length !== noteIds.length) {
    throw new HttpError(400, 'validation', 'A mentioned note does not exist. Remove it and try again.', 'noteIds');
  }

  const now = Date.now();
  const { day, resetsAt } = usageDay(now);
  if ((await takeReply(db, user.id, day, dailyLimit(config, effectivePlan(user, now)))) === undefined) {
    reply.header('retry-after', String(Math.ceil((resetsAt - now) / 1000)));
    throw new HttpError(429, 'rateLimited', DAILY_LIMIT_MESSAGE);
  }

  const controller = new AbortController();
  const res = reply.raw;
  // The response closing before the end means the person stopped or left: stop the upstream call now.
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  let timer: NodeJS.Timeout | undefined;
  const armTimeout = () => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(new TimeoutAbort()), config.firstTokenTimeoutMs);
  };

  reply.hijack();
  const sse = new SseWriter(res, { 'x-request-id': request.id });
  /** Ends with the error the client shows; a reply that failed does not count against the day's limit. */
  const failed = async (message: string) => {
    sse.chunk({ token: '', finish_reason: 'error', error: message });
    await refundReply(db, user.id, day);
  };
  armTimeout();
  try {
    const pieces = assistant.stream({
      model: body.model,
      messages: buildPrompt(body.messages, notes),
      conversation: body.messages,
      notes: notes.map(({ name, content }) => ({ name, content })),
      signal: controller.signal,
    });
    let finish: 'stop' | 'length' = 'stop';
    for await (const piece of pieces) {
      if (controller.signal.aborted) break;
      armTimeout();
      if (piece.finishReason) finish = piece.finishReason;
      if (piece.token) sse.chunk({ token: piece.token, finish_reason: null });
    }
    if (!controller.signal.aborted) sse.chunk({ token: '', finish_reason: finish });
    else if (controller.signal.reason instanceof TimeoutAbort) await failed(TIMEOUT_MESSAGE);
  } catch (error) {
    if (controller.signal.reason instanceof TimeoutAbort) await failed(TIMEOUT_MESSAGE);
    else if (!controller.signal.aborted) {
      request.log.warn({ err: error }, 'assistant stream failed');
      await failed(error instanceof AssistantError ? error.message : 'The assistant failed. Please try again.');
    }
  } finally {
    clearTimeout(timer);
    sse.done();
  }
}
