import type { ChangePasswordBody, OkResponse } from '@turtle/shared/account';
import { api } from '../../../lib/api-client';

export const changePassword = (body: ChangePasswordBody) => api.postJson<OkResponse>('/api/account/password', body);
