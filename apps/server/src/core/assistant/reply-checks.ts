import type { FastifyReply } from 'fastify';
import { DAILY_LIMIT_MESSAGE, effectivePlan } from '@turtle/shared/entitlements';
import { SPEC_MODEL } from '@turtle/shared/constants';
import { Plan } from '@turtle/shared/plans';
import type { AssistantConfig } from '../../config/config';
import { HttpError } from '../../lib/http-error';
import type { UserRow } from '../identity/users.repository';
import type { ReplyQuota } from './reply-quota';
import type { Slot, StreamSlots } from './stream-slots';
import { usageDay } from './usage-day';

export const BUSY_MESSAGE = 'A reply is already being written. Wait for it to finish or stop it first.';

export function dailyLimit(config: AssistantConfig, plan: number): number {
  return plan === Plan.PRO ? config.dailyReplies.pro : config.dailyReplies.free;
}

/**
 * The model a request answers with: the one it names, if this server serves it; the default when it names none, or
 * names the spec's own model (product.md §7, "gpt-4.1-mini") and this server serves another; else 400 with the list.
 */
export function resolveModel(config: AssistantConfig, model: string | undefined): string {
  if (model === undefined) return config.defaultModel;
  if (config.models.includes(model)) return model;
  if (model === SPEC_MODEL) return config.defaultModel;
  throw new HttpError(
    400,
    'validation',
    `The model "${model}" is not available here. Available: ${config.models.join(', ')}.`,
    'model',
  );
}

/** A reply the user may write: their stream slot and one of today's replies. Give both back with `giveBack`. */
export interface ReplyAllowance {
  slot: Slot;
  refund(): Promise<void>;
}

/**
 * Takes the user's one stream slot and counts one reply against the plan's daily limit, together; 429 with
 * Retry-After when either is not available (nothing is kept then).
 */
export async function allowReply(
  { slots, quota, config }: { slots: StreamSlots; quota: ReplyQuota; config: AssistantConfig },
  user: UserRow,
  reply: FastifyReply,
  slotClaim: { owner: string; messageId?: string },
): Promise<ReplyAllowance> {
  const now = Date.now();
  const { day, resetsAt } = usageDay(now);
  const replyLimit = dailyLimit(config, effectivePlan(user, now));
  const taken = await slots.take({ userId: user.id, day, replyLimit, ...slotClaim }, now);
  if (taken.slot) return { slot: taken.slot, refund: () => quota.refund(user.id, day) };
  if (taken.refused === 'busy') {
    reply.header('retry-after', String(taken.retryAfterSeconds));
    throw new HttpError(429, 'rateLimited', BUSY_MESSAGE);
  }
  reply.header('retry-after', String(Math.ceil((resetsAt - now) / 1000)));
  throw new HttpError(429, 'rateLimited', DAILY_LIMIT_MESSAGE);
}
