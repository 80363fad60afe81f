import { sessionEndpoints } from '@turtle/shared/endpoints/sessions';
import { apiUrl } from '../../../lib/api-url';

/** What the sign-in popup opens: the provider's page, by way of the server (rules.md "Third-party sign-in"). */
export const signInStartUrl = (nonce: string) => apiUrl(sessionEndpoints.oidcStart, { query: { nonce } });
