import type { UserStatusResponse } from '@turtle/shared/user';
import { api } from '../../../lib/api-client';

/** Who is signed in, with their current membership (the membership page refreshes it on open). */
export const getUserStatus = () => api.get<UserStatusResponse>('/api/user/status');
