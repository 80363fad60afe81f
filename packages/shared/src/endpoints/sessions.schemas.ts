import { LoginBodySchema, SignupBodySchema, ThirdPartyLoginBodySchema } from '../auth';
import { withInputSchemas } from './input-schemas';
import { OidcCallbackQuerySchema, OidcStartQuerySchema } from './oidc-queries';
import { sessionEndpoints as entries } from './sessions';

/** `./sessions.ts` with the schemas that check each entry's input: the server makes its routes from these. */
export const sessionEndpoints = withInputSchemas(entries, {
  signup: { body: SignupBodySchema },
  login: { body: LoginBodySchema },
  loginThirdParty: { body: ThirdPartyLoginBodySchema },
  oidcStart: { query: OidcStartQuerySchema },
  oidcCallback: { query: OidcCallbackQuerySchema },
});
