import type { FastifyInstance } from 'fastify';
import { ownLessonEndpoints } from '@turtle/shared/endpoints/own-lessons.schemas';
import { lessonLength, OWN_LESSON_MESSAGES } from '@turtle/shared/own-lessons';
import type { Db } from '../../../db/database';
import { requireUser } from '../../../core/identity/sessions';
import { HttpError } from '../../../lib/http-error';
import { route } from '../../../lib/route';
import { ownLessonView } from './own-lesson-view';
import { indexOwnLesson } from './own-lesson-index';
import { lockOwnLesson, saveTranscript } from './own-lessons.repository';

/** "1:02.5": a start shown to a tenth of a second, as "set to now" picks it. */
const startText = (ms: number) => `${lessonLength(ms)}.${Math.floor((ms % 1000) / 100)}`;

/**
 * A transcript sentence corrected by its owner (docs/decisions/046-own-lessons.md): its words, or its start ("set to
 * now" while playing), which must stay between the sentences before and after it so the highlight keeps its order.
 * The lesson row is locked for the change, so two corrections at once both land.
 */
export function correctSentenceRoute(app: FastifyInstance, db: Db): void {
  route(app, ownLessonEndpoints.correctSentence, { user: requireUser }, async ({ user, body }) => {
    const lesson = await db.transaction(async (tx) => {
      const row = await lockOwnLesson(tx, user.id, body.id);
      if (!row) throw new HttpError(404, 'notFound', OWN_LESSON_MESSAGES.notFound);
      const entry = row.transcript[body.index];
      if (!entry) throw new HttpError(400, 'validation', 'That sentence is not in this lesson.', 'index');
      const startMs = body.startMs ?? entry.startMs;
      const earliest = row.transcript[body.index - 1]?.startMs ?? 0;
      const latest = row.transcript[body.index + 1]?.startMs ?? row.durationMs;
      if (startMs < earliest || startMs > latest) {
        throw new HttpError(
          400,
          'validation',
          `This sentence must start between ${startText(earliest)} and ${startText(latest)}, so the sentences stay in order.`,
          'startMs',
        );
      }
      const transcript = row.transcript.map((sentence, index) =>
        index === body.index ? { ...sentence, sentence: body.sentence ?? sentence.sentence, startMs } : sentence,
      );
      const now = Date.now();
      await saveTranscript(tx, row.id, transcript, now);
      await indexOwnLesson(tx, { ...row, transcript }, now);
      return { ...row, transcript };
    });
    return { lesson: ownLessonView(lesson) };
  });
}
