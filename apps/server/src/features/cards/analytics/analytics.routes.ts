import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CardAnalytics } from '@turtle/shared/cards-analytics';
import { notEnoughReviewsMessage, OPTIMIZER_MIN_REVIEWS } from '@turtle/shared/cards-optimizer';
import { cardAnalyticsEndpoints } from '@turtle/shared/endpoints/cards/analytics.schemas';
import { HttpError } from '../../../lib/http-error';
import { route } from '../../../lib/route';
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

/** The caller, who must hold Pro: refused (403) before the input is even checked. */
function proUser(request: FastifyRequest) {
  const user = requireUser(request);
  requireAnalytics(user);
  return user;
}

/** Learning analytics and the optimizer, both Pro's (docs/decisions/013-analytics-and-optimizer.md). */
export function analyticsRoutes(app: FastifyInstance, { db }: CardsOptions): void {
  const optimizerLimit = rateLimited(app, [
    { name: 'cards-optimizer', max: OPTIMIZER_RUNS_PER_HOUR, windowMs: 3_600_000, key: perUser },
  ]);

  route(app, cardAnalyticsEndpoints.analytics, { user: proUser }, async ({ user, query: { deckId, tz, days } }) => {
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

  route(app, cardAnalyticsEndpoints.optimizer, { user: proUser }, async ({ user }) => {
    const [run, reviews, settings] = await Promise.all([
      latestRun(db, user.id, Date.now()),
      countReviews(db, user.id),
      getCardSettings(db, user.id),
    ]);
    return { run, reviews, minReviews: OPTIMIZER_MIN_REVIEWS, personalized: Boolean(settings.weights) };
  });

  route(
    app,
    cardAnalyticsEndpoints.startOptimizer,
    { user: proUser, preHandler: optimizerLimit },
    async ({ user, body: { tz } }, request, reply) => {
      const now = Date.now();
      const current = await latestRun(db, user.id, now);
      // 202 either way: the run goes on (or was already going) after the answer.
      if (current?.status === 'running') {
        reply.code(202);
        return { run: current };
      }
      const reviews = await countReviews(db, user.id);
      if (reviews < OPTIMIZER_MIN_REVIEWS) {
        throw new HttpError(400, 'notEnoughReviews', notEnoughReviewsMessage(reviews));
      }
      const run = await insertRun(db, user.id, now);
      void runOptimizer(db, { id: run.id, userId: user.id, tz }, (error) =>
        request.log.error({ err: error }, 'optimizer run failed'),
      );
      reply.code(202);
      return { run };
    },
  );

  route(app, cardAnalyticsEndpoints.run, { user: requireUser }, async ({ user, params: { id } }) => {
    const run = await getOwnRun(db, user.id, id, Date.now());
    if (!run) throw runNotFound();
    return { run };
  });

  /** Cancelling ends the run at once; its child process is killed at the next heartbeat and nothing it fitted is saved. */
  route(app, cardAnalyticsEndpoints.cancelRun, { user: requireUser }, async ({ user, params: { id } }) => {
    if (!(await getOwnRun(db, user.id, id, Date.now()))) throw runNotFound();
    await endRun(db, id, { status: 'cancelled', message: 'Cancelled. Nothing was changed.' }, Date.now());
    return { run: (await getOwnRun(db, user.id, id, Date.now()))! };
  });
}
