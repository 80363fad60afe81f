import type { Endpoint } from '@turtle/shared/endpoints/endpoint';

/** Path parameters and query values as an endpoint's input gives them; an undefined query value is left out. */
export interface UrlInput {
  params?: object;
  query?: object;
}

/**
 * The URL of an endpoint table entry (docs/api.md "The endpoint table"): its path with each `:name` filled in, and
 * its query form-encoded in the order given. Downloads, the sign-in popup and reads started ahead use it as it is.
 */
export function apiUrl(endpoint: Endpoint, input: UrlInput = {}): string {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined) query.append(name, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
