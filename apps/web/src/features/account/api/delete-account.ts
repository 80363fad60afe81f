import type { DeleteAccountBody, OkResponse } from '@turtle/shared/account';
import { api } from '../../../lib/api-client';

export const deleteAccount = (body: DeleteAccountBody) => api.postJson<OkResponse>('/api/account/delete', body);
