import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ChatStreamBodySchema } from '@turtle/shared/chat-stream';
import { effectivePlan, type ChatUsage } from '@turtle/shared/entitlements';
import { parseInput } from '../../lib/validate';
import { requireUser } from '../sessions/sessions';
import { buildPrompt } from './prompt';
import { allowReply, checkModel, dailyLimit, loadMentionedNotes } from './reply-checks';
import type { ChatRoutesOptions } from './chat-routes-options';
import { chatRateLimit } from './chat-rate-limit';
import { runAssistant } from './run-assistant';
import { SseWriter } from './sse';
import { repliesUsed, usageDay } from './usage.repository';

/**
 * SPEC 7's stream, `POST /api/chat/stream` and its spec name `POST /api/test/stream`: stateless, nothing is
 * kept. Everything is checked before the first byte (so bad input gets a plain JSON error); then the answer
 * streams token by token. The upstream call is aborted the moment the response closes, or when no token arrives
 * within the timeout. (The chat screen's kept conversations use `/api/chat/send`.)
 */
export function chatStreamRoutes(app: FastifyInstance, options: ChatRoutesOptions): void {
  const handler = (request: FastifyRequest, reply: FastifyReply) => streamReply(request, reply, options);
  const routeOptions = { config: { accepts: 'json' as const }, preHandler: chatRateLimit(app) };
  app.post('/api/chat/stream', routeOptions, handler);
  app.post('/api/test/stream', routeOptions, handler);

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

const SHUTDOWN_MESSAGE = 'The server is restarting. Please send your message again in a moment.';

async function streamReply(
  request: FastifyRequest,
  reply: FastifyReply,
  { db, assistant, config, shutdown }: ChatRoutesOptions,
) {
  const user = requireUser(request);
  const body = parseInput(ChatStreamBodySchema, request.body ?? {});
  checkModel(config, body.model);
  const notes = await loadMentionedNotes(db, user.id, body.noteIds);
  const allowance = await allowReply(db, user, config, reply);

  const closed = new AbortController();
  const res = reply.raw;
  // The response closing before the end means the person stopped or left: stop the upstream call now.
  res.on('close', () => {
    if (!res.writableFinished) closed.abort();
  });
  const onShutdown = () => closed.abort();
  shutdown.addEventListener('abort', onShutdown, { once: true });
  reply.hijack();
  const sse = new SseWriter(res, { 'x-request-id': request.id });
  try {
    const outcome = await runAssistant({
      assistant,
      request: {
        model: body.model,
        messages: buildPrompt(body.messages, notes),
        conversation: body.messages,
        notes: notes.map(({ name, content }) => ({ name, content })),
      },
      signal: closed.signal,
      timeoutMs: config.firstTokenTimeoutMs,
      onToken: (token) => sse.chunk({ token, finish_reason: null }),
      log: request.log,
    });
    if (outcome.kind === 'finished') sse.chunk({ token: '', finish_reason: outcome.finish });
    if (outcome.kind === 'aborted' && shutdown.aborted) {
      sse.chunk({ token: '', finish_reason: 'error', error: SHUTDOWN_MESSAGE });
      await allowance.refund();
    }
    if (outcome.kind === 'failed') {
      // A reply that failed does not count against the day's limit.
      sse.chunk({ token: '', finish_reason: 'error', error: outcome.message });
      await allowance.refund();
    }
  } finally {
    shutdown.removeEventListener('abort', onShutdown);
    // The slot is free before the stream says [DONE]: the next message may follow at once.
    await allowance.slot.release().catch(() => undefined);
    sse.done();
  }
}
