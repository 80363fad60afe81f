import type { SignupBody } from '@turtle/shared/auth';
import { sessionEndpoints } from '@turtle/shared/endpoints/sessions';
import { api } from '../../../lib/api-client';

export const signup = (body: SignupBody) => api.call(sessionEndpoints.signup, { body });
