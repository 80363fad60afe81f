import type {
  AccountResponse,
  ChangePasswordBodySchema,
  ConfirmPasswordBodySchema,
  DeleteAccountBodySchema,
  OkResponse,
} from '../account';
import { endpointTable, get, post } from './endpoint';

/** docs/api.md "Account". */
export const accountEndpoints = endpointTable<AccountShapes>()({
  get: get('/api/account'),
  changePassword: post('/api/account/password', { encoding: 'json' }),
  delete: post('/api/account/delete', { encoding: 'json' }),
  /** The password entered again: an administrator's destructive actions ask for it within 15 minutes. */
  confirmPassword: post('/api/account/confirm-password', { encoding: 'json' }),
});

/** What each entry above takes and answers: its body, query and path parameters (as schemas) and its answer. */
type AccountShapes = {
  get: { response: AccountResponse };
  changePassword: { body: typeof ChangePasswordBodySchema; response: OkResponse };
  delete: { body: typeof DeleteAccountBodySchema; response: OkResponse };
  confirmPassword: { body: typeof ConfirmPasswordBodySchema; response: OkResponse };
};
