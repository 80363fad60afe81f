import { healthAndConfigEndpoints } from '@turtle/shared/endpoints/health-and-config';
import { api } from '../lib/api-client';

export const getPublicConfig = () => api.call(healthAndConfigEndpoints.config);
