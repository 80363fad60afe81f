import { accountEndpoints } from '@turtle/shared/endpoints/account';
import { api } from '../../../lib/api-client';

export const getAccount = (signal?: AbortSignal) => api.call(accountEndpoints.get, { signal });
