import type { LoginBodySchema, ResetPasswordBodySchema, SignupBodySchema, ThirdPartyLoginBodySchema } from '../auth';
import type { LogoutResponse, User, UserStatusResponse } from '../user';
import { endpointTable, get, post } from './endpoint';
import type { OidcCallbackQuerySchema, OidcStartQuerySchema } from './oidc-queries';

/** docs/api.md "Accounts and sessions" and "Third-party sign-in (OIDC, inside the popup)". */
export const sessionEndpoints = endpointTable<SessionShapes>()({
  status: get('/api/user/status'),
  signup: post('/api/user/signup', { encoding: 'form' }),
  login: post('/api/user/login', { encoding: 'form' }),
  loginThirdParty: post('/api/user/login_3rd_party', { encoding: 'form' }),
  logout: post('/api/user/logout'),
  /** A one-time link an administrator made: sets a new password and signs in (decision 037). */
  resetPassword: post('/api/user/reset-password', { encoding: 'json' }),
  /** Opened in the sign-in popup: a redirect to the provider, or the failure page. */
  oidcStart: get('/api/auth/oidc/start', { kind: 'page' }),
  /** The provider sends the popup back here; the page answers the window that opened it. */
  oidcCallback: get('/api/auth/oidc/callback', { kind: 'page' }),
});

/** What each entry above takes and answers: its body, query and path parameters (as schemas) and its answer. */
type SessionShapes = {
  status: { response: UserStatusResponse };
  signup: { body: typeof SignupBodySchema; response: User };
  login: { body: typeof LoginBodySchema; response: User };
  loginThirdParty: { body: typeof ThirdPartyLoginBodySchema; response: User };
  logout: { response: LogoutResponse };
  resetPassword: { body: typeof ResetPasswordBodySchema; response: User };
  oidcStart: { query: typeof OidcStartQuerySchema };
  oidcCallback: { query: typeof OidcCallbackQuerySchema };
};
