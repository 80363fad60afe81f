import type { User } from '@turtle/shared/user';
import { api } from '../../../lib/api-client';

/** rules.md "Third-party sign-in": what the popup handed over; the one-time ticket is what proves it. */
export type LoginThirdPartyBody = { name: string; email: string; ticket: string };

export const loginThirdParty = (body: LoginThirdPartyBody) => api.postForm<User>('/api/user/login_3rd_party', body);
