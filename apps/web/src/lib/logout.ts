import { sessionEndpoints } from '@turtle/shared/endpoints/sessions';
import { api } from './api-client';

export const logout = () => api.call(sessionEndpoints.logout);
