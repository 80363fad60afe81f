import type { AdminPeopleQuery } from '@turtle/shared/admin';
import { accountEndpoints } from '@turtle/shared/endpoints/account';
import { adminEndpoints } from '@turtle/shared/endpoints/admin';
import { api } from '../../../lib/api-client';

export type PeopleQuery = Pick<AdminPeopleQuery, 'sort' | 'order' | 'page'> & { q: string };

export const listPeople = ({ q, ...rest }: PeopleQuery, signal?: AbortSignal) =>
  api.call(adminEndpoints.people, { query: { ...rest, ...(q.trim() ? { q: q.trim() } : {}) }, signal });

export const signOutEverywhere = (id: string) => api.call(adminEndpoints.signOutEverywhere, { body: { id } });

export const listAudit = (signal?: AbortSignal) => api.call(adminEndpoints.audit, { signal });

export const suspendPerson = (id: string, reason: string) => api.call(adminEndpoints.suspend, { body: { id, reason } });

export const restorePerson = (id: string) => api.call(adminEndpoints.restore, { body: { id } });

export const makeResetLink = (id: string) => api.call(adminEndpoints.resetLink, { body: { id } });

export const grantComplimentary = (id: string, until: number) =>
  api.call(adminEndpoints.grantComplimentary, { body: { id, until } });

export const endComplimentary = (id: string) => api.call(adminEndpoints.endComplimentary, { body: { id } });

export const getUsage = (days: number, signal?: AbortSignal) =>
  api.call(adminEndpoints.usage, { query: { days }, signal });

export const getBusiness = (days: number, signal?: AbortSignal) =>
  api.call(adminEndpoints.business, { query: { days }, signal });

export const deletePerson = (id: string, confirmation: string) =>
  api.call(adminEndpoints.deletePerson, { body: { id, confirmation } });

export const confirmPassword = (password: string) => api.call(accountEndpoints.confirmPassword, { body: { password } });
