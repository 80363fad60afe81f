import * as account from '../account';
import { accountEndpoints as entries } from './account';
import { withInputSchemas } from './input-schemas';

/** `./account.ts` with the schemas that check each entry's input: the server makes its routes from these. */
export const accountEndpoints = withInputSchemas(entries, {
  changePassword: { body: account.ChangePasswordBodySchema },
  delete: { body: account.DeleteAccountBodySchema },
  confirmPassword: { body: account.ConfirmPasswordBodySchema },
});
