import type { DeleteAccountBody } from '@turtle/shared/account';
import { accountEndpoints } from '@turtle/shared/endpoints/account';
import { api } from '../../../lib/api-client';

export const deleteAccount = (body: DeleteAccountBody) => api.call(accountEndpoints.delete, { body });
