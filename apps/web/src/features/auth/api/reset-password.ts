import type { ResetPasswordBody } from '@turtle/shared/auth';
import { sessionEndpoints } from '@turtle/shared/endpoints/sessions';
import { api } from '../../../lib/api-client';

export const resetPassword = (body: ResetPasswordBody) => api.call(sessionEndpoints.resetPassword, { body });
