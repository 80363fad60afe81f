import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChatStreamBody } from '@turtle/shared/chat-stream';
import { chatEndpoints } from '@turtle/shared/endpoints/chat.schemas';
import { effectivePlan } from '@turtle/shared/entitlements';
import { route } from '../../lib/route';
import { requireUser } from '../../core/identity/sessions';
import type { UserRow } from '../../core/identity/users.repository';
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
  const handler = (input: { user: UserRow; body: ChatStreamBody }, request: FastifyRequest, reply: FastifyReply) =>
    streamReply(input, request, reply, services);
  const routeOptions = { user: requireUser, config: { cachedSession: true }, preHandler: assistantRateLimit(app) };
  route(app, chatEndpoints.stream, routeOptions, handler);
  route(app, chatEndpoints.testStream, routeOptions, handler);

  /** The meter by the composer: replies used today against the plan's limit. */
  route(app, chatEndpoints.usage, { user: requireUser }, async ({ user }) => {
    const now = Date.now();
    const plan = effectivePlan(user, now);
    const limit = dailyLimit(services.config, plan);
    const { day, resetsAt } = usageDay(now);
    const used = await services.quota.used(user.id, day);
    return { used, limit, remaining: Math.max(0, limit - used), plan, resetsAt };
  });
}

async function streamReply(
  { user, body }: { user: UserRow; body: ChatStreamBody },
  request: FastifyRequest,
  reply: FastifyReply,
  services: AssistantServices,
) {
  const model = resolveModel(services.config, body.model);
  const notes = await loadMentionedNotes(services.db, user.id, body.noteIds);
  await answerWithAssistant(services, {
    request,
    reply,
    user,
    output: 'sse',
    endsWithPage: true,
    source: request.url.startsWith('/api/test/') ? 'test' : 'chat',
    prompt: {
      model,
      messages: buildPrompt(body.messages, notes),
      conversation: body.messages,
      notes: notes.map(({ name, content }) => ({ name, content })),
    },
  });
}
