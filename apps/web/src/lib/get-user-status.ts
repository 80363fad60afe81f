import type { UserStatusResponse } from '@turtle/shared/user';
import { api } from './api-client';

export const getUserStatus = () => api.get<UserStatusResponse>('/api/user/status');
