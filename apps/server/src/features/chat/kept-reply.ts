import type { FastifyBaseLogger } from 'fastify';
import type { ChatStreamChunk } from '@turtle/shared/chat-stream';
import type { AssistantConfig } from '../../config/config';
import type { Db } from '../../db/database';
import type { Assistant, AssistantRequest } from '../../providers/llm/assistant';
import { deleteMessage, finishReply, saveReplyProgress, touchConversation } from './conversations.repository';
import type { ReplyAllowance } from './reply-checks';
import { runAssistant } from './run-assistant';

/** How often a reply in progress is saved (what a reopened page shows) and checked for Stop from elsewhere. */
export const SAVE_EVERY_MS = 400;

export interface KeptReply {
  conversationId: string;
  messageId: string;
  request: Omit<AssistantRequest, 'signal'>;
  allowance: ReplyAllowance;
}

interface Running {
  controller: AbortController;
  done: Promise<void>;
}

/**
 * Replies being written by this process. A reply runs to its end whether or not anyone is watching (a reload or
 * another conversation loses nothing); only Stop, the conversation's deletion or shutdown end it early, and what
 * was written is kept, marked stopped.
 */
export class KeptReplies {
  private readonly running = new Map<string, Running>();

  constructor(
    private readonly db: Db,
    private readonly assistant: Assistant,
    private readonly config: AssistantConfig,
  ) {}

  /** Writes the reply, sending each piece to `send` (an open page's stream; it may go away at any time). */
  write(reply: KeptReply, send: (chunk: ChatStreamChunk) => void, log: FastifyBaseLogger): Promise<void> {
    const controller = new AbortController();
    const done = this.run(reply, controller, send, log).finally(() => this.running.delete(reply.messageId));
    this.running.set(reply.messageId, { controller, done });
    return done;
  }

  /** Stop asked on this process: end at once (other processes notice at their next save). */
  stop(messageId: string): void {
    this.running.get(messageId)?.controller.abort();
  }

  /** Shutdown: every reply stops and is saved before the database closes. */
  async stopAll(): Promise<void> {
    const all = [...this.running.values()];
    for (const { controller } of all) controller.abort();
    await Promise.allSettled(all.map(({ done }) => done));
  }

  private async run(
    reply: KeptReply,
    controller: AbortController,
    send: (chunk: ChatStreamChunk) => void,
    log: FastifyBaseLogger,
  ) {
    const { db } = this;
    let content = '';
    let saving = Promise.resolve();
    const save = () => {
      saving = saving
        .then(async () => {
          const stopRequested = await saveReplyProgress(db, reply.messageId, content);
          // Asked to stop from another process, or the conversation was deleted.
          if (stopRequested !== false) controller.abort();
        })
        .catch((error: unknown) => log.warn({ err: error }, 'could not save a reply in progress'));
    };
    const saver = setInterval(save, SAVE_EVERY_MS);
    try {
      const outcome = await runAssistant({
        assistant: this.assistant,
        request: reply.request,
        signal: controller.signal,
        timeoutMs: this.config.firstTokenTimeoutMs,
        onToken: (token) => {
          content += token;
          send({ token, finish_reason: null });
        },
        log,
      });
      clearInterval(saver);
      await saving;
      if (outcome.kind === 'failed') {
        // SPEC: a failed reply adds no message, and it does not count against the day's limit.
        await deleteMessage(db, reply.messageId);
        await reply.allowance.refund();
        send({ token: '', finish_reason: 'error', error: outcome.message });
      } else {
        const finished = outcome.kind === 'finished';
        await finishReply(db, reply.messageId, {
          content,
          status: finished ? 'complete' : 'stopped',
          truncated: finished && outcome.finish === 'length',
        });
        send({ token: '', finish_reason: finished ? outcome.finish : 'stop' });
      }
      await touchConversation(db, reply.conversationId, Date.now());
    } catch (error) {
      log.error({ err: error }, 'could not save a reply');
      send({ token: '', finish_reason: 'error', error: 'The reply could not be saved. Please try again.' });
    } finally {
      clearInterval(saver);
      await reply.allowance.slot.release().catch(() => undefined);
    }
  }
}
