import type { FastifyInstance } from 'fastify';
import type { LogoutResponse, UserStatusResponse } from '@turtle/shared/user';
import type { Db } from '../../db/database';
import { endSession } from '../sessions/sessions';
import { toUserResponse } from './user-response';

export function userRoutes(app: FastifyInstance, db: Db, secureCookies: boolean): void {
  /** Signed out answers `200 {}` (rules.md): the HttpOnly cookie is invisible to the client, so it always asks. */
  app.get('/api/user/status', async (request): Promise<UserStatusResponse> => {
    return request.auth ? toUserResponse(request.auth.user) : {};
  });

  app.post('/api/user/logout', async (request, reply): Promise<LogoutResponse> => {
    await endSession(db, request, reply, secureCookies);
    return { ok: true };
  });
}
