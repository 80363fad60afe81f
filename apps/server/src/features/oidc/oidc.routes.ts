import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { normalizeEmail, SIGN_IN_MESSAGE_TYPE, type SignInMessage } from '@turtle/shared/auth';
import { MINUTE_MS } from '@turtle/shared/constants';
import { sessionEndpoints } from '@turtle/shared/endpoints/sessions.schemas';
import type { Db } from '../../db/database';
import { appOrigin } from '../../lib/app-origin';
import { route } from '../../lib/route';
import { rateLimited } from '../../plugins/rate-limit';
import { deleteExpiredLoginTickets, insertLoginTicket } from '../../core/identity/login-tickets.repository';
import { popupFriendly, TICKET_BINDING_COOKIE, TICKET_BINDING_COOKIE_PATH } from '../../core/identity/sign-in-popup';
import { hashSessionToken } from '../../core/identity/session-token';
import { deleteExpiredOidcFlows, insertOidcFlow, takeOidcFlow } from './oidc-flows.repository';
import { POPUP_PAGE_CSP, popupPage } from './popup-page';
import type { RelyingParty } from './relying-party';

const { oidcStart, oidcCallback } = sessionEndpoints;
export const OIDC_CALLBACK_PATH = oidcCallback.path;
const FLOW_TTL_MS = 10 * MINUTE_MS;
/** rules.md: a ticket is valid 2 minutes. */
export const TICKET_TTL_MS = 2 * MINUTE_MS;

interface FlowCookie {
  name: string;
  path: string;
  ttlMs: number;
}
const STATE_COOKIE: FlowCookie = { name: 'sid_oidc_state', path: '/api/auth/oidc', ttlMs: FLOW_TTL_MS };
const BINDING_COOKIE: FlowCookie = {
  name: TICKET_BINDING_COOKIE,
  path: TICKET_BINDING_COOKIE_PATH,
  ttlMs: TICKET_TTL_MS,
};

interface OidcRouteOptions {
  db: Db;
  relyingParty: RelyingParty;
  publicOrigin: string | undefined;
  secureCookies: boolean;
}

/**
 * rules.md "Third-party sign-in": the popup opens the start route, which runs the authorization-code flow with
 * PKCE, `state` and `nonce`. The callback verifies the ID token, requires a verified email and hands the opener a
 * one-time ticket for `POST /api/user/login_3rd_party`.
 */
export function oidcRoutes(app: FastifyInstance, options: OidcRouteOptions): void {
  const { db, relyingParty, publicOrigin } = options;
  /** The flow's short-lived cookies: HttpOnly, SameSite=Lax (the provider's redirect back is a top-level GET). */
  const setFlowCookie = (request: FastifyRequest, reply: FastifyReply, cookie: FlowCookie, value: string) =>
    reply.setCookie(cookie.name, value, {
      path: cookie.path,
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookies || request.protocol === 'https',
      maxAge: cookie.ttlMs / 1000,
    });

  // Each start writes a row; a flood from one address is cut off (the sweep below removes what it left).
  const startLimit = rateLimited(app, [
    { name: 'oidc-start-ip', max: 20, windowMs: MINUTE_MS, key: (request) => request.ip },
  ]);
  // Both are pages in the popup: a refused query gets the failure page, never JSON, so each checks its own.
  route(app, oidcStart, { preHandler: startLimit }, async (_input, request, reply) => {
    const query = oidcStart.schemas.query.safeParse(request.query);
    if (!query.success) return failurePage(reply, appOrigin(request, publicOrigin), 400);
    const origin = appOrigin(request, publicOrigin);
    const redirectUri = origin + OIDC_CALLBACK_PATH;
    let config: client.Configuration;
    try {
      config = await relyingParty(origin);
    } catch (error) {
      request.log.warn({ err: error }, 'sign-in provider discovery failed');
      return failurePage(reply, origin, 502);
    }
    // Abandoned popups leave rows behind; each new sign-in sweeps the expired ones.
    await deleteExpiredOidcFlows(db, new Date());
    await deleteExpiredLoginTickets(db, new Date());
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    await insertOidcFlow(db, {
      id: hashSessionToken(state),
      codeVerifier,
      nonce,
      popupNonce: query.data.nonce,
      redirectUri,
      expiresAt: new Date(Date.now() + FLOW_TTL_MS),
    });
    // The callback must come back to this browser: it carries `state` in a cookie as well as in the URL.
    setFlowCookie(request, reply, STATE_COOKIE, state);
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    popupFriendly(reply);
    return reply.redirect(url.href, 302);
  });

  route(app, oidcCallback, {}, async (_input, request, reply) => {
    const fallbackOrigin = appOrigin(request, publicOrigin);
    const cookieState = request.cookies[STATE_COOKIE.name];
    reply.clearCookie(STATE_COOKIE.name, { path: STATE_COOKIE.path });
    const query = oidcCallback.schemas.query.safeParse(request.query);
    if (!query.success || !cookieState || query.data.state !== cookieState) {
      return failurePage(reply, fallbackOrigin, 400);
    }
    const flow = await takeOidcFlow(db, hashSessionToken(query.data.state));
    if (!flow || flow.expiresAt.getTime() <= Date.now()) return failurePage(reply, fallbackOrigin, 400);
    const origin = new URL(flow.redirectUri).origin;

    let claims: client.IDToken | undefined;
    try {
      const config = await relyingParty(origin);
      const currentUrl = new URL(flow.redirectUri);
      currentUrl.search = new URL(request.url, origin).search;
      const tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: query.data.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (error) {
      request.log.warn({ err: error }, 'sign-in callback refused');
      return failurePage(reply, origin, 400);
    }
    if (!claims || typeof claims.email !== 'string' || claims.email_verified !== true) {
      request.log.warn({ issuer: claims?.iss }, 'sign-in refused: no verified email');
      return failurePage(reply, origin, 400);
    }

    const ticket = randomBytes(32).toString('base64url');
    const binding = randomBytes(32).toString('base64url');
    const email = normalizeEmail(claims.email);
    const name = typeof claims.name === 'string' ? claims.name : '';
    await insertLoginTicket(db, {
      id: hashSessionToken(ticket),
      bindingHash: hashSessionToken(binding),
      issuer: claims.iss,
      subject: claims.sub,
      email,
      name,
      expiresAt: new Date(Date.now() + TICKET_TTL_MS),
    });
    setFlowCookie(request, reply, BINDING_COOKIE, binding);
    const message: SignInMessage = { type: SIGN_IN_MESSAGE_TYPE, nonce: flow.popupNonce, name, email, ticket };
    return sendPopupPage(reply, origin, message, 200);
  });
}

function failurePage(reply: FastifyReply, origin: string, status: number) {
  return sendPopupPage(reply, origin, null, status);
}

function sendPopupPage(reply: FastifyReply, origin: string, message: SignInMessage | null, status: number) {
  popupFriendly(reply);
  return reply
    .code(status)
    .header('content-security-policy', POPUP_PAGE_CSP)
    .type('text/html; charset=utf-8')
    .send(popupPage(origin, message));
}
