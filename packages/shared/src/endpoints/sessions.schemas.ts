import * as auth from '../auth';
import { withInputSchemas } from './input-schemas';
import { OidcCallbackQuerySchema, OidcStartQuerySchema } from './oidc-queries';
import { sessionEndpoints as entries } from './sessions';

/** `./sessions.ts` with the schemas that check each entry's input: the server makes its routes from these. */
export const sessionEndpoints = withInputSchemas(entries, {
  signup: { body: auth.SignupBodySchema },
  login: { body: auth.LoginBodySchema },
  loginThirdParty: { body: auth.ThirdPartyLoginBodySchema },
  resetPassword: { body: auth.ResetPasswordBodySchema },
  oidcStart: { query: OidcStartQuerySchema },
  oidcCallback: { query: OidcCallbackQuerySchema },
});
