import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChatSendMeta, MessageSource } from '@turtle/shared/conversation';
import type { AssistantConfig } from '../../config/config';
import type { Db } from '../../db/database';
import type { Assistant, AssistantRequest } from '../../providers/llm/assistant';
import type { UserRow } from '../identity/users.repository';
import { allowReply, type ReplyAllowance } from './reply-checks';
import { endingOf, isRefunded, lastEventOf, SAVE_FAILED_MESSAGE, type ReplyEnding } from './reply-ending';
import type { ReplyQuota } from './reply-quota';
import type { ReplyRegistry } from './reply-registry';
import { replyUsageEntry, tokensOf, type ReplySource } from './reply-usage.repository';
import type { ReplyUsageRecorder } from './reply-usage-recorder';
import type { StreamSlots } from './stream-slots';
import { AssistantRun } from './run-assistant';
import { SseWriter } from './sse';

/** What every assistant route shares (the chat's streams, the kept conversation, the lesson tutor). */
export interface AssistantServices {
  db: Db;
  assistant: Assistant;
  config: AssistantConfig;
  replies: ReplyRegistry;
  slots: StreamSlots;
  quota: ReplyQuota;
  /** The usage figures of ended replies, written behind. */
  usage: ReplyUsageRecorder;
  /** This server instance, recorded on the stream slots it holds (see `instanceId`). */
  owner: string;
}

/** Keeps a reply as it is written (a kept conversation): saves it as it grows, then how it ended. */
export interface ReplyKeeper {
  start(run: AssistantRun): void;
  finish(ending: ReplyEnding, run: AssistantRun): Promise<void>;
}

/** A kept reply: saved before it streams (once the checks pass), then as it grows. */
export interface KeptReplyPlan {
  messageId: string;
  /** Saves the exchange (one transaction); runs after the slot and the day's reply are taken. */
  save(allowance: ReplyAllowance): Promise<{ meta: ChatSendMeta; keeper: ReplyKeeper }>;
}

export interface ReplyPlan {
  request: FastifyRequest;
  reply: FastifyReply;
  user: UserRow;
  prompt: Omit<AssistantRequest, 'signal'>;
  /** `sse`: stream events as they come (the chat, `/test`, the tutor); `json`: answer once the reply is whole. */
  output: 'sse' | 'json';
  /** Stateless streams end when their page goes; a kept reply is written to its end regardless. */
  endsWithPage: boolean;
  /** Where the reply was asked for, in the usage figures. */
  source: ReplySource;
  kept?: KeptReplyPlan;
  /** The learner's material the reply was given (the tutor's, decision 044): sent first on a stream. */
  sources?: MessageSource[];
}

/**
 * The one path of every assistant reply. The upstream call starts at once; the checks (the person's one stream
 * slot, the day's replies, saving a kept exchange) run meanwhile, and nothing is sent until they pass. If they fail,
 * the upstream call is aborted and the request gets a plain JSON error. Then the reply streams, its outcome becomes
 * one ending (the last event, the refund, what is kept), and the slot is released, each exactly once.
 */
export async function answerWithAssistant(services: AssistantServices, plan: ReplyPlan) {
  const { config, replies } = services;
  const run = new AssistantRun({
    assistant: services.assistant,
    request: plan.prompt,
    timeoutMs: config.firstTokenTimeoutMs,
    log: plan.request.log,
  });
  const done = answer(services, plan, run);
  replies.track(run, done, plan.kept?.messageId);
  return done;
}

async function answer(
  services: AssistantServices,
  plan: ReplyPlan,
  run: AssistantRun,
): Promise<{ ending: ReplyEnding; content: string }> {
  const { request, reply, user } = plan;
  const res = reply.raw;
  const onClose = () => {
    if (!res.writableFinished) run.abort('gone');
  };
  if (plan.endsWithPage) res.on('close', onClose);
  try {
    let allowance: ReplyAllowance;
    let kept: Awaited<ReturnType<KeptReplyPlan['save']>> | undefined;
    try {
      allowance = await allowReply(services, user, reply, { owner: services.owner, messageId: plan.kept?.messageId });
      try {
        kept = await plan.kept?.save(allowance);
      } catch (error) {
        await allowance.refund();
        await allowance.slot.release();
        throw error;
      }
    } catch (error) {
      run.abort('refused');
      await run.outcome;
      throw error;
    }

    let sse: SseWriter | undefined;
    if (plan.output === 'sse') {
      reply.hijack();
      sse = new SseWriter(res, { 'x-request-id': request.id });
      if (kept) sse.send({ type: 'meta', meta: kept.meta });
      if (plan.sources?.length) sse.send({ type: 'sources', sources: plan.sources });
      const writer = sse;
      run.forward((token) => writer.send({ type: 'token', token }));
    }
    kept?.keeper.start(run);

    let ending = endingOf(await run.outcome);
    try {
      if (isRefunded(ending)) await allowance.refund();
      await kept?.keeper.finish(ending, run);
    } catch (error) {
      request.log.error({ err: error }, 'could not save a reply');
      ending = { kind: 'failed', message: SAVE_FAILED_MESSAGE, timedOut: false };
    } finally {
      // The slot is free before the stream ends: the next message may follow at once.
      await allowance.slot.release().catch(() => undefined);
    }
    if (sse) {
      const last = lastEventOf(ending);
      if (last) sse.send(last);
      sse.done();
    }
    // After the stream's end and written behind, so the figures never hold up a reply.
    services.usage.record(
      replyUsageEntry({
        user,
        model: plan.prompt.model,
        source: plan.source,
        ending,
        tokens: tokensOf(run.usage, plan.prompt.messages, run.content),
      }),
    );
    return { ending, content: run.content };
  } finally {
    res.off('close', onClose);
  }
}
