import { config, z } from 'zod';

// Zod compiles a fast parser for each object schema with `new Function` when it may. The page's security policy
// forbids eval, so in the browser that attempt is a CSP violation; parsing without it is as correct and fast enough
// for our payloads. It must be set before any schema is built (zod decides per schema, when the schema is made), so
// every shared module takes `z` from here, never from 'zod' itself (an ESLint rule keeps it so).
// Called as `config`, not `z.config`: the web build treats calls on `z` as pure (schemas no screen uses are dropped),
// and this one must stay.
config({ jitless: true });

export { z };
