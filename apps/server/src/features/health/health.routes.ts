import type { FastifyInstance } from 'fastify';
import { healthAndConfigEndpoints } from '@turtle/shared/endpoints/health-and-config.schemas';
import type { Database } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import { route } from '../../lib/route';
import { redisHealth } from '../../plugins/rate-limit';

export function healthRoutes(app: FastifyInstance, database: Database): void {
  route(app, healthAndConfigEndpoints.health, {}, async (_input, request) => {
    // A load balancer stops sending here while the requests already received are answered.
    if (app.draining) throw new HttpError(503, 'unavailable', 'Turtle is shutting down.');
    const [databaseOk, redis] = await Promise.all([
      database.ping().then(
        () => true,
        (error: unknown) => {
          request.log.error({ err: error }, 'health check: database unreachable');
          return false;
        },
      ),
      redisHealth(app),
    ]);
    if (!databaseOk) throw new HttpError(503, 'unavailable', 'The database is not reachable.');
    // Without Redis this process still serves, under stricter limits of its own: degraded, not down.
    return { status: redis === 'unavailable' ? 'degraded' : 'ok', database: 'ok', redis };
  });
}
