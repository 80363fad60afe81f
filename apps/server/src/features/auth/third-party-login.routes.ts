import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AUTH_MESSAGES, normalizeEmail } from '@turtle/shared/auth';
import { NAME_MAX_LENGTH, NAME_MIN_LENGTH } from '@turtle/shared/constants';
import { sessionEndpoints } from '@turtle/shared/endpoints/sessions.schemas';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/unique-violation';
import { HttpError } from '../../lib/http-error';
import { route } from '../../lib/route';
import { rateLimited } from '../../plugins/rate-limit';
import { hashSessionToken } from '../../core/identity/session-token';
import { startSession } from '../../core/identity/sessions';
import { refuseIfSuspended } from '../../core/identity/suspension';
import { toUserResponse } from '../../core/identity/user-response';
import {
  findUserByEmail,
  findUserByIdentity,
  insertIdentity,
  insertUser,
  type UserRow,
} from '../../core/identity/users.repository';
import { logAuthEvent } from './auth-log';
import { THIRD_PARTY_LOGIN_LIMITS } from './auth-rate-limits';
import { takeLoginTicket, type LoginTicketRow } from '../../core/identity/login-tickets.repository';
import { TICKET_BINDING_COOKIE, TICKET_BINDING_COOKIE_PATH } from '../../core/identity/sign-in-popup';

const invalidTicket = () => new HttpError(401, 'invalidTicket', 'This sign-in has expired. Please try again.');
const accountExists = () => new HttpError(409, 'accountExists', AUTH_MESSAGES.accountExists, 'email');

/**
 * rules.md "Third-party sign-in": `name` and `email` alone prove nothing. The one-time ticket the popup got
 * from a verified OIDC sign-in must be unused, unexpired, for this email and from this browser.
 */
export function thirdPartyLoginRoutes(
  app: FastifyInstance,
  db: Db,
  secureCookies: boolean,
  supportEmail: string,
): void {
  route(
    app,
    sessionEndpoints.loginThirdParty,
    { preHandler: rateLimited(app, THIRD_PARTY_LOGIN_LIMITS) },
    async ({ body }, request, reply) => {
      const email = normalizeEmail(body.email);
      // Taken (deleted) before any check: a ticket is spent by its first use, right or wrong.
      const ticket = body.ticket ? await takeLoginTicket(db, hashSessionToken(body.ticket)) : undefined;
      const binding = request.cookies[TICKET_BINDING_COOKIE];
      reply.clearCookie(TICKET_BINDING_COOKIE, { path: TICKET_BINDING_COOKIE_PATH });
      if (
        !ticket ||
        ticket.expiresAt.getTime() <= Date.now() ||
        !binding ||
        hashSessionToken(binding) !== ticket.bindingHash ||
        ticket.email !== email
      ) {
        logAuthEvent(request, 'login_3rd_party', 'invalidTicket', { email });
        throw invalidTicket();
      }
      const user = await userForTicket(db, ticket);
      if (user.suspendedAt !== null) logAuthEvent(request, 'login_3rd_party', 'suspended', { userId: user.id });
      refuseIfSuspended(user, supportEmail);
      await startSession(db, request, reply, user.id, secureCookies);
      logAuthEvent(request, 'login_3rd_party', 'success', { userId: user.id });
      return toUserResponse(user);
    },
  );
}

/**
 * The account of this (issuer, subject), or a new one. Never links silently: an email that already belongs to an
 * account made another way (password, or another provider) is refused, so no provider can take an account over.
 */
async function userForTicket(db: Db, ticket: LoginTicketRow): Promise<UserRow> {
  const known = await findUserByIdentity(db, ticket.issuer, ticket.subject);
  if (known) return known;
  if (await findUserByEmail(db, ticket.email)) throw accountExists();
  try {
    return await db.transaction(async (tx) => {
      const user = await insertUser(tx, { id: randomUUID(), name: displayName(ticket), email: ticket.email });
      await insertIdentity(tx, { issuer: ticket.issuer, subject: ticket.subject, userId: user.id });
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw accountExists();
    throw error;
  }
}

/** The provider's name fitted to our 2 to 30 characters; the email's local part when it gives none. */
function displayName(ticket: LoginTicketRow): string {
  const name = ticket.name.trim().slice(0, NAME_MAX_LENGTH).trim();
  if (name.length >= NAME_MIN_LENGTH) return name;
  return ticket.email.split('@')[0]!.slice(0, NAME_MAX_LENGTH).padEnd(NAME_MIN_LENGTH, '_');
}
