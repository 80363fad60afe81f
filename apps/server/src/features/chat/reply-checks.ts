import type { FastifyReply } from 'fastify';
import { DAILY_LIMIT_MESSAGE, effectivePlan } from '@turtle/shared/entitlements';
import { Plan } from '@turtle/shared/plans';
import type { AssistantConfig } from '../../config/config';
import type { Db } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import { findOwnNotesByIds, type NoteRow } from '../notes/notes.repository';
import type { UserRow } from '../user/users.repository';
import { StreamSlot } from './stream-slot';
import { refundReply, takeReply, usageDay } from './usage.repository';

export const BUSY_MESSAGE = 'A reply is already being written. Wait for it to finish or stop it first.';

export function dailyLimit(config: AssistantConfig, plan: number): number {
  return plan === Plan.PRO ? config.dailyReplies.pro : config.dailyReplies.free;
}

export function checkModel(config: AssistantConfig, model: string): void {
  if (!config.models.includes(model)) {
    throw new HttpError(400, 'validation', `The model "${model}" is not available here.`, 'model');
  }
}

/** The mentioned notes, read only when every one of them is the caller's (else 400, and none is read). */
export async function loadMentionedNotes(db: Db, userId: string, noteIds: string[] | undefined): Promise<NoteRow[]> {
  const ids = [...new Set(noteIds ?? [])];
  const notes = await findOwnNotesByIds(db, userId, ids);
  if (notes.length !== ids.length) {
    throw new HttpError(400, 'validation', 'A mentioned note does not exist. Remove it and try again.', 'noteIds');
  }
  const byId = new Map(notes.map((note) => [note.id, note]));
  return ids.map((id) => byId.get(id)!);
}

/** A reply the user may start: their stream slot and one of today's replies. Give it back with `refund`. */
export interface ReplyAllowance {
  slot: StreamSlot;
  refund(): Promise<void>;
}

/**
 * Takes the user's one stream slot and counts one reply against the plan's daily limit; 429 with Retry-After
 * when either is not available (nothing is taken then).
 */
export async function allowReply(
  db: Db,
  user: UserRow,
  config: AssistantConfig,
  reply: FastifyReply,
): Promise<ReplyAllowance> {
  const now = Date.now();
  const slot = await StreamSlot.take(db, user.id, now);
  if (!slot) {
    reply.header('retry-after', '5');
    throw new HttpError(429, 'rateLimited', BUSY_MESSAGE);
  }
  const { day, resetsAt } = usageDay(now);
  if ((await takeReply(db, user.id, day, dailyLimit(config, effectivePlan(user, now)))) === undefined) {
    await slot.release();
    reply.header('retry-after', String(Math.ceil((resetsAt - now) / 1000)));
    throw new HttpError(429, 'rateLimited', DAILY_LIMIT_MESSAGE);
  }
  return { slot, refund: () => refundReply(db, user.id, day) };
}
