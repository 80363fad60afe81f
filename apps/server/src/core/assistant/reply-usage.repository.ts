import { randomUUID } from 'node:crypto';
import { effectivePlan } from '@turtle/shared/entitlements';
import type { DbOrTx } from '../../db/database';
import type { PromptMessage, TokenUsage } from '../../providers/llm/assistant';
import type { UserRow } from '../identity/users.repository';
import { replyUsage } from './assistant.tables';
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

/** One row per reply the upstream was asked for, whatever its end (decision 037 "Usage and cost"); never its text. */
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
  await db.insert(replyUsage).values({
    id: randomUUID(),
    userId: entry.user.id,
    model: entry.model,
    source: entry.source,
    plan: effectivePlan(entry.user),
    promptTokens: entry.tokens.promptTokens,
    completionTokens: entry.tokens.completionTokens,
    counted: entry.tokens.counted,
    ending: entry.ending.kind,
  });
}
