import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';
import type { Endpoint, KindOf, ParsedInputOf, ResponseOf } from '@turtle/shared/endpoints/endpoint';
import type { CheckedEndpoint } from '@turtle/shared/endpoints/input-schemas';
import { parseInput } from './validate';

export interface RouteOptions<U> extends Omit<RouteShorthandOptions, 'config'> {
  /** The route's config; `accepts` comes from the entry's `encoding`. */
  config?: Omit<FastifyContextConfig, 'accepts'>;
  /**
   * Who is calling (`requireUser`), asked before the input is checked, so a signed-out call answers 401 whatever it
   * sent. Without it the input is checked first and the handler asks itself, when and if it needs to.
   */
  user?: (request: FastifyRequest) => U;
}

/** What a handler gets: its inputs, parsed by the entry's schemas (a file body as its bytes), and the caller. */
export type RouteInput<E extends Endpoint, U> = ParsedInputOf<E, Buffer> &
  ([U] extends [undefined] ? object : { user: U });

/** A `json` endpoint's handler answers the entry's type; the others send their stream, file or page themselves. */
export type RouteAnswer<E extends Endpoint> =
  KindOf<E> extends 'json' ? ResponseOf<E> : ResponseOf<E> | FastifyReply | void;

/** What `route()` registered, by server (an encapsulated plugin's instance shares its parent's). */
const registered = new WeakMap<object, Endpoint[]>();

/** The entries `route()` registered routes from on this app (tests compare them with the table and the routes). */
export function endpointsRegisteredOn(app: FastifyInstance): readonly Endpoint[] {
  return registered.get(app.server) ?? [];
}

/**
 * Registers the route of one endpoint table entry (docs/api.md "The endpoint table"): its method and path, its body
 * encoding as `config.accepts`, and its body, query and path parameters checked by the entry's schemas with
 * `parseInput` (the one 400 `validation` answer) before the handler runs. A `page` entry's handler checks its own
 * input, since a refused one gets the page's own answer, not JSON. Answers are sent as the handler returns them.
 */
export function route<E extends CheckedEndpoint, U = undefined>(
  app: FastifyInstance,
  endpoint: E,
  options: RouteOptions<U>,
  handler: NoInfer<(input: RouteInput<E, U>, request: FastifyRequest, reply: FastifyReply) => Promise<RouteAnswer<E>>>,
): void {
  const { user, config, ...rest } = options;
  const schemas: { body?: z.ZodType; query?: z.ZodType; params?: z.ZodType } = endpoint.schemas;
  const checksInput = endpoint.kind !== 'page';
  const wrapped = async (request: FastifyRequest, reply: FastifyReply) => {
    const input: Record<string, unknown> = {};
    if (user) input.user = user(request);
    if (checksInput) {
      if (schemas.params) input.params = parseInput(schemas.params, request.params ?? {});
      if (schemas.query) input.query = parseInput(schemas.query, request.query ?? {});
      if (schemas.body) input.body = parseInput(schemas.body, request.body ?? {});
      else if (endpoint.encoding === 'binary') input.body = request.body;
    }
    return handler(input as RouteInput<E, U>, request, reply);
  };
  registered.set(app.server, [...endpointsRegisteredOn(app), endpoint]);
  const accepts = endpoint.encoding ? { accepts: endpoint.encoding } : {};
  app.route({
    ...rest,
    ...(config || endpoint.encoding ? { config: { ...config, ...accepts } } : {}),
    method: endpoint.method,
    url: endpoint.path,
    handler: wrapped,
  });
}
