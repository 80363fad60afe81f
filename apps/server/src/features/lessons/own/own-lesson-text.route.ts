import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ownLessonEndpoints } from '@turtle/shared/endpoints/own-lessons.schemas';
import type { Db } from '../../../db/database';
import type { FileStore } from '../../../core/storage/file-store';
import { lockUser } from '../../../core/identity/users.repository';
import { requireUser } from '../../../core/identity/sessions';
import { HttpError } from '../../../lib/http-error';
import { route } from '../../../lib/route';
import { allowanceWithJobs } from './own-lesson-allowance';
import { insertJob } from './own-lesson-jobs.repository';
import { ownLessonJobSummary } from './own-lesson-job-view';
import { checkFits } from './own-lesson-limits';
import { estimateSpeechMs, textToSentences } from './voicing/text-sentences';

/**
 * A lesson from a text (docs/decisions/049-voicing-own-lessons.md): the text is cut into sentences here, checked
 * against the plan with its guessed length (the person's row locked, so two at once count each other), and queued;
 * the background worker voices it. Answers the lesson's card at once.
 */
export function textLessonRoute(
  app: FastifyInstance,
  db: Db,
  store: FileStore,
  engine: 'embedded' | 'service',
  kick: () => void,
) {
  route(app, ownLessonEndpoints.createFromText, { user: requireUser }, async ({ user, body }) => {
    const sentences = textToSentences(body.text, body.format);
    if (sentences.length === 0) {
      throw new HttpError(400, 'validation', 'This text has no words to voice. Paste the text of the lesson.');
    }
    const estimateMs = estimateSpeechMs(sentences);
    const now = Date.now();
    const job = await db.transaction(async (tx) => {
      const person = (await lockUser(tx, user.id)) ?? user;
      checkFits(await allowanceWithJobs(tx, person), estimateMs);
      const row = {
        id: randomUUID(),
        userId: user.id,
        title: body.title,
        state: 'queued' as const,
        engine,
        storeId: store.id,
        sentences,
        pieces: [],
        sampleRate: null,
        estimateMs,
        error: null,
        audio: null,
        cues: null,
        leaseOwner: null,
        leaseUntil: null,
        createdAt: now,
        updatedAt: now,
      };
      await insertJob(tx, row);
      return row;
    });
    kick();
    return { lesson: ownLessonJobSummary(job) };
  });
}
