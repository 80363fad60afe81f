import type { PublicConfig } from '@turtle/shared/app-config';
import { api } from '../lib/api-client';

export const getPublicConfig = () => api.get<PublicConfig>('/api/config');
