import type { FastifyInstance } from 'fastify';
import { AnalyticsQuerySchema, type CardAnalytics } from '@turtle/shared/cards-analytics';
import { TimeZoneQuerySchema } from '@turtle/shared/cards-day';
import {
  notEnoughReviewsMessage,
  OPTIMIZER_MIN_REVIEWS,
  RunIdParamsSchema,
  type OptimizerRun,
  type OptimizerState,
} from '@turtle/shared/cards-optimizer';
import { HttpError } from '../../../lib/http-error';
import { parseInput } from '../../../lib/validate';
import { perUser, rateLimited } from '../../../plugins/rate-limit';
import { requireUser } from '../../../core/identity/sessions';
import type { CardsOptions } from '../cards-options';
import { requireOwnDeck } from '../decks/decks.repository';
import { countReviews, runOptimizer } from '../optimizer/optimizer-job';
import { endRun, getOwnRun, insertRun, latestRun } from '../optimizer/optimizer-runs.repository';
import { requireAnalytics } from '../pro-only';
import { getCardSettings } from '../settings.repository';
import { readAnalytics } from './analytics.repository';

export const OPTIMIZER_RUNS_PER_HOUR = 10;
const runNotFound = () => new HttpError(404, 'notFound', 'That optimizer run does not exist.');

/** Learning analytics and the optimizer, both Pro's (docs/decisions/013-analytics-and-optimizer.md). */
export function analyticsRoutes(app: FastifyInstance, { db }: CardsOptions): void {
  const optimizerLimit = rateLimited(app, [
    { name: 'cards-optimizer', max: OPTIMIZER_RUNS_PER_HOUR, windowMs: 3_600_000, key: perUser },
  ]);

  app.get('/api/cards/analytics', async (request): Promise<CardAnalytics> => {
    const user = requireUser(request);
    requireAnalytics(user);
    const { deckId, tz, days } = parseInput(AnalyticsQuerySchema, request.query ?? {});
    const [settings] = await Promise.all([
      getCardSettings(db, user.id),
      deckId ? requireOwnDeck(db, user.id, deckId) : undefined,
    ]);
    return readAnalytics(db, {
      userId: user.id,
      deckId,
      days: days as CardAnalytics['days'],
      tz,
      desiredRetention: settings.desiredRetention,
      now: Date.now(),
    });
  });

  app.get('/api/cards/optimizer', async (request): Promise<OptimizerState> => {
    const user = requireUser(request);
    requireAnalytics(user);
    const [run, reviews, settings] = await Promise.all([
      latestRun(db, user.id, Date.now()),
      countReviews(db, user.id),
      getCardSettings(db, user.id),
    ]);
    return { run, reviews, minReviews: OPTIMIZER_MIN_REVIEWS, personalized: Boolean(settings.weights) };
  });

  app.post(
    '/api/cards/optimizer',
    { config: { accepts: 'json' }, preHandler: optimizerLimit },
    async (request, reply): Promise<{ run: OptimizerRun }> => {
      const user = requireUser(request);
      requireAnalytics(user);
      const { tz } = parseInput(TimeZoneQuerySchema, request.body ?? {});
      const now = Date.now();
      const current = await latestRun(db, user.id, now);
      if (current?.status === 'running') return reply.code(202).send({ run: current });
      const reviews = await countReviews(db, user.id);
      if (reviews < OPTIMIZER_MIN_REVIEWS) {
        throw new HttpError(400, 'notEnoughReviews', notEnoughReviewsMessage(reviews));
      }
      const run = await insertRun(db, user.id, now);
      void runOptimizer(db, { id: run.id, userId: user.id, tz }, (error) =>
        request.log.error({ err: error }, 'optimizer run failed'),
      );
      return reply.code(202).send({ run });
    },
  );

  app.get('/api/cards/optimizer/:id', async (request): Promise<{ run: OptimizerRun }> => {
    const user = requireUser(request);
    const { id } = parseInput(RunIdParamsSchema, request.params ?? {});
    const run = await getOwnRun(db, user.id, id, Date.now());
    if (!run) throw runNotFound();
    return { run };
  });

  /** Cancelling ends the run at once; its child process is killed at the next heartbeat and nothing it fitted is saved. */
  app.post(
    '/api/cards/optimizer/:id/cancel',
    { config: { accepts: 'json' } },
    async (request): Promise<{ run: OptimizerRun }> => {
      const user = requireUser(request);
      const { id } = parseInput(RunIdParamsSchema, request.params ?? {});
      if (!(await getOwnRun(db, user.id, id, Date.now()))) throw runNotFound();
      await endRun(db, id, { status: 'cancelled', message: 'Cancelled. Nothing was changed.' }, Date.now());
      return { run: (await getOwnRun(db, user.id, id, Date.now()))! };
    },
  );
}
