import type { LoginBody } from '@turtle/shared/auth';
import type { User } from '@turtle/shared/user';
import { api } from '../../../lib/api-client';

export const login = (body: LoginBody) => api.postForm<User>('/api/user/login', body);
