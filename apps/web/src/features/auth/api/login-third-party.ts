import type { ThirdPartyLoginBody } from '@turtle/shared/auth';
import { sessionEndpoints } from '@turtle/shared/endpoints/sessions';
import { api } from '../../../lib/api-client';

/** rules.md "Third-party sign-in": what the popup handed over; the one-time ticket is what proves it. */
export const loginThirdParty = (body: ThirdPartyLoginBody) => api.call(sessionEndpoints.loginThirdParty, { body });
