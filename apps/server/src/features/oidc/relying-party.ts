import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import type { SignInConfig } from '../../config/config';
import type { DevOidcProvider } from '../../providers/identity/dev-oidc-provider';

export type RelyingParty = (appOrigin: string) => Promise<client.Configuration>;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The openid-client configuration for the configured provider, discovered once and kept. Plain http is allowed
 * only for the development provider and for issuers on loopback (tests); real providers must use https.
 */
export function createRelyingParty(
  app: FastifyInstance,
  signIn: Exclude<SignInConfig, { kind: 'off' }>,
  devProviderFor: (appOrigin: string) => DevOidcProvider,
): RelyingParty {
  const cache = new Map<string, Promise<client.Configuration>>();
  const discover = (key: string, load: () => Promise<client.Configuration>) => {
    let found = cache.get(key);
    if (!found) {
      found = load();
      // A failed discovery (provider down) is retried on the next sign-in, not remembered.
      found.catch(() => cache.delete(key));
      cache.set(key, found);
    }
    return found;
  };

  if (signIn.kind === 'oidc') {
    const issuer = new URL(signIn.issuer);
    return () =>
      discover('oidc', () =>
        client.discovery(
          issuer,
          signIn.clientId,
          signIn.clientSecret,
          signIn.clientSecret ? undefined : client.None(),
          issuer.protocol === 'http:' && LOOPBACK_HOSTS.has(issuer.hostname)
            ? { execute: [client.allowInsecureRequests] }
            : undefined,
        ),
      );
  }

  // The development provider is inside this very server: its HTTP calls go straight in, not over the network.
  return (appOrigin) =>
    discover(appOrigin, () => {
      const dev = devProviderFor(appOrigin);
      return client.discovery(new URL(dev.issuer), dev.clientId, dev.clientSecret, undefined, {
        execute: [client.allowInsecureRequests],
        [client.customFetch]: injectFetch(app),
      });
    });
}

function injectFetch(app: FastifyInstance): client.CustomFetch {
  return async (url, options) => {
    const target = new URL(url);
    const headers = Object.fromEntries(
      new Headers(options.headers as ConstructorParameters<typeof Headers>[0]).entries(),
    );
    const response = await app.inject({
      method: options.method as 'GET' | 'POST',
      url: target.pathname + target.search,
      headers: { ...headers, host: target.host },
      payload: options.body === undefined || options.body === null ? undefined : String(options.body),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers: responseHeaders,
    });
  };
}
