import type { FastifyInstance } from 'fastify';
import { sessionEndpoints } from '@turtle/shared/endpoints/sessions.schemas';
import type { Db } from '../../db/database';
import { route } from '../../lib/route';
import { endSession } from '../../core/identity/sessions';
import { toUserResponse } from '../../core/identity/user-response';

export function userRoutes(app: FastifyInstance, db: Db, secureCookies: boolean): void {
  /** Signed out answers `200 {}` (rules.md): the HttpOnly cookie is invisible to the client, so it always asks. */
  route(app, sessionEndpoints.status, {}, async (_input, request) => {
    return request.auth ? toUserResponse(request.auth.user) : {};
  });

  route(app, sessionEndpoints.logout, {}, async (_input, request, reply) => {
    await endSession(db, request, reply, secureCookies);
    return { ok: true };
  });
}
