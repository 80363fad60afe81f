import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/database';
import { ownLessonJobs } from './own-lessons.tables';

export type OwnLessonJobRow = typeof ownLessonJobs.$inferSelect;

/** A job that still makes a lesson: counted against the plan, shown with its progress. */
const ACTIVE = ['queued', 'running'] as const;

export async function insertJob(db: DbOrTx, row: OwnLessonJobRow): Promise<void> {
  await db.insert(ownLessonJobs).values(row);
}

/** The jobs the person's list shows: under way, or failed and not yet dismissed. Newest first. */
export async function listShownJobs(db: DbOrTx, userId: string) {
  return db
    .select()
    .from(ownLessonJobs)
    .where(and(eq(ownLessonJobs.userId, userId), inArray(ownLessonJobs.state, [...ACTIVE, 'failed'])))
    .orderBy(desc(ownLessonJobs.createdAt), desc(ownLessonJobs.id));
}

/** How many lessons the person has being made, and the speech they are guessed to hold. */
export async function activeJobsOf(db: DbOrTx, userId: string): Promise<{ count: number; estimateMs: number }> {
  const [row] = await db
    .select({ count: sql<string>`count(*)`, estimateMs: sql<string>`coalesce(sum(${ownLessonJobs.estimateMs}), 0)` })
    .from(ownLessonJobs)
    .where(and(eq(ownLessonJobs.userId, userId), inArray(ownLessonJobs.state, [...ACTIVE])));
  return { count: Number(row?.count ?? 0), estimateMs: Number(row?.estimateMs ?? 0) };
}

/**
 * The oldest job nobody holds, taken by `owner` for `leaseMs` (docs/decisions/049-voicing-own-lessons.md): a queued
 * one, or a running one whose holder's lease ran out (its process stopped). `for update skip locked` lets two
 * processes claim at once without taking the same job.
 */
