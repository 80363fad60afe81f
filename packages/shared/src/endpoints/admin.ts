import type {
  AdminAuditResponse,
  AdminPeopleQuerySchema,
  AdminPeopleResponse,
  AdminPersonBodySchema,
  SignOutEverywhereResponse,
} from '../admin';
import { endpointTable, get, post } from './endpoint';

/** docs/api.md "Administration": an administrator's calls; to anyone else each answers 404. */
export const adminEndpoints = endpointTable<AdminShapes>()({
  people: get('/api/admin/people'),
  signOutEverywhere: post('/api/admin/people/sign-out-everywhere', { encoding: 'json' }),
  audit: get('/api/admin/audit'),
});

type AdminShapes = {
  people: { query: typeof AdminPeopleQuerySchema; response: AdminPeopleResponse };
  signOutEverywhere: { body: typeof AdminPersonBodySchema; response: SignOutEverywhereResponse };
  audit: { response: AdminAuditResponse };
};
