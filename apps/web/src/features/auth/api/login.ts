import type { LoginBody } from '@turtle/shared/auth';
import { sessionEndpoints } from '@turtle/shared/endpoints/sessions';
import { api } from '../../../lib/api-client';

export const login = (body: LoginBody) => api.call(sessionEndpoints.login, { body });