export async function claimJob(
  db: Db,
  claimer: { owner: string; storeId: string },
  now: number,
  leaseMs: number,
): Promise<OwnLessonJobRow | null> {
  const { owner } = claimer;
  return db.transaction(async (tx) => {
    const [free] = await tx
      .select({ id: ownLessonJobs.id })
      .from(ownLessonJobs)
      .where(
        and(
          eq(ownLessonJobs.storeId, claimer.storeId),
          or(
            eq(ownLessonJobs.state, 'queued'),
            and(
              eq(ownLessonJobs.state, 'running'),
              or(isNull(ownLessonJobs.leaseUntil), lt(ownLessonJobs.leaseUntil, now)),
            ),
          ),
        ),
      )
      .orderBy(asc(ownLessonJobs.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!free) return null;
    const rows = await tx
      .update(ownLessonJobs)
      .set({ state: 'running', leaseOwner: owner, leaseUntil: now + leaseMs, updatedAt: now })
      .where(eq(ownLessonJobs.id, free.id))
      .returning();
    return rows[0] ?? null;
  });
}

/** Whether `owner` still holds the job (not cancelled, lease not taken over); the lease is renewed if so. */
export async function renewLease(db: DbOrTx, id: string, owner: string, now: number, leaseMs: number) {
  const rows = await db
    .update(ownLessonJobs)
    .set({ leaseUntil: now + leaseMs })
    .where(and(eq(ownLessonJobs.id, id), eq(ownLessonJobs.state, 'running'), eq(ownLessonJobs.leaseOwner, owner)))
    .returning({ id: ownLessonJobs.id });
  return rows.length > 0;
}

/** The job still running under `owner` with `index` pieces kept: the condition of adding the next one. */
const heldWithPieces = (job: { id: string; owner: string; index: number }) =>
  and(
    eq(ownLessonJobs.id, job.id),
    eq(ownLessonJobs.state, 'running'),
    eq(ownLessonJobs.leaseOwner, job.owner),
    sql`jsonb_array_length(${ownLessonJobs.pieces}) = ${job.index}`,
  );

/** One more sentence voiced (its sample count appended), if `owner` still holds the job. */
export async function recordPiece(
  db: DbOrTx,
  job: { id: string; owner: string; index: number; samples: number; sampleRate: number },
  now: number,
  leaseMs: number,
): Promise<boolean> {
  const rows = await db
    .update(ownLessonJobs)
    .set({
      pieces: sql`${ownLessonJobs.pieces} || ${JSON.stringify([job.samples])}::jsonb`,
      sampleRate: job.sampleRate,
      leaseUntil: now + leaseMs,
      updatedAt: now,
    })
    .where(heldWithPieces(job))
    .returning({ id: ownLessonJobs.id });
  return rows.length > 0;
}

/**
 * One more piece of the audio transcribed (docs/decisions/051-transcribing-own-lessons.md): where it ends appended to
 * `pieces` and the cues heard in it to `cues`, together, if `owner` still holds the job.
 */
export async function recordTranscribedPiece(
  db: DbOrTx,
  job: {
    id: string;
    owner: string;
    index: number;
    endMs: number;
    cues: { startMs: number; endMs: number; text: string }[];
  },
  now: number,
  leaseMs: number,
): Promise<boolean> {
  const rows = await db
    .update(ownLessonJobs)
    .set({
      pieces: sql`${ownLessonJobs.pieces} || ${JSON.stringify([job.endMs])}::jsonb`,
      cues: sql`coalesce(${ownLessonJobs.cues}, '[]'::jsonb) || ${JSON.stringify(job.cues)}::jsonb`,
      leaseUntil: now + leaseMs,
      updatedAt: now,
    })
    .where(heldWithPieces(job))
    .returning({ id: ownLessonJobs.id });
  return rows.length > 0;
}

/** The job's row locked for its last step, if `owner` still holds it. */
export async function lockHeldJob(tx: DbOrTx, id: string, owner: string) {
  const rows = await tx
    .select()
    .from(ownLessonJobs)
    .where(and(eq(ownLessonJobs.id, id), eq(ownLessonJobs.state, 'running'), eq(ownLessonJobs.leaseOwner, owner)))
    .for('update');
  return rows[0] ?? null;
}

export async function finishJob(
  db: DbOrTx,
  id: string,
  state: 'ready' | 'failed',
  error: string | null,
  now: number,
  owner?: string,
) {
  const rows = await db
    .update(ownLessonJobs)
    .set({ state, error, leaseOwner: null, leaseUntil: null, updatedAt: now })
    .where(
      and(
        eq(ownLessonJobs.id, id),
        eq(ownLessonJobs.state, 'running'),
        owner ? eq(ownLessonJobs.leaseOwner, owner) : undefined,
      ),
    )
    .returning({ id: ownLessonJobs.id });
  return rows.length > 0;
}

/**
 * The person's job cancelled (under way) or dismissed (failed): it leaves the list, the worker holding it stops at
 * its next sentence. Answers the row as it was, to free its sentences' audio; null when it was not theirs.
 */
export async function cancelJob(db: DbOrTx, userId: string, id: string, now: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(ownLessonJobs)
      .where(
        and(
          eq(ownLessonJobs.id, id),
          eq(ownLessonJobs.userId, userId),
          inArray(ownLessonJobs.state, [...ACTIVE, 'failed']),
        ),
      )
      .for('update');
    if (!row) return null;
    await tx
      .update(ownLessonJobs)
      .set({ state: 'cancelled', leaseOwner: null, leaseUntil: null, updatedAt: now })
      .where(eq(ownLessonJobs.id, id));
    return row;
  });
}

/** The job row of a lesson that is deleted goes with it. */
export async function deleteJobOf(db: DbOrTx, userId: string, id: string): Promise<void> {
  await db.delete(ownLessonJobs).where(and(eq(ownLessonJobs.id, id), eq(ownLessonJobs.userId, userId)));
}

/** Every job of the person (their account is going): their sentences' audio, and the audio sent alone, is removed. */
export async function jobsOf(db: DbOrTx, userId: string) {
  return db
    .select({
      id: ownLessonJobs.id,
      total: sql<number>`jsonb_array_length(${ownLessonJobs.sentences})`,
      audioKey: sql<string | null>`${ownLessonJobs.audio}->>'key'`,
    })
    .from(ownLessonJobs)
    .where(eq(ownLessonJobs.userId, userId));
}

/** Where a job's voiced sentence is kept until the lesson's audio is made of them. */
export const pieceKey = (userId: string, jobId: string, index: number) => `lesson-jobs/${userId}/${jobId}/${index}`;
