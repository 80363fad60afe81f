import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ChatStreamBodySchema } from '@turtle/shared/chat-stream';
import { effectivePlan, type ChatUsage } from '@turtle/shared/entitlements';
import { parseInput } from '../../lib/validate';
import { requireUser } from '../sessions/sessions';
import { answerWithAssistant, type AssistantServices } from '../../core/assistant/assistant-reply';
import { assistantRateLimit } from '../../core/assistant/assistant-rate-limit';
import { dailyLimit, resolveModel } from '../../core/assistant/reply-checks';
import { usageDay } from '../../core/assistant/usage-day';
import { loadMentionedNotes } from './mentioned-notes';
import { buildPrompt } from './prompt';

/**
 * product.md §7's stream, `POST /api/chat/stream` and its spec name `POST /api/test/stream`: stateless, nothing is
 * kept. Bad input gets a plain JSON error before the first byte; then the answer streams token by token, and the
 * upstream call is aborted the moment the response closes. (The chat screen's kept conversations use
 * `/api/chat/send`.)
 */
export function chatStreamRoutes(app: FastifyInstance, services: AssistantServices): void {
  const handler = (request: FastifyRequest, reply: FastifyReply) => streamReply(request, reply, services);
  const routeOptions = {
    config: { accepts: 'json' as const, cachedSession: true },
    preHandler: assistantRateLimit(app),
  };
  app.post('/api/chat/stream', routeOptions, handler);
  app.post('/api/test/stream', routeOptions, handler);

  /** The meter by the composer: replies used today against the plan's limit. */
  app.get('/api/chat/usage', async (request): Promise<ChatUsage> => {
    const user = requireUser(request);
    const now = Date.now();
    const plan = effectivePlan(user, now);
    const limit = dailyLimit(services.config, plan);
    const { day, resetsAt } = usageDay(now);
    const used = await services.quota.used(user.id, day);
    return { used, limit, remaining: Math.max(0, limit - used), plan, resetsAt };
  });
}

async function streamReply(request: FastifyRequest, reply: FastifyReply, services: AssistantServices) {
  const user = requireUser(request);
  const body = parseInput(ChatStreamBodySchema, request.body ?? {});
  const model = resolveModel(services.config, body.model);
  const notes = await loadMentionedNotes(services.db, user.id, body.noteIds);
  await answerWithAssistant(services, {
    request,
    reply,
    user,
    output: 'sse',
    endsWithPage: true,
    prompt: {
      model,
      messages: buildPrompt(body.messages, notes),
      conversation: body.messages,
      notes: notes.map(({ name, content }) => ({ name, content })),
    },
  });
}
