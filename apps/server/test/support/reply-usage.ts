import { eq } from 'drizzle-orm';
import { vi } from 'vitest';
import { recordReplyUsage } from '../../src/core/assistant/reply-usage.repository';
import type { Db } from '../../src/db/database';
import { users } from '../../src/db/schema';

/** One reply kept as the assistant keeps it, at `when`: the person's plan is the one they are on then. */
export async function recordReplyAt(
  db: Db,
  reply: {
    userId: string;
    when: number;
    model: string;
    promptTokens: number;
    completionTokens: number;
    counted: boolean;
  },
) {
  const [user] = await db.select().from(users).where(eq(users.id, reply.userId));
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(reply.when);
  try {
    await recordReplyUsage(db, {
      user: user!,
      model: reply.model,
      source: 'chat',
      ending: { kind: 'complete', finish: 'stop' },
      tokens: { promptTokens: reply.promptTokens, completionTokens: reply.completionTokens, counted: reply.counted },
    });
  } finally {
    vi.useRealTimers();
  }
}
