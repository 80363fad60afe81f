import * as admin from '../admin';
import { adminEndpoints as entries } from './admin';
import { withInputSchemas } from './input-schemas';

/** `./admin.ts` with the schemas that check each entry's input: the server makes its routes from these. */
export const adminEndpoints = withInputSchemas(entries, {
  people: { query: admin.AdminPeopleQuerySchema },
  signOutEverywhere: { body: admin.AdminPersonBodySchema },
  suspend: { body: admin.AdminSuspendBodySchema },
  restore: { body: admin.AdminPersonBodySchema },
  resetLink: { body: admin.AdminPersonBodySchema },
  grantComplimentary: { body: admin.AdminComplimentaryBodySchema },
  endComplimentary: { body: admin.AdminPersonBodySchema },
  deletePerson: { body: admin.AdminDeleteBodySchema },
  usage: { query: admin.AdminUsageQuerySchema },
  business: { query: admin.AdminBusinessQuerySchema },
});
