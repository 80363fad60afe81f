import { healthAndConfigEndpoints as entries } from './health-and-config';
import { withInputSchemas } from './input-schemas';

/** `./health-and-config.ts` with the schemas that check each entry's input: the server makes its routes from these. */
export const healthAndConfigEndpoints = withInputSchemas(entries, {});
