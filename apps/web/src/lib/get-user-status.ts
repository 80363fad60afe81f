import { sessionEndpoints } from '@turtle/shared/endpoints/sessions';
import { api } from './api-client';

export const getUserStatus = () => api.call(sessionEndpoints.status);
