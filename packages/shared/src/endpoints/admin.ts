import type {
  AdminAuditResponse,
  AdminBusinessQuerySchema,
  AdminBusinessResponse,
  AdminComplimentaryBodySchema,
  AdminDeleteBodySchema,
  AdminPersonChangedResponse,
  AdminSuspendBodySchema,
  AdminUsageQuerySchema,
  AdminUsageResponse,
  ResetLinkResponse,
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
  suspend: post('/api/admin/people/suspend', { encoding: 'json' }),
  restore: post('/api/admin/people/restore', { encoding: 'json' }),
  resetLink: post('/api/admin/people/reset-link', { encoding: 'json' }),
  grantComplimentary: post('/api/admin/people/complimentary', { encoding: 'json' }),
  endComplimentary: post('/api/admin/people/complimentary/end', { encoding: 'json' }),
  deletePerson: post('/api/admin/people/delete', { encoding: 'json' }),
  usage: get('/api/admin/usage'),
  business: get('/api/admin/business'),
  audit: get('/api/admin/audit'),
});

type AdminShapes = {
  people: { query: typeof AdminPeopleQuerySchema; response: AdminPeopleResponse };
  signOutEverywhere: { body: typeof AdminPersonBodySchema; response: SignOutEverywhereResponse };
  suspend: { body: typeof AdminSuspendBodySchema; response: AdminPersonChangedResponse };
  restore: { body: typeof AdminPersonBodySchema; response: AdminPersonChangedResponse };
  resetLink: { body: typeof AdminPersonBodySchema; response: ResetLinkResponse };
  grantComplimentary: { body: typeof AdminComplimentaryBodySchema; response: AdminPersonChangedResponse };
  endComplimentary: { body: typeof AdminPersonBodySchema; response: AdminPersonChangedResponse };
  deletePerson: { body: typeof AdminDeleteBodySchema; response: { ok: true } };
  usage: { query: typeof AdminUsageQuerySchema; response: AdminUsageResponse };
  business: { query: typeof AdminBusinessQuerySchema; response: AdminBusinessResponse };
  audit: { response: AdminAuditResponse };
};
