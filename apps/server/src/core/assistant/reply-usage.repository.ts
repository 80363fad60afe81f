import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { effectivePlan } from '@turtle/shared/entitlements';
import type { DbOrTx } from '../../db/database';
import type { PromptMessage, TokenUsage } from '../../providers/llm/assistant';
import type { UserRow } from '../identity/users.repository';
import { replyUsage, replyUsageDays } from './assistant.tables';
import type { ReplyEnding } from './reply-ending';

export type ReplySource = 'chat' | 'tutor' | 'test';

/** About four characters a token in English text: the estimate when the upstream reports no counts. */
const CHARS_PER_TOKEN = 4;
const estimate = (text: string) => Math.ceil(text.length / CHARS_PER_TOKEN);

/** The tokens a reply cost: the upstream's counts, or an estimate from the prompt and the reply's text. */
export function tokensOf(
  usage: TokenUsage | undefined,
  prompt: PromptMessage[],
  content: string,
): TokenUsage & { counted: boolean } {
  if (usage) return { ...usage, counted: true };
  const promptText = prompt.reduce((sum, message) => sum + estimate(message.content), 0);
  return { promptTokens: promptText, completionTokens: estimate(content), counted: false };
}

/**
 * One row per reply the upstream was asked for, whatever its end (decision 037 "Usage and cost"); never its text. Its
 * day's sums (`reply_usage_days`) change in the same transaction.
 */
export async function recordReplyUsage(
  db: DbOrTx,
  entry: {
    user: UserRow;
    model: string;
    source: ReplySource;
    ending: ReplyEnding;
    tokens: TokenUsage & { counted: boolean };
  },
): Promise<void> {
  const at = new Date();
  const plan = effectivePlan(entry.user);
  const { promptTokens, completionTokens, counted } = entry.tokens;
  await db.transaction(async (tx) => {
    await tx.insert(replyUsage).values({
      id: randomUUID(),
      userId: entry.user.id,
      model: entry.model,
      source: entry.source,
      plan,
      promptTokens,
      completionTokens,
      counted,
      ending: entry.ending.kind,
      createdAt: at,
    });
    const estimated = counted ? 0 : 1;
    await tx
      .insert(replyUsageDays)
      .values({
        day: at.toISOString().slice(0, 10),
        userId: entry.user.id,
        model: entry.model,
        plan,
        replies: 1,
        promptTokens,
        completionTokens,
        estimated,
      })
      .onConflictDoUpdate({
        target: [replyUsageDays.day, replyUsageDays.userId, replyUsageDays.model, replyUsageDays.plan],
        set: {
          replies: sql`${replyUsageDays.replies} + 1`,
          promptTokens: sql`${replyUsageDays.promptTokens} + ${promptTokens}`,
          completionTokens: sql`${replyUsageDays.completionTokens} + ${completionTokens}`,
          estimated: sql`${replyUsageDays.estimated} + ${estimated}`,
        },
      });
  });
}
