import type { LoginBodySchema, SignupBodySchema, ThirdPartyLoginBodySchema } from '../auth';
import type { LogoutResponse, User, UserStatusResponse } from '../user';
import { defineEndpoints, shapes } from './endpoint';
import type { OidcCallbackQuerySchema, OidcStartQuerySchema } from './oidc-queries';

/** docs/api.md "Accounts and sessions" and "Third-party sign-in (OIDC, inside the popup)". */
export const sessionEndpoints = defineEndpoints({
  status: { method: 'GET', path: '/api/user/status', shapes: shapes<{ response: UserStatusResponse }>() },
  signup: {
    method: 'POST',
    path: '/api/user/signup',
    encoding: 'form',
    shapes: shapes<{ body: typeof SignupBodySchema; response: User }>(),
  },
  login: {
    method: 'POST',
    path: '/api/user/login',
    encoding: 'form',
    shapes: shapes<{ body: typeof LoginBodySchema; response: User }>(),
  },
  loginThirdParty: {
    method: 'POST',
    path: '/api/user/login_3rd_party',
    encoding: 'form',
    shapes: shapes<{ body: typeof ThirdPartyLoginBodySchema; response: User }>(),
  },
  logout: { method: 'POST', path: '/api/user/logout', shapes: shapes<{ response: LogoutResponse }>() },
  /** Opened in the sign-in popup: a redirect to the provider, or the failure page. */
  oidcStart: {
    method: 'GET',
    path: '/api/auth/oidc/start',
    kind: 'page',
    shapes: shapes<{ query: typeof OidcStartQuerySchema }>(),
  },
  /** The provider sends the popup back here; the page answers the window that opened it. */
  oidcCallback: {
    method: 'GET',
    path: '/api/auth/oidc/callback',
    kind: 'page',
    shapes: shapes<{ query: typeof OidcCallbackQuerySchema }>(),
  },
});
