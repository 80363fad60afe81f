import type { FastifyInstance } from 'fastify';
import type { HealthResponse } from '@turtle/shared/health';
import type { Database } from '../../db/database';
import { HttpError } from '../../lib/http-error';

export function healthRoutes(app: FastifyInstance, database: Database): void {
  app.get('/api/health', async (request): Promise<HealthResponse> => {
    // A load balancer stops sending here while the requests already received are answered.
    if (app.draining) throw new HttpError(503, 'unavailable', 'Turtle is shutting down.');
    try {
      await database.ping();
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      throw new HttpError(503, 'unavailable', 'The database is not reachable.');
    }
    return { status: 'ok', database: 'ok' };
  });
}
