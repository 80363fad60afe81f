import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, LoginBodySchema, normalizeEmail, SignupBodySchema } from '@turtle/shared/auth';
import type { User } from '@turtle/shared/user';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/unique-violation';
import { HttpError } from '../../lib/http-error';
import { parseInput } from '../../lib/validate';
import { rateLimited } from '../../plugins/rate-limit';
import { startSession } from '../sessions/sessions';
import { toUserResponse } from '../user/user-response';
import { findUserByEmail, insertUser } from '../user/users.repository';
import { logAuthEvent } from './auth-log';
import { LOGIN_LIMITS, SIGNUP_LIMITS } from './auth-rate-limits';
import { hashPassword, verifyPassword } from './password';

const emailAlreadyUsed = () => new HttpError(409, 'emailAlreadyUsed', AUTH_MESSAGES.emailAlreadyUsed, 'email');

/** SPEC 7: form-encoded signup and login; each answers the user and starts a new session. */
export function signupLoginRoutes(app: FastifyInstance, db: Db, secureCookies: boolean): void {
  app.post(
    '/api/user/signup',
    { config: { accepts: 'form' }, preHandler: rateLimited(app, SIGNUP_LIMITS) },
    async (request, reply): Promise<User> => {
      const body = parseInput(SignupBodySchema, request.body ?? {});
      const email = normalizeEmail(body.email);
      if (await findUserByEmail(db, email)) {
        logAuthEvent(request, 'signup', 'emailAlreadyUsed', { email });
        throw emailAlreadyUsed();
      }
      const passwordHash = await hashPassword(body.password);
      let user;
      try {
        user = await insertUser(db, { id: randomUUID(), name: body.name, email, passwordHash });
      } catch (error) {
        // Two signups for one email at once: the unique index lets exactly one through.
        if (isUniqueViolation(error)) throw emailAlreadyUsed();
        throw error;
      }
      await startSession(db, request, reply, user.id, secureCookies);
      logAuthEvent(request, 'signup', 'success', { userId: user.id });
      return toUserResponse(user);
    },
  );

  app.post(
    '/api/user/login',
    { config: { accepts: 'form' }, preHandler: rateLimited(app, LOGIN_LIMITS) },
    async (request, reply): Promise<User> => {
      const body = parseInput(LoginBodySchema, request.body ?? {});
      const email = normalizeEmail(body.email);
      const user = await findUserByEmail(db, email);
      if (!user) {
        logAuthEvent(request, 'login', 'emailNotFound', { email });
        throw new HttpError(401, 'emailNotFound', AUTH_MESSAGES.emailNotFound, 'email');
      }
      if (!user.passwordHash) {
        logAuthEvent(request, 'login', 'passwordNotSet', { userId: user.id });
        throw new HttpError(
          401,
          'passwordNotSet',
          'This account signs in with a "Continue with" button, not a password.',
          'password',
        );
      }
      if (!(await verifyPassword(user.passwordHash, body.password))) {
        logAuthEvent(request, 'login', 'invalidPassword', { userId: user.id });
        throw new HttpError(401, 'invalidPassword', AUTH_MESSAGES.invalidPassword, 'password');
      }
      await startSession(db, request, reply, user.id, secureCookies);
      logAuthEvent(request, 'login', 'success', { userId: user.id });
      return toUserResponse(user);
    },
  );
}
