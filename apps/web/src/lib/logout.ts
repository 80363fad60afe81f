import type { LogoutResponse } from '@turtle/shared/user';
import { api } from './api-client';

export const logout = () => api.post<LogoutResponse>('/api/user/logout');
