import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ADMIN_PEOPLE_PAGE_SIZE, REAUTH_MESSAGES, REAUTH_WINDOW_MS } from '@turtle/shared/admin';
import { RESET_PASSWORD_PATH } from '@turtle/shared/auth';
import { adminEndpoints } from '@turtle/shared/endpoints/admin.schemas';
import { ROLE_ADMINISTRATOR } from '@turtle/shared/roles';
import type { ModelPrice } from '../../config/model-prices';
import type { Db } from '../../db/database';
import { HttpError } from '../../lib/http-error';
import { route } from '../../lib/route';
import { listAudit } from '../../core/audit/audit.repository';
import { readBillingFigures } from '../../core/identity/billing-figures';
import { sessionCache } from '../../core/identity/session-cache';
import type { UserRow } from '../../core/identity/users.repository';
import { businessFigures, periodStart } from './business.repository';
import { deletePerson } from './delete-person';
import { marginsSince } from './margins';
import { findPerson, listPeople, signOutEverywhere } from './people.repository';
import { endComplimentary, grantComplimentary } from './complimentary';
import { makeResetLink } from './reset-link';
import { usageSince } from './usage.repository';
import { restorePerson, suspendPerson } from './suspension.repository';

const AUDIT_LIMIT = 200;

/**
 * Only an administrator reaches these routes. Anyone else, signed in or not, gets the 404 an unknown path gets, so
 * the console's existence is not advertised (docs/decisions/037-administrators.md).
 */
export function requireAdministrator(request: FastifyRequest): UserRow {
  const user = request.auth?.user;
  if (user?.role === ROLE_ADMINISTRATOR) return user;
  throw new HttpError(404, 'notFound', `Nothing is at ${request.method} ${request.url.split('?')[0]}.`);
}

/**
 * Destructive actions (suspend, a reset link, delete) ask for the administrator's password again when it was last
 * entered, or the sign-in made, more than REAUTH_WINDOW_MS ago (decision 037).
 */
function requireFreshProof(request: FastifyRequest): void {
  const auth = request.auth!;
  if (Date.now() - auth.verifiedAt <= REAUTH_WINDOW_MS) return;
  const message = auth.user.passwordHash ? REAUTH_MESSAGES.password : REAUTH_MESSAGES.provider;
  throw new HttpError(403, 'reauthRequired', message);
}

/** The operator console's API (docs/api.md "Administration"). */
export function adminRoutes(app: FastifyInstance, db: Db, modelPrices: Record<string, ModelPrice>): void {
  const options = { user: requireAdministrator };

  route(app, adminEndpoints.people, options, async ({ query }) => {
    const { people, total } = await listPeople(db, query);
    return { people, total, page: query.page, pageSize: ADMIN_PEOPLE_PAGE_SIZE };
  });

  route(app, adminEndpoints.signOutEverywhere, options, async ({ user, body: { id } }) => {
    const ended = await signOutEverywhere(db, user.id, id);
    if (ended === undefined) throw new HttpError(404, 'notFound', 'That person does not exist.');
    return { ok: true, sessionsEnded: ended };
  });

  const changed = async (id: string) => {
    const person = await findPerson(db, id);
    if (!person) throw new HttpError(404, 'notFound', 'That person does not exist.');
    return { ok: true as const, person };
  };

  route(app, adminEndpoints.suspend, options, async ({ user, body: { id, reason } }, request) => {
    requireFreshProof(request);
    const suspended = await suspendPerson(db, user.id, id, reason);
    if (!suspended) throw new HttpError(404, 'notFound', 'That person does not exist.');
    for (const sessionId of suspended.sessionIds) sessionCache.forget(sessionId);
    return changed(id);
  });

  route(app, adminEndpoints.restore, options, async ({ user, body: { id } }) => {
    if ((await restorePerson(db, user.id, id)) === undefined) {
      throw new HttpError(404, 'notFound', 'That person does not exist.');
    }
    return changed(id);
  });

  route(app, adminEndpoints.resetLink, options, async ({ user, body: { id } }, request) => {
    requireFreshProof(request);
    const link = await makeResetLink(db, user.id, id);
    if (!link) throw new HttpError(404, 'notFound', 'That person does not exist.');
    return { ok: true, path: `${RESET_PASSWORD_PATH}#${link.token}`, expiresAt: link.expiresAt };
  });

  route(app, adminEndpoints.grantComplimentary, options, async ({ user, body: { id, until } }) => {
    if (!(await grantComplimentary(db, user.id, id, until))) {
      throw new HttpError(404, 'notFound', 'That person does not exist.');
    }
    return changed(id);
  });

  route(app, adminEndpoints.endComplimentary, options, async ({ user, body: { id } }) => {
    if (!(await endComplimentary(db, user.id, id))) throw new HttpError(404, 'notFound', 'That person does not exist.');
    return changed(id);
  });

  route(app, adminEndpoints.deletePerson, options, async ({ user, body }, request) => {
    requireFreshProof(request);
    if (!(await deletePerson(app, db, user.id, body, request.log))) {
      throw new HttpError(404, 'notFound', 'That person does not exist.');
    }
    return { ok: true };
  });

  route(app, adminEndpoints.usage, options, async ({ query }) => {
    const since = periodStart(query.days, Date.now());
    return { since, ...(await usageSince(db, since, modelPrices)) };
  });

  route(app, adminEndpoints.business, options, async ({ query: { days } }) => {
    const now = Date.now();
    const since = periodStart(days, now);
    const figures = await businessFigures(db, days, await readBillingFigures(app, since, now), now);
    return { ...figures, margins: await marginsSince(db, since, days, figures, modelPrices) };
  });

  route(app, adminEndpoints.audit, options, async () => ({
    entries: (await listAudit(db, AUDIT_LIMIT)).map((entry) => ({
      ...entry,
      before: entry.before,
      after: entry.after,
    })),
  }));
}
