import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, normalizeEmail } from '@turtle/shared/auth';
import { sessionEndpoints } from '@turtle/shared/endpoints/sessions.schemas';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/unique-violation';
import { HttpError } from '../../lib/http-error';
import { route } from '../../lib/route';
import { countAttempt, createLimiter, rateLimited, tooManyAttempts } from '../../plugins/rate-limit';
import { startSession } from '../../core/identity/sessions';
import { refuseIfSuspended } from '../../core/identity/suspension';
import { toUserResponse } from '../../core/identity/user-response';
import { findUserByEmail, insertUser } from '../../core/identity/users.repository';
import { logAuthEvent } from './auth-log';
import { emailKey, LOGIN_LIMITS, SIGNUP_EMAIL_LIMIT, SIGNUP_LIMITS } from './auth-rate-limits';
import { knownDeviceOf, rememberDevice } from './known-device';
import { createLoginThrottle } from './login-throttle';
import { hashPassword, verifyPassword } from './password';

const emailAlreadyUsed = () => new HttpError(409, 'emailAlreadyUsed', AUTH_MESSAGES.emailAlreadyUsed, 'email');

/** product.md §7: form-encoded signup and login; each answers the user and starts a new session. */
export function signupLoginRoutes(app: FastifyInstance, db: Db, secureCookies: boolean, supportEmail: string): void {
  const throttle = createLoginThrottle(app);
  const signupsPerEmail = createLimiter(app, SIGNUP_EMAIL_LIMIT);
  route(
    app,
    sessionEndpoints.signup,
    { preHandler: rateLimited(app, SIGNUP_LIMITS) },
    async ({ body }, request, reply) => {
      const email = normalizeEmail(body.email);
      await countAttempt(signupsPerEmail, emailKey(email), reply);
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
      await rememberDevice(db, request, reply, user.id, secureCookies);
      logAuthEvent(request, 'signup', 'success', { userId: user.id });
      return toUserResponse(user);
    },
  );

  route(
    app,
    sessionEndpoints.login,
    { preHandler: rateLimited(app, LOGIN_LIMITS) },
    async ({ body }, request, reply) => {
      const email = normalizeEmail(body.email);
      const user = await findUserByEmail(db, email);
      // Failures from a browser the owner signed in on before count apart: guesses elsewhere never lock them out.
      const device = user ? await knownDeviceOf(db, request, user.id) : undefined;
      const throttleKey = device ? `device:${device}` : emailKey(email);
      const waitMs = await throttle.waitMs(throttleKey);
      if (waitMs > 0) {
        logAuthEvent(request, 'login', 'throttled', { userId: user?.id, email });
        throw tooManyAttempts(reply, waitMs);
      }
      if (!user) {
        await throttle.recordFailure(throttleKey);
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
        await throttle.recordFailure(throttleKey);
        logAuthEvent(request, 'login', 'invalidPassword', { userId: user.id });
        throw new HttpError(401, 'invalidPassword', AUTH_MESSAGES.invalidPassword, 'password');
      }
      await throttle.reset(throttleKey);
      // Only to someone who knows the password: whether an account is suspended is nobody else's business.
      if (user.suspendedAt !== null) logAuthEvent(request, 'login', 'suspended', { userId: user.id });
      refuseIfSuspended(user, supportEmail);
      await startSession(db, request, reply, user.id, secureCookies);
      await rememberDevice(db, request, reply, user.id, secureCookies);
      logAuthEvent(request, 'login', 'success', { userId: user.id });
      return toUserResponse(user);
    },
  );
}
