import type { SignupBody } from '@turtle/shared/auth';
import type { User } from '@turtle/shared/user';
import { api } from '../../../lib/api-client';

export const signup = (body: SignupBody) => api.postForm<User>('/api/user/signup', body);
