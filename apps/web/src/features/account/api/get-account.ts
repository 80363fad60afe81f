import type { AccountResponse } from '@turtle/shared/account';
import { api } from '../../../lib/api-client';

export const getAccount = (signal?: AbortSignal) => api.get<AccountResponse>('/api/account', signal);
