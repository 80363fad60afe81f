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

/** What is kept of one reply for the usage figures, as it was when the reply ended. */
export interface ReplyUsageEntry {
  at: Date;
  userId: string;
  plan: number;
  model: string;
  source: ReplySource;
  ending: ReplyEnding['kind'];
  promptTokens: number;
  completionTokens: number;
  counted: boolean;
}

export function replyUsageEntry(entry: {
  user: UserRow;
  model: string;
  source: ReplySource;
  ending: ReplyEnding;
  tokens: TokenUsage & { counted: boolean };
}): ReplyUsageEntry {
  const at = new Date();
  return {
    at,
    userId: entry.user.id,
    plan: effectivePlan(entry.user, at.getTime()),
    model: entry.model,
    source: entry.source,
    ending: entry.ending.kind,
    ...entry.tokens,
  };
}

/**
 * One row per reply the upstream was asked for, whatever its end (decision 037 "Usage and cost"); never its text. Their
 * days' sums (`reply_usage_days`) change in the same transaction: one insert of the rows and one of the sums, however
 * many replies (the assistant writes a burst's together, `reply-usage-recorder.ts`).
 */
export async function recordReplyUsages(db: DbOrTx, entries: ReplyUsageEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const days = new Map<string, typeof replyUsageDays.$inferInsert>();
  for (const entry of entries) {
    const day = entry.at.toISOString().slice(0, 10);
    const key = JSON.stringify([day, entry.userId, entry.model, entry.plan]);
    const sums = days.get(key) ?? {
      day,
      userId: entry.userId,
      model: entry.model,
      plan: entry.plan,
      replies: 0,
      promptTokens: 0,
      completionTokens: 0,
      estimated: 0,
    };
    sums.replies += 1;
    sums.promptTokens += entry.promptTokens;
    sums.completionTokens += entry.completionTokens;
    sums.estimated += entry.counted ? 0 : 1;
    days.set(key, sums);
  }
  // The same order in every process, so two writes of the same days never wait on each other's rows in turn.
  const dayRows = [...days.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, row]) => row);
  await db.transaction(async (tx) => {
    await tx
      .insert(replyUsage)
      .values(entries.map(({ at, ...entry }) => ({ ...entry, id: randomUUID(), createdAt: at })));
    await tx
      .insert(replyUsageDays)
      .values(dayRows)
      .onConflictDoUpdate({
        target: [replyUsageDays.day, replyUsageDays.userId, replyUsageDays.model, replyUsageDays.plan],
        set: {
          replies: sql`${replyUsageDays.replies} + excluded.replies`,
          promptTokens: sql`${replyUsageDays.promptTokens} + excluded.prompt_tokens`,
          completionTokens: sql`${replyUsageDays.completionTokens} + excluded.completion_tokens`,
          estimated: sql`${replyUsageDays.estimated} + excluded.estimated`,
        },
      });
  });
}

/** One reply's usage, written at once (tests, and the recorder's fallback one by one). */
export async function recordReplyUsage(db: DbOrTx, entry: Parameters<typeof replyUsageEntry>[0]): Promise<void> {
  await recordReplyUsages(db, [replyUsageEntry(entry)]);
}
