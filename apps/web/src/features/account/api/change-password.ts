import type { ChangePasswordBody } from '@turtle/shared/account';
import { accountEndpoints } from '@turtle/shared/endpoints/account';
import { api } from '../../../lib/api-client';

export const changePassword = (body: ChangePasswordBody) => api.call(accountEndpoints.changePassword, { body });
