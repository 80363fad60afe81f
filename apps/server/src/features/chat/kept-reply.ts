import type { FastifyBaseLogger } from 'fastify';
import type { ReplyKeeper } from '../../core/assistant/assistant-reply';
import type { ReplyEnding } from '../../core/assistant/reply-ending';
import type { AssistantRun } from '../../core/assistant/run-assistant';
import type { Db } from '../../db/database';
import {
  deleteMessage,
  finishReply,
  saveReplyProgress,
  touchConversation,
} from '../../core/conversations/conversations.repository';
import { indexMessage } from '../../core/conversations/messages-index';

/** How often a reply in progress is saved (what a reopened page shows) and checked for Stop from elsewhere. */
export const SAVE_EVERY_MS = 400;

/**
 * Saves a kept conversation's reply as it grows, and its end. The reply does not depend on the page that asked for
 * it: a reload or another conversation loses nothing. Stop from another process (or the conversation's deletion) is
 * seen at the next save and stops the run.
 */
export class KeptReplySaver implements ReplyKeeper {
  private saving = Promise.resolve();
  private saver: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly reply: { userId: string; conversationId: string; messageId: string },
    private readonly log: FastifyBaseLogger,
  ) {}

  start(run: AssistantRun): void {
    this.saver = setInterval(() => this.save(run), SAVE_EVERY_MS);
  }

  /** Keeps the reply (complete or stopped), or drops it when it failed (product.md: no message is added). */
  async finish(ending: ReplyEnding, run: AssistantRun): Promise<void> {
    clearInterval(this.saver);
    await this.saving;
    const { db, reply } = this;
    const keep =
      ending.kind === 'complete' || ending.kind === 'stopped' || (ending.kind === 'shutdown' && run.content !== '');
    if (!keep) await deleteMessage(db, reply.messageId);
    else {
      // The kept reply joins the index in the same transaction (decision 036): a past chat can be asked about.
      await db.transaction(async (tx) => {
        await finishReply(tx, reply.messageId, {
          content: run.content,
          status: ending.kind === 'complete' ? 'complete' : 'stopped',
          truncated: ending.kind === 'complete' && ending.finish === 'length',
        });
        const { userId, conversationId, messageId } = reply;
        await indexMessage(tx, userId, { id: messageId, conversationId, content: run.content }, Date.now());
      });
    }
    await touchConversation(db, reply.conversationId, Date.now());
  }

  private save(run: AssistantRun) {
    this.saving = this.saving
      .then(async () => {
        const stopRequested = await saveReplyProgress(this.db, this.reply.messageId, run.content);
        // Asked to stop from another process, or the conversation was deleted.
        if (stopRequested !== false) run.abort('stop');
      })
      .catch((error: unknown) => this.log.warn({ err: error }, 'could not save a reply in progress'));
  }
}
