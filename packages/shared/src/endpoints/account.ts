import type { AccountResponse, ChangePasswordBodySchema, DeleteAccountBodySchema, OkResponse } from '../account';
import { defineEndpoints, shapes } from './endpoint';

/** docs/api.md "Account". */
export const accountEndpoints = defineEndpoints({
  get: { method: 'GET', path: '/api/account', shapes: shapes<{ response: AccountResponse }>() },
  changePassword: {
    method: 'POST',
    path: '/api/account/password',
    encoding: 'json',
    shapes: shapes<{ body: typeof ChangePasswordBodySchema; response: OkResponse }>(),
  },
  delete: {
    method: 'POST',
    path: '/api/account/delete',
    encoding: 'json',
    shapes: shapes<{ body: typeof DeleteAccountBodySchema; response: OkResponse }>(),
  },
});
