import type { Endpoint, InputSchemasOf } from './endpoint';

/** An entry with the schemas that check its inputs: what the server registers a route from. */
export type CheckedEndpoint<E extends Endpoint = Endpoint> = E & { readonly schemas: InputSchemasOf<E> };

/** The entries of a table that take a body, a query or path parameters, each with exactly those schemas. */
type SchemasFor<T extends Record<string, Endpoint>> = {
  [K in keyof T as keyof InputSchemasOf<T[K]> extends never ? never : K]: InputSchemasOf<T[K]>;
};

/**
 * Binds each entry of a table to the schemas of the inputs its shapes name. The compiler holds the two together: a
 * missing schema, one for an input the entry does not take, or another schema than the one the entry names, fails
 * to compile.
 */
export function withInputSchemas<T extends Record<string, Endpoint>>(
  table: T,
  schemas: SchemasFor<T>,
): { readonly [K in keyof T]: CheckedEndpoint<T[K]> } {
  const byName = schemas as Record<string, object | undefined>;
  const checked: Record<string, CheckedEndpoint> = {};
  for (const [name, endpoint] of Object.entries(table)) checked[name] = { ...endpoint, schemas: byName[name] ?? {} };
  return checked as { readonly [K in keyof T]: CheckedEndpoint<T[K]> };
}
